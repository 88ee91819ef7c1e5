// The README as the installed extension and the marketplace show it: the user-facing part of README.md, short. The
// contributor sections (build from source, settings table, docs index, Contributing) are left out, and so are the
// links the VSIX cannot follow: it holds a few screenshots (media/readme/*.webp, made by `npm run readme:images`) and
// the pages in SHIPPED_PAGES as they are, and vsce stores CHANGELOG.md as changelog.md and LICENSE as LICENSE.txt.
// Every other image goes, and every other link becomes its text (a bare "More" pointer goes whole). Pure: the package
// script and the tests use it; vsixReadmeProblems checks the result inside a built VSIX.
import * as path from 'node:path';

/** Screenshots shipped in the VSIX: docs/screenshots/<name>.png → media/readme/<name>.webp. */
export const SHIPPED_SCREENSHOTS = ['month-view', 'overview-04-dark', 'watch-01-status-bar', 'sms-05-sent'] as const;

/** The packaged copy, written at the repository root while `npm run package` runs (git-ignored). */
export const PACKAGED_README = 'README.vsix.md';

/** Pages the VSIX carries as they are (their own links stay inside the page), linked from the packaged README. */
export const SHIPPED_PAGES = ['docs/mcp.md'] as const;

/** A repository file a README link may name → the name vsce gives it inside the VSIX's extension/ folder. */
export const VSIX_NAMES: ReadonlyMap<string, string> = new Map<string, string>([
  ['CHANGELOG.md', 'changelog.md'],
  ['LICENSE', 'LICENSE.txt'],
  ...SHIPPED_PAGES.map((p): [string, string] => [p, p]),
]);

/** README sections for people building from source or looking things up in the repository, not on the extension's page. */
export const CONTRIBUTOR_SECTIONS = ['Install', 'Settings', 'Documentation', 'Contributing'] as const;

/** What the page ends with: where the release notes and the license are, inside the VSIX and on the marketplace. */
const PACKAGED_FOOTER = [
  '## Release notes and license',
  '',
  'What each version changed: [CHANGELOG](changelog.md) (the Changelog tab on the marketplace). Every setting and command is',
  'in the Settings editor and the palette under **Voice & SMS** (the Feature Contributions tab on the marketplace). MIT',
  'licensed: [LICENSE](LICENSE.txt).',
].join('\n');

export function shippedImagePath(name: string): string {
  return `media/readme/${name}.webp`;
}

const IMAGE = /!\[([^\]]*)\]\(([^)\s]+)\)/g;
const LINK = /(?<!!)\[([^\]]+)\]\(([^)\s]+)\)/g;
const EXTERNAL = /^(https?:|mailto:)/;
/** A link that only points further ("… [More](docs/usage.md#x)"): without its page it says nothing, so it goes whole. */
const POINTER = 'More';

