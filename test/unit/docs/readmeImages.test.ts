// The README and its docs/ pages show the real UI: every image they link must be in the repository
// (npm run screenshots refreshes them), resolved from the page's own folder, and every link to another
// page of the repository must reach a file (and, with a #fragment, one of its headings).
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { headingAnchors } from '../../../scripts/editor/packagedReadme.js';

const root = path.join(__dirname, '..', '..', '..');
const pages = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const local = (t: string): boolean => !/^(https?:|mailto:)/.test(t);

function targets(page: string, re: RegExp): { page: string; target: string; file: string; fragment?: string }[] {
  const text = readFileSync(path.join(root, page), 'utf8');
  return [...text.matchAll(re)]
    .map((m) => m[1]!)
    .filter(local)
    .map((target) => {
      const [rel, fragment] = target.split('#', 2) as [string, string | undefined];
      const file = rel === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), rel));
      return { page, target, file, fragment };
    });
}

const images = pages.flatMap((p) => targets(p, /!\[[^\]]*\]\(([^)\s]+)\)/g));
const links = pages.flatMap((p) => targets(p, /(?<!!)\[[^\]]+\]\(([^)\s]+)\)/g));

void describe('README and docs images', () => {
  void it('links screenshots at all, and the README shows at least one', () => {
    assert.ok(images.length >= 20, `only ${images.length} images linked`);
    assert.ok(images.some((i) => i.page === 'README.md'));
  });

  void it('every linked image exists in the repository, from the page that links it', () => {
    const missing = images.filter((i) => !existsSync(path.join(root, i.file))).map((i) => `${i.page}: ${i.target}`);
    assert.deepEqual(missing, [], `images that are not committed (run npm run screenshots), or a wrong relative path: ${missing.join(', ')}`);
  });

  void it('every link to a repository file reaches it, and its #fragment a heading there', () => {
    const broken = links
      .filter((l) => {
        if (!existsSync(path.join(root, l.file))) return true;
        if (l.fragment === undefined || !l.file.endsWith('.md')) return false;
        return !headingAnchors(readFileSync(path.join(root, l.file), 'utf8')).has(`#${l.fragment}`);
      })
      .map((l) => `${l.page}: ${l.target}`);
    assert.deepEqual(broken, []);
  });

  void it('every docs page is linked from the README', () => {
    const linked = new Set(links.filter((l) => l.page === 'README.md').map((l) => l.file));
    assert.deepEqual(pages.filter((p) => p.startsWith('docs/') && !linked.has(p)), []);
  });
});
