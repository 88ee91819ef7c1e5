// The README as the installed extension shows it. The repository README is short and links pages under
// docs/; the installed extension has no repository to follow links into, so its README is the user-facing
// part of README.md with the user pages (USER_PAGES) appended as sections, links to them turned into
// in-page anchors. The VSIX carries only a handful of screenshots (media/readme/*.webp, made by
// `npm run readme:images`), so every other image link is dropped from the packaged copy, and links to
// repository files the VSIX does not carry become plain text. Pure: the package script and unit tests use it.
import * as path from 'node:path';

/** Screenshots shipped in the VSIX: docs/screenshots/<name>.png → media/readme/<name>.webp. */
export const SHIPPED_SCREENSHOTS = ['month-view', 'sms-05-sent'] as const;

/** The packaged copy, written at the repository root while `npm run package` runs (git-ignored). */
export const PACKAGED_README = 'README.vsix.md';

/** Files at the root of the VSIX that a README link may point at. */
const SHIPPED_DOCS = new Set(['CHANGELOG.md', 'LICENSE']);

/**
 * Pages under docs/ that users of the installed extension need, appended to its README in this order.
 * The contributor pages (development, reliability, performance, screenshots) stay in the repository.
 */
export const USER_PAGES = [
  'docs/usage.md',
  'docs/commands.md',
  'docs/chat-tools.md',
  'docs/authentication.md',
  'docs/service.md',
  'docs/security.md',
] as const;

/** USER_PAGES read through `read` (a repository-relative path → its text), for packagedReadme. */
export function userPages(read: (page: string) => string): Map<string, string> {
  return new Map(USER_PAGES.map((page) => [page, read(page)]));
}

/** README sections for people building from source or measuring it, not users of the installed extension. */
export const CONTRIBUTOR_SECTIONS = ['Install', 'Contributing', 'Performance'] as const;

export function shippedImagePath(name: string): string {
  return `media/readme/${name}.webp`;
}

const IMAGE = /!\[([^\]]*)\]\(([^)\s]+)\)/g;
const LINK = /(?<!!)\[([^\]]+)\]\(([^)\s]+)\)/g;
const EXTERNAL = /^(https?:|mailto:)/;

/** The anchor a markdown heading gets (as GitHub and VS Code's preview make it, for plain titles). */
export function headingSlug(title: string): string {
  return title
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/**
 * Rewrites `readme` for the VSIX. `pages` maps each of USER_PAGES to its text; they are appended (before
 * `## License`) one heading level down. Shipped screenshots point into media/, the rest are removed.
 */
export function packagedReadme(readme: string, pages: ReadonlyMap<string, string>): string {
  const appended = USER_PAGES.map((page) => {
    const text = pages.get(page);
    if (text === undefined) throw new Error(`packagedReadme: ${page} was not given`);
    return demoteHeadings(fromDirectory(text, path.posix.dirname(page)));
  });
  const pageAnchors = new Map<string, string>(USER_PAGES.map((page, i) => [page, `#${headingSlug(firstHeading(appended[i]!) ?? page)}`]));
  const body = insertBeforeLicense(withoutSections(readme, CONTRIBUTOR_SECTIONS), appended);

  const shipped = new Map<string, string>(SHIPPED_SCREENSHOTS.map((n) => [`docs/screenshots/${n}.png`, shippedImagePath(n)]));
  const image = (m: string, alt: string, target: string): string => {
    if (/^https:\/\//.test(target)) return m;
    const to = shipped.get(target);
    return to ? `![${alt}](${to})` : '';
  };
  const link = (m: string, text: string, target: string): string => {
    if (EXTERNAL.test(target) || target.startsWith('#') || SHIPPED_DOCS.has(target)) return m;
    const [file, fragment] = target.split('#', 2) as [string, string | undefined];
    const anchor = pageAnchors.get(file);
    if (anchor) return `[${text}](${fragment ? `#${fragment}` : anchor})`;
    return text;
  };
  const lines = body.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    // A screenshot table (empty header row, separator, rows of images): its shipped images, one per line.
    if (/^\|( \|)+$/.test(lines[i]!) && /^\|(---\|)+$/.test(lines[i + 1] ?? '')) {
      let j = i + 2;
      const kept: string[] = [];
      while (j < lines.length && lines[j]!.startsWith('|')) {
        for (const m of lines[j]!.matchAll(IMAGE)) {
          const shown = image(m[0], m[1]!, m[2]!);
          if (shown) kept.push(shown);
        }
        j += 1;
      }
      out.push(...kept);
      i = j - 1;
      continue;
    }
    out.push(lines[i]!.replace(IMAGE, image).replace(LINK, link));
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n');
}

/** Image and link targets of a page in `dir` made relative to the repository root (external ones kept). */
export function fromDirectory(markdown: string, dir: string): string {
  const resolve = (target: string): string => {
    if (EXTERNAL.test(target) || target.startsWith('#')) return target;
    const [file, fragment] = target.split('#', 2) as [string, string | undefined];
    const joined = path.posix.normalize(path.posix.join(dir, file));
    return fragment === undefined ? joined : `${joined}#${fragment}`;
  };
  return markdown
    .replace(IMAGE, (_m, alt: string, target: string) => `![${alt}](${resolve(target)})`)
    .replace(LINK, (_m, text: string, target: string) => `[${text}](${resolve(target)})`);
}

/** Every heading one level down (`#` → `##`), code fences left alone. */
function demoteHeadings(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (line.startsWith('```')) fenced = !fenced;
      return !fenced && /^#{1,5} /.test(line) ? `#${line}` : line;
    })
    .join('\n');
}

function firstHeading(markdown: string): string | undefined {
  return /^#+ (.+?)\s*$/m.exec(markdown)?.[1];
}

function insertBeforeLicense(readme: string, sections: readonly string[]): string {
  const block = sections.map((s) => s.trim()).join('\n\n');
  const at = readme.search(/^## License\s*$/m);
  return at < 0 ? `${readme.trimEnd()}\n\n${block}\n` : `${readme.slice(0, at)}${block}\n\n${readme.slice(at)}`;
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
