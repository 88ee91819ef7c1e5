// The README the installed extension and the marketplace show: short, its images and pages inside the VSIX. The file
// list comes from vsce itself (`vsce ls`, the same .vscodeignore the package script uses), so an allow-list change that
// drops a screenshot or a linked page fails here; vsixReadmeProblems is the check `npm run package` runs on the built
// VSIX (scripts/editor/vsixReadme.ts), shown here what it must refuse.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import {
  CONTRIBUTOR_SECTIONS,
  danglingAnchors,
  headingSlug,
  packagedReadme,
  SHIPPED_PAGES,
  SHIPPED_SCREENSHOTS,
  shippedImagePath,
  unresolvedImages,
  VSIX_NAMES,
  vsixReadmeProblems,
} from '../../../scripts/editor/packagedReadme.js';
import { pathWithProjectNode, projectBin, repoRoot } from '../../../scripts/editor/paths.js';

const read = (file: string): string => readFileSync(path.join(repoRoot, file), 'utf8');
const readme = read('README.md');
const packaged = packagedReadme(readme);

/** What `vsce ls` lists, under the names vsce gives those files inside the VSIX (CHANGELOG.md → changelog.md). */
function vsixFiles(): Set<string> {
  const out = execFileSync(path.join(projectBin, 'vsce'), ['ls', '--no-dependencies'], {
    cwd: repoRoot,
    env: { ...process.env, PATH: pathWithProjectNode() },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Set(
    out
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .map((f) => VSIX_NAMES.get(f) ?? f),
  );
}

/** The packaged README and the shipped pages as vsixReadmeProblems reads a VSIX (other files: null). */
function asVsix(files: ReadonlySet<string>, page: string): Map<string, string | null> {
  const map = new Map<string, string | null>([...files].map((f) => [f, null]));
  map.set('readme.md', page);
  for (const p of SHIPPED_PAGES) if (files.has(p)) map.set(p, read(p));
  map.set('changelog.md', read('CHANGELOG.md'));
  return map;
}

void describe('packaged README', () => {
  void it('links only images, pages, the changelog and the license that vsce ls lists, and shows every shipped screenshot', () => {
    const files = vsixFiles();
    assert.deepEqual(unresolvedImages(packaged, files), []);
    for (const name of SHIPPED_SCREENSHOTS) {
      assert.ok(files.has(shippedImagePath(name)), `${shippedImagePath(name)} is not in the VSIX (npm run readme:images)`);
      assert.ok(packaged.includes(`](${shippedImagePath(name)})`), `${name} is not shown in the packaged README`);
    }
    for (const target of ['changelog.md', 'LICENSE.txt', 'docs/mcp.md']) assert.ok(packaged.includes(`](${target}`), `no link to ${target}`);
    assert.deepEqual(vsixReadmeProblems(asVsix(files, packaged)), []);
    // The repository README as it is would be broken once installed: that is what the rewrite is for.
    assert.ok(vsixReadmeProblems(asVsix(files, readme)).length > 0);
  });

  void it('is short: no contributor set-up, no settings table, no bench table, every in-page link on a heading', () => {
    assert.ok(packaged.length < 12_000, `${packaged.length} characters`);
    for (const title of CONTRIBUTOR_SECTIONS) assert.ok(!packaged.includes(`\n## ${title}\n`), `${title} is in the packaged README`);
    for (const text of ['npm ci', 'npm test', '| Setting |', '| Row |', 'apt-get']) assert.ok(!packaged.includes(text), `${text} is in the packaged README`);
    assert.ok(packaged.includes('## Quick start') && packaged.includes('## Features') && packaged.includes('## Security'));
    assert.deepEqual(danglingAnchors(packaged), []);
  });

  void it('refuses a VSIX whose README links what it lacks, shows too few images or carries the set-up', () => {
    const files = new Map<string, string | null>([
      ['media/readme/a.webp', null],
      ['docs/mcp.md', '# MCP\n\n## Flags\n\nSee [usage](usage.md).'],
    ]);
    const page = [
      '# T',
      '![a](media/readme/a.webp) ![b](media/readme/b.webp)',
      '[changes](CHANGELOG.md), [license](LICENSE), [flags](docs/mcp.md#flags), [nope](docs/mcp.md#nope), [here](#t)',
      '```sh',
      'npm ci && see [not a link](CHANGELOG.md)',
      '```',
      'npm test',
    ].join('\n');
    files.set('readme.md', page);
    assert.deepEqual(vsixReadmeProblems(files), [
      '2 images, not 4 to 6',
      'readme.md: image media/readme/b.webp is not in the VSIX',
      'readme.md: contributor set-up or the bench table',
      'readme.md: CHANGELOG.md is not in the VSIX',
      'readme.md: LICENSE is not in the VSIX',
      'readme.md: docs/mcp.md#nope lands on no heading',
      'docs/mcp.md: usage.md is not in the VSIX',
    ]);
  });

  void it('drops the contributor sections, keeps shipped pages, turns other links into text and drops bare pointers', () => {
    const md = [
      '# T',
      '',
      '![hero](docs/screenshots/month-view.png)',
      '',
      '## Install',
      'npm ci && npm run package',
      '',
      '## Features',
      '- **Watch.** It ticks. [More](docs/usage.md#watch-and-alerts)',
      '- See [usage](docs/usage.md), [MCP](docs/mcp.md#flags), [changes](CHANGELOG.md) and [site](https://example.org).',
      '',
      '| A | B |',
      '|---|---|',
      '| ![a](docs/screenshots/nope.png) | ![b](docs/screenshots/sms-05-sent.png) |',
      '',
      '## Contributing',
      'npm test. MIT — see [LICENSE](LICENSE).',
    ].join('\n');
    const out = packagedReadme(md);
    assert.ok(
      out.startsWith(
        [
          '# T',
          '',
          '![hero](media/readme/month-view.webp)',
          '',
          '## Features',
          '- **Watch.** It ticks.',
          '- See usage, [MCP](docs/mcp.md#flags), [changes](changelog.md) and [site](https://example.org).',
          '',
          '![b](media/readme/sms-05-sent.webp)',
          '',
          '## Release notes and license',
        ].join('\n'),
      ),
      out,
    );
    assert.ok(out.includes('[LICENSE](LICENSE.txt)'));
  });

  void it("makes anchors the way the editor's preview does", () => {
    assert.equal(headingSlug('How we read the service (assumptions where the spec is silent)'), 'how-we-read-the-service-assumptions-where-the-spec-is-silent');
    assert.equal(headingSlug('Proxies, certificates and Check Connection'), 'proxies-certificates-and-check-connection');
    assert.equal(headingSlug('Try it without an account: `--demo`'), 'try-it-without-an-account---demo');
  });
});
