// The stable copy of the MCP server (src/host/mcp/stableServer.ts): the launcher path stays the same across
// versions, still runs once the extension folder it was copied from is gone, follows mcp.js's requires,
// keeps the previous copy (a running server may still load its core from it) and removes older ones.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { installStableServer, STABLE_DIR } from '../../../../src/host/mcp/stableServer.js';

const work = mkdtempSync(join(tmpdir(), 'vstk-stable-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** A dist/ folder whose mcp.js prints its version and what the bundle it requires says. */
function fakeDist(version: string): string {
  const dist = join(work, `ext-${version}`, 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(
    join(dist, 'mcp.js'),
    `const core = require("./core.js"); process.stdout.write("${version} " + core.name + " " + process.argv.slice(2).join(","));\n`,
  );
  writeFileSync(join(dist, 'core.js'), `module.exports = { name: require("./extra.js") };\n`);
  writeFileSync(join(dist, 'extra.js'), `module.exports = "core-${version}";\n`);
  writeFileSync(join(dist, 'extension.js'), '// not part of the server\n');
  return dist;
}

function run(launcher: string): string {
  return execFileSync(process.execPath, [launcher, '--allow-send'], { encoding: 'utf8' });
}

void describe('stable MCP server copy', () => {
  const storage = join(work, 'globalStorage');

  void it('keeps one launcher path across updates, runs without the extension folder, and prunes old copies', async () => {
    const d1 = fakeDist('0.1.0');
    const first = await installStableServer(d1, storage, '0.1.0');
    assert.equal(first.launcher, join(storage, STABLE_DIR, 'mcp.js'));
    assert.equal(run(first.launcher), '0.1.0 core-0.1.0 --allow-send', 'the launcher runs the copy with its arguments');
    assert.deepEqual(
      readdirSync(join(storage, STABLE_DIR, first.copy)).sort(),
      ['core.js', 'extra.js', 'mcp.js'],
      'what mcp.js requires, only',
    );

    // The update: the editor installs the new folder and deletes the old one.
    const d2 = fakeDist('0.2.0');
    rmSync(join(work, 'ext-0.1.0'), { recursive: true, force: true });
    assert.equal(run(first.launcher), '0.1.0 core-0.1.0 --allow-send', 'the copy does not need the extension folder');
    const second = await installStableServer(d2, storage, '0.2.0');
    assert.equal(second.launcher, first.launcher, 'the path agents run does not change');
    assert.equal(run(second.launcher), '0.2.0 core-0.2.0 --allow-send');
    const dirs = (): string[] =>
      readdirSync(join(storage, STABLE_DIR), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name);
    assert.deepEqual(dirs().sort(), [first.copy, second.copy].sort(), 'the previous copy stays for servers still running');

    const again = await installStableServer(d2, storage, '0.2.0');
    assert.equal(again.copy, second.copy, 'the same files make the same copy');
    const third = await installStableServer(fakeDist('0.3.0'), storage, '0.3.0');
    assert.deepEqual(dirs().sort(), [second.copy, third.copy].sort(), 'older copies are removed');
    assert.equal(run(third.launcher), '0.3.0 core-0.3.0 --allow-send');
  });

  void it('is CommonJS whatever package.json lies above it', async () => {
    const esmHome = join(work, 'esm-home');
    mkdirSync(esmHome, { recursive: true });
    writeFileSync(join(esmHome, 'package.json'), '{ "type": "module" }\n');
    const s = await installStableServer(fakeDist('0.4.0'), join(esmHome, 'storage'), '0.4.0');
    assert.equal(run(s.launcher), '0.4.0 core-0.4.0 --allow-send');
  });

  void it('carries the panel files the Apps page reads beside it, under webview/ as in dist/', async () => {
    const dist = fakeDist('0.5.0');
    mkdirSync(join(dist, 'webview'));
    // As dist/mcpApp.js names them (src/mcpApp/page.ts); the other panels' files stay behind.
    writeFileSync(join(dist, 'core.js'), 'module.exports = { name: require("./extra.js"), page: () => require("./mcpApp.js") };\n');
    writeFileSync(join(dist, 'mcpApp.js'), 'const files = ["./webview/chart.js", "./webview/webview.css"];\n');
    writeFileSync(join(dist, 'webview', 'chart.js'), 'chart();\n');
    writeFileSync(join(dist, 'webview', 'webview.css'), 'body{}\n');
    writeFileSync(join(dist, 'webview', 'trend.js'), 'trend();\n');
    const s = await installStableServer(dist, join(work, 'page-storage'), '0.5.0');
    const copy = join(work, 'page-storage', STABLE_DIR, s.copy);
    assert.deepEqual(readdirSync(copy).sort(), ['core.js', 'extra.js', 'mcp.js', 'mcpApp.js', 'webview']);
    assert.deepEqual(readdirSync(join(copy, 'webview')).sort(), ['chart.js', 'webview.css']);
    assert.equal(run(s.launcher), '0.5.0 core-0.5.0 --allow-send');
  });
});
