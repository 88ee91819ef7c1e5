// The README the installed extension shows: every image it links must be inside the VSIX (or an
// https URL). The file list comes from vsce itself (`vsce ls`, the same .vscodeignore the package
// script uses), so an allow-list change that drops the screenshots fails here.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { CONTRIBUTOR_SECTIONS, packagedReadme, SHIPPED_SCREENSHOTS, shippedImagePath, unresolvedImages } from '../../../scripts/editor/packagedReadme.js';
import { pathWithProjectNode, projectBin, repoRoot } from '../../../scripts/editor/paths.js';

const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');

function vsixFiles(): Set<string> {
  const out = execFileSync(path.join(projectBin, 'vsce'), ['ls', '--no-dependencies'], {
    cwd: repoRoot,
    env: { ...process.env, PATH: pathWithProjectNode() },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Set(out.split('\n').map((l) => l.trim()).filter(Boolean));
}

void describe('packaged README', () => {
  void it('links only images the VSIX carries, and shows every shipped screenshot', () => {
    const files = vsixFiles();
    const packaged = packagedReadme(readme);
    assert.deepEqual(unresolvedImages(packaged, files), []);
    for (const name of SHIPPED_SCREENSHOTS) {
      assert.ok(files.has(shippedImagePath(name)), `${shippedImagePath(name)} is not in the VSIX (npm run readme:images)`);
      assert.ok(packaged.includes(`](${shippedImagePath(name)})`), `${name} is not shown in the packaged README`);
    }
    // The repository README as it is would be broken once installed: that is what the rewrite is for.
    assert.ok(unresolvedImages(readme, files).length > 0);
  });

  void it('leaves out the contributor sections (each up to the next ## heading) and links to them', () => {
    const md = ['# T', '', '## Using it', 'Use it. See [Performance](#performance).', '', '## Development', 'npm ci', '### Layout', 'src/', '', '## Performance', '| a |', '', '## License', 'MIT'].join('\n');
    assert.equal(packagedReadme(md), ['# T', '', '## Using it', 'Use it. See Performance.', '', '## License', 'MIT'].join('\n'));
    const packaged = packagedReadme(readme);
    for (const title of CONTRIBUTOR_SECTIONS) assert.ok(!packaged.includes(`\n## ${title}\n`), `${title} is in the packaged README`);
    assert.ok(!packaged.includes('npm ci'), 'the contributor setup is in the packaged README');
    assert.ok(packaged.includes('## Quick start') && packaged.includes('## Security') && packaged.includes('## License'));
  });

  void it('keeps the text, turns links to files outside the VSIX into plain text, and drops emptied tables', () => {
    const md = [
      '# T',
      '',
      '| | |',
      '|---|---|',
      '| ![a](docs/screenshots/nope.png) | ![b](docs/screenshots/month-view.png) |',
      '',
      'See [the simulator](src/simulator/README.md), [changes](CHANGELOG.md), [site](https://example.org) and ![x](https://example.org/x.png).',
    ].join('\n');
    assert.equal(packagedReadme(md), [
      '# T',
      '',
      '![b](media/readme/month-view.webp)',
      '',
      'See the simulator, [changes](CHANGELOG.md), [site](https://example.org) and ![x](https://example.org/x.png).',
    ].join('\n'));
  });
});
