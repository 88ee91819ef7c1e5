// The README as the installed extension shows it. The VSIX carries only a handful of screenshots
// (media/readme/*.webp, made by `npm run readme:images`), so every other image link is dropped from
// the packaged copy, and links to repository files the VSIX does not carry become plain text.
// Pure: the package script and a unit test use it.

/** Screenshots shipped in the VSIX: docs/screenshots/<name>.png → media/readme/<name>.webp. */
export const SHIPPED_SCREENSHOTS = ['month-view', 'sms-05-sent'] as const;

/** The packaged copy, written at the repository root while `npm run package` runs (git-ignored). */
export const PACKAGED_README = 'README.vsix.md';

/** Files at the root of the VSIX that a README link may point at. */
const SHIPPED_DOCS = new Set(['CHANGELOG.md', 'LICENSE']);

export function shippedImagePath(name: string): string {
  return `media/readme/${name}.webp`;
}

/**
 * Top-level sections for contributors, not users: left out of the installed README (the repository keeps
 * them), which also keeps the VSIX within its size budget.
 */
export const CONTRIBUTOR_SECTIONS = ['The simulator', 'Reliability', 'Development', 'Performance', 'Screenshots'] as const;

const IMAGE = /!\[([^\]]*)\]\(([^)\s]+)\)/g;
const LINK = /(?<!!)\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Rewrites `markdown` for the VSIX: shipped screenshots point into media/, the rest are removed. */
export function packagedReadme(markdown: string): string {
  const shipped = new Map<string, string>(SHIPPED_SCREENSHOTS.map((n) => [`docs/screenshots/${n}.png`, shippedImagePath(n)]));
  const image = (m: string, alt: string, target: string): string => {
    if (/^https:\/\//.test(target)) return m;
    const to = shipped.get(target);
    return to ? `![${alt}](${to})` : '';
  };
  const link = (m: string, text: string, target: string): string =>
    /^(https?:|mailto:|#)/.test(target) || SHIPPED_DOCS.has(target) ? m : text;
  const lines = withoutSections(markdown, CONTRIBUTOR_SECTIONS).split('\n');
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

/** `markdown` without the `## <title>` sections named (each up to the next `## ` heading); links to them become text. */
export function withoutSections(markdown: string, titles: readonly string[]): string {
  const drop = new Set(titles);
  const anchors = new Set(titles.map((t) => `#${t.toLowerCase().replace(/\s+/g, '-')}`));
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
