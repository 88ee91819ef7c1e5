// The chat door runs the tool specs without their schemas: zod (about 450 KB minified) stays out of
// dist/features.js, which every first command loads. Only the MCP door and the manifest script build schemas.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import * as esbuild from 'esbuild';

const root = join(__dirname, '..', '..', '..');

void describe('features bundle', () => {
  void it('holds the tool specs but neither zod nor the MCP server', async () => {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: ['src/host/bundles/features.ts'],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      external: ['vscode'],
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    assert.ok(
      inputs.some((i) => i.startsWith('src/tools/specs/')),
      'the chat tools run the specs',
    );
    assert.deepEqual(
      inputs.filter((i) => /node_modules\/zod\/|^src\/mcp\/|@modelcontextprotocol/.test(i)),
      [],
    );
  });
});