/** The anchor a markdown heading gets (as GitHub and VS Code's preview make it, for plain titles). */
export function headingSlug(title: string): string {
  return title
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Rewrites `readme` for the VSIX: contributor sections out, shipped screenshots into media/, the footer last. */
export function packagedReadme(readme: string): string {
  const body = withoutSections(readme, CONTRIBUTOR_SECTIONS).trimEnd();
  const shipped = new Map<string, string>(SHIPPED_SCREENSHOTS.map((n) => [`docs/screenshots/${n}.png`, shippedImagePath(n)]));
  const image = (m: string, alt: string, target: string): string => {
    if (/^https:\/\//.test(target)) return m;
    const to = shipped.get(target);
    return to ? `![${alt}](${to})` : '';
  };
  const link = (m: string, text: string, target: string): string => {
    if (EXTERNAL.test(target) || target.startsWith('#')) return m;
    const [file, fragment] = target.split('#', 2) as [string, string | undefined];
    const inVsix = VSIX_NAMES.get(file);
    if (inVsix) return `[${text}](${inVsix}${fragment ? `#${fragment}` : ''})`;
    return text === POINTER ? '\uE000' : text;
  };
  const lines = body.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    // A screenshot table (a header row, its separator, rows of images): its shipped images, one per line.
    if (/^\|.*\|$/.test(lines[i]!) && /^\|(---\|)+$/.test(lines[i + 1] ?? '') && (lines[i + 2] ?? '').includes('![')) {
      let j = i + 2;
      const kept: string[] = [];
      while (j < lines.length && lines[j]!.startsWith('|')) {
        for (const m of lines[j]!.matchAll(IMAGE)) {
          const shown = image(m[0], m[1]!, m[2]!);
          if (shown) kept.push(shown, '');
        }
        j += 1;
      }
      out.push(...kept);
      i = j - 1;
      continue;
    }
    out.push(lines[i]!.replace(IMAGE, image).replace(LINK, link));
  }
  // A pointer that went takes the space before it; a line left empty by it goes too.
  const text = out
    .join('\n')
    .replace(/\n[ \t]*\uE000[ \t]*(?=\n)/g, '')
    .replace(/ ?\uE000/g, '');
  return `${text}\n\n${PACKAGED_FOOTER}\n`.replace(/\n{3,}/g, '\n\n');
}

/** `markdown` without the `## <title>` sections named (each up to the next `## ` heading); links to them become text. */
export function withoutSections(markdown: string, titles: readonly string[]): string {
  const drop = new Set(titles);
  const anchors = new Set(titles.map((t) => `#${headingSlug(t)}`));
  let skipping = false;
  const kept = markdown.split('\n').filter((line) => {
    const h2 = /^## (.+?)\s*$/.exec(line);
    if (h2) skipping = drop.has(h2[1]!);
    return !skipping;
  });
  return kept.join('\n').replace(LINK, (m, text: string, target: string) => (anchors.has(target) ? text : m));
}

/** Image targets in `markdown` that are neither https URLs nor among `files` (paths inside the VSIX). */
export function unresolvedImages(markdown: string, files: ReadonlySet<string>): string[] {
  return [...markdown.matchAll(IMAGE)].map((m) => m[2]!).filter((t) => !/^https:\/\//.test(t) && !files.has(t));
}

/** `markdown` without its fenced code blocks (their brackets are code, not links). */
function withoutFences(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .filter((line) => {
      if (line.startsWith('```')) fenced = !fenced;
      return !fenced && !line.startsWith('```');
    })
    .join('\n');
}

/** Headings of `markdown` as anchors (`#slug`), code fences left out. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const h = fenced ? null : /^#{1,6} (.+?)\s*$/.exec(line);
    if (h) anchors.add(`#${headingSlug(h[1]!)}`);
  }
  return anchors;
}

/** In-page link targets (`#…`) of `markdown` that no heading of it carries. */
export function danglingAnchors(markdown: string): string[] {
  const anchors = headingAnchors(markdown);
  return [...markdown.matchAll(LINK)].map((m) => m[2]!).filter((t) => t.startsWith('#') && !anchors.has(t));
}

/**
 * What is wrong with the README inside a built VSIX. `files` maps every path under the VSIX's extension/ folder to its
 * text (Markdown) or to null (any other file). The README's and every linked page's relative links must reach a file
 * there, a #fragment a heading of it; every image must be there; the page shows 4 to 6 images and no contributor
 * set-up or bench table.
 */
export function vsixReadmeProblems(files: ReadonlyMap<string, string | null>): string[] {
  const readme = files.get('readme.md');
  if (typeof readme !== 'string') return ['no readme.md in the VSIX'];
  const out: string[] = [];
  const images = [...readme.matchAll(IMAGE)].map((m) => m[2]!);
  if (images.length < 4 || images.length > 6) out.push(`${images.length} images, not 4 to 6`);
  for (const img of images) if (!EXTERNAL.test(img) && !files.has(img)) out.push(`readme.md: image ${img} is not in the VSIX`);
  if (/npm ci|npm test|^\| Row \|/m.test(readme)) out.push('readme.md: contributor set-up or the bench table');
  const pages = new Set<string>(['readme.md']);
  const queue = ['readme.md'];
  while (queue.length > 0) {
    const page = queue.shift()!;
    const text = files.get(page);
    if (typeof text !== 'string') continue;
    for (const m of withoutFences(text).matchAll(LINK)) {
      const target = m[2]!;
      if (EXTERNAL.test(target)) continue;
      const [rel, fragment] = target.split('#', 2) as [string, string | undefined];
      const file = rel === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), rel));
      if (!files.has(file)) {
        out.push(`${page}: ${target} is not in the VSIX`);
        continue;
      }
      const linked = files.get(file);
      if (fragment !== undefined && (typeof linked !== 'string' || !headingAnchors(linked).has(`#${fragment}`)))
        out.push(`${page}: ${target} lands on no heading`);
      if (typeof linked === 'string' && file.endsWith('.md') && !pages.has(file)) {
        pages.add(file);
        queue.push(file);
      }
    }
  }
  return out;
}
