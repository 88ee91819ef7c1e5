// `npm run -s release:notes -- <version>` (-s: without npm's own header lines): prints the CHANGELOG.md section of one version — its text without the
// `## [0.1.0] - 2026-11-28` heading, for a release page that has its own title — and exits 0. `v0.1.0` (the tag) is
// read as `0.1.0`, and `Unreleased` names the section above the versions. A version the CHANGELOG has no section for,
// or a section with no entries, is one sentence on stderr and exit code 1; no version at all, exit code 2.
// test/unit/docs/changelog.test.ts runs it on the real CHANGELOG.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Notes = { ok: true; text: string } | { ok: false; message: string };

/** `## [0.1.0] - 2026-11-28` or `## [Unreleased]`: the label in brackets. */
const SECTION = /^## \[([^\]]+)\]/;
/** A Markdown link reference definition (`[0.1.0]: https://…`), which Keep a Changelog keeps at the bottom. */
const LINK_DEFINITION = /^\[[^\]]+\]:\s*\S/;

/** The labels of the CHANGELOG's sections, top to bottom (`Unreleased`, `0.1.0`, …). */
export function sectionLabels(changelog: string): string[] {
  return changelog.split('\n').flatMap((line) => {
    const label = SECTION.exec(line)?.[1];
    return label === undefined ? [] : [label];
  });
}

/** The body of `version`'s section: from its heading to the next `## ` heading, less the file's footer. */
export function releaseNotes(changelog: string, version: string): Notes {
  const wanted = version.trim().replace(/^v(?=\d)/, '');
  const lines = changelog.replace(/\r\n/g, '\n').split('\n');
  const start = lines.findIndex((line) => SECTION.exec(line)?.[1]?.toLowerCase() === wanted.toLowerCase());
  if (start < 0) {
    const known = sectionLabels(changelog);
    return {
      ok: false,
      message: `CHANGELOG.md has no section for version ${version} (its sections: ${known.length > 0 ? known.map((k) => `[${k}]`).join(', ') : 'none'}).`,
    };
  }
  const next = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  const body = lines.slice(start + 1, next < 0 ? lines.length : next);
  const text = withoutFooter(body).join('\n').trim();
  if (text === '') return { ok: false, message: `CHANGELOG.md's [${SECTION.exec(lines[start]!)?.[1]}] section has no entries.` };
  return { ok: true, text };
}

/** The last section runs to the end of the file: drop the link definitions and HTML comments that close it. */
function withoutFooter(body: string[]): string[] {
  const out = [...body];
  for (;;) {
    const last = out.at(-1)?.trim();
    if (last === undefined) return out;
    if (last === '' || LINK_DEFINITION.test(last)) {
      out.pop();
    } else if (last.endsWith('-->')) {
      let open = out.length - 1;
      while (open >= 0 && !out[open]!.trimStart().startsWith('<!--')) open--;
      if (open < 0) return out;
      out.length = open;
    } else {
      return out;
    }
  }
}

const USAGE = 'Usage: npm run release:notes -- <version>, e.g. npm run release:notes -- 0.1.0.';

function main(argv: string[]): number {
  if (argv.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  const version = argv.find((a) => !a.startsWith('-'));
  if (version === undefined) {
    console.error(USAGE);
    return 2;
  }
  const notes = releaseNotes(readFileSync(join(__dirname, '..', 'CHANGELOG.md'), 'utf8'), version);
  if (!notes.ok) {
    console.error(notes.message);
    return 1;
  }
  process.stdout.write(`${notes.text}\n`);
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
