// The README the installed extension shows: the user-facing README plus the user pages of docs/, every
// image it links inside the VSIX (or an https URL), every in-page link landing on a heading. The file list
// comes from vsce itself (`vsce ls`, the same .vscodeignore the package script uses), so an allow-list
// change that drops the screenshots fails here.
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
  SHIPPED_SCREENSHOTS,
  shippedImagePath,
  unresolvedImages,
  USER_PAGES,
  userPages,
} from '../../../scripts/editor/packagedReadme.js';
import { pathWithProjectNode, projectBin, repoRoot } from '../../../scripts/editor/paths.js';

const read = (file: string): string => readFileSync(path.join(repoRoot, file), 'utf8');
const readme = read('README.md');
const packaged = packagedReadme(readme, userPages(read));

function vsixFiles(): Set<string> {
  const out = execFileSync(path.join(projectBin, 'vsce'), ['ls', '--no-dependencies'], {
    cwd: repoRoot,
    env: { ...process.env, PATH: pathWithProjectNode() },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Set(out.split('\n').map((l) => l.trim()).filter(Boolean));
}

/** Pages given as a map, for the small examples below. */
const only = (extra: Record<string, string> = {}): Map<string, string> =>
  new Map(USER_PAGES.map((p) => [p, extra[p] ?? `# ${path.posix.basename(p, '.md')}\n`]));

void describe('packaged README', () => {
  void it('links only images the VSIX carries, and shows every shipped screenshot', () => {
    const files = vsixFiles();
    assert.deepEqual(unresolvedImages(packaged, files), []);
    for (const name of SHIPPED_SCREENSHOTS) {
      assert.ok(files.has(shippedImagePath(name)), `${shippedImagePath(name)} is not in the VSIX (npm run readme:images)`);
      assert.ok(packaged.includes(`](${shippedImagePath(name)})`), `${name} is not shown in the packaged README`);
    }
    // The repository README as it is would be broken once installed: that is what the rewrite is for.
    assert.ok(unresolvedImages(readme, files).length > 0);
  });

  void it('carries every user page, one level down, and every link to them lands on a heading', () => {
    for (const page of USER_PAGES) {
      const title = /^# (.+)$/m.exec(read(page))![1]!;
      assert.ok(packaged.includes(`\n## ${title}\n`), `${page} ("${title}") is not in the packaged README`);
      assert.ok(readme.includes(`](${page}`), `README does not link ${page}`);
    }
    assert.deepEqual(danglingAnchors(packaged), []);
    // No link is left pointing at docs/ (the VSIX has no docs folder) or at the repository README.
    assert.deepEqual([...packaged.matchAll(/\]\(((?:docs\/|\.\.\/)[^)]*)\)/g)].map((m) => m[1]), []);
    // Facts that moved out of README.md reach the installed README.
    for (const fact of ['Signature = base64(HMAC-SHA256', '`voiceSms.checkConnection`', 'voiceSms_sendTestSms', 'Corporate TLS', 'never retried']) {
      assert.ok(packaged.includes(fact), `${fact} is missing from the packaged README`);
    }
  });

  void it('leaves out the contributor sections (each up to the next ## heading) and links to them', () => {
    const md = ['# T', '', '## Install', 'npm ci && npm run package', '', '## Using it', 'Use it. See [Contributing](#contributing).', '', '## Contributing', 'npm ci', '### Layout', 'src/', '', '## License', 'MIT'].join('\n');
    assert.equal(
      packagedReadme(md, only()),
      ['# T', '', '## Using it', 'Use it. See Contributing.', '', ...USER_PAGES.flatMap((p) => [`## ${path.posix.basename(p, '.md')}`, '']), '## License', 'MIT'].join('\n'),
    );
    for (const title of CONTRIBUTOR_SECTIONS) assert.ok(!packaged.includes(`\n## ${title}\n`), `${title} is in the packaged README`);
    assert.ok(!packaged.includes('npm ci'), 'the contributor setup is in the packaged README');
    assert.ok(packaged.includes('## Quick start') && packaged.includes('## Security') && packaged.includes('## License'));
  });

  void it('resolves a page\'s own paths from docs/ and turns links to its pages into anchors', () => {
    const usage = [
      '# Using it',
      '',
      '| | |',
      '|---|---|',
      '| ![a](screenshots/nope.png) | ![b](screenshots/month-view.png) |',
      '',
      '## Sign in',
      'See [the simulator](../src/simulator/README.md), [auth](authentication.md), [perf](performance.md), [here](#sign-in), [changes](../CHANGELOG.md) and ![x](https://example.org/x.png).',
    ].join('\n');
    const md = ['# T', '', 'Read [usage](docs/usage.md), [sign-in](docs/usage.md#sign-in) and [site](https://example.org).', '', '## License', 'MIT'].join('\n');
    const out = packagedReadme(md, only({ 'docs/usage.md': usage }));
    assert.ok(out.startsWith(['# T', '', 'Read [usage](#using-it), [sign-in](#sign-in) and [site](https://example.org).', '', '## Using it', '', '![b](media/readme/month-view.webp)', '', '### Sign in',
      'See the simulator, [auth](#authentication), perf, [here](#sign-in), [changes](CHANGELOG.md) and ![x](https://example.org/x.png).'].join('\n')), out);
    assert.ok(out.endsWith('## License\nMIT'));
  });

  void it('makes anchors the way the editor\'s preview does', () => {
    assert.equal(headingSlug('How we read the service (assumptions where the spec is silent)'), 'how-we-read-the-service-assumptions-where-the-spec-is-silent');
    assert.equal(headingSlug('Proxies, certificates and Check Connection'), 'proxies-certificates-and-check-connection');
    assert.equal(headingSlug('Copy as cURL and raw answers'), 'copy-as-curl-and-raw-answers');
  });
});
