// CHANGELOG.md in Keep a Changelog form (https://keepachangelog.com/en/1.1.0/): an [Unreleased] section (empty right
// after a release, then what each merge adds, grouped like a version), then
// dated versions newest first, package.json's version among them, grouped by the format's six kinds of change and
// written for the marketplace page that shows it (no repository paths, no relative links, short). And
// `npm run release:notes -- <version>` (scripts/releaseNotes.ts), which prints one version's section for a release.
// Product names the CHANGELOG uses (commands, settings, tools) are checked with the docs in docsMatch.test.ts.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { releaseNotes, sectionLabels } from '../../../scripts/releaseNotes.js';

const root = path.join(__dirname, '..', '..', '..');
const changelog = readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };

/** Keep a Changelog's kinds of change, in its order. */
const GROUPS = ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'];
/** The marketplace shows the whole file on the extension's page, and it ships in the VSIX. */
const MAX_BYTES = 20 * 1024;
/** Hosts reserved for examples and placeholders (RFC 2606, RFC 6761): never a project's address. */
const RESERVED_HOST = /(?:^|\.)(?:example|invalid|test|localhost|example\.(?:com|net|org))$/i;

const versionHeadings = [...changelog.matchAll(/^## \[([^\]]+)\](.*)$/gm)].map((m) => ({ label: m[1]!, rest: m[2]! }));
const linkDefinitions = [...changelog.matchAll(/^\[([^\]]+)\]:\s*(\S+)/gm)].map((m) => ({ label: m[1]!, url: m[2]! }));

function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join('scripts', 'releaseNotes.ts'), ...args], { cwd: root, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

void describe('CHANGELOG.md', () => {
  void it('says it follows Keep a Changelog and Semantic Versioning, and starts with an undated [Unreleased] section', () => {
    assert.ok(changelog.startsWith('# Changelog\n'), 'the title');
    assert.match(changelog, /\[Keep a Changelog\]\(https:\/\/keepachangelog\.com\/en\/1\.1\.0\/\)/);
    assert.match(changelog, /\[Semantic Versioning\]\(https:\/\/semver\.org\/?\)/);
    assert.equal(versionHeadings[0]?.label, 'Unreleased');
    assert.equal(versionHeadings[0]?.rest, '');
  });

  void it("has a dated section for package.json's version, and every version is SemVer, dated, newest first", () => {
    const versions = versionHeadings.slice(1);
    assert.ok(
      versions.some((v) => v.label === pkg.version),
      `no "## [${pkg.version}] - YYYY-MM-DD" section (has: ${sectionLabels(changelog).join(', ')})`,
    );
    for (const v of versions) {
      assert.match(v.label, /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/, `${v.label} is not a SemVer version`);
      assert.match(v.rest, /^ - \d{4}-\d{2}-\d{2}$/, `[${v.label}] has no ISO date`);
    }
    const dates = versions.map((v) => v.rest.slice(3));
    assert.deepEqual(dates, [...dates].sort().reverse(), 'versions are not newest first');
  });

  void it("groups each version, and [Unreleased] once it has entries, by Keep a Changelog's kinds of change, in the format's order, Added and Security in the first release", () => {
    for (const { label } of versionHeadings) {
      const notes = releaseNotes(changelog, label);
      if (label === 'Unreleased' && !notes.ok) continue;
      assert.ok(notes.ok, `[${label}] is empty`);
      const groups = [...notes.text.matchAll(/^### (.+)$/gm)].map((m) => m[1]!);
      for (const g of groups) assert.ok(GROUPS.includes(g), `[${label}]: "### ${g}" is not a Keep a Changelog group`);
      assert.deepEqual(groups, [...groups].sort((a, b) => GROUPS.indexOf(a) - GROUPS.indexOf(b)), `[${label}]: groups out of order`);
      assert.equal(new Set(groups).size, groups.length, `[${label}]: a group twice`);
    }
    const first = versionHeadings.at(-1)!.label;
    const notes = releaseNotes(changelog, first);
    assert.ok(notes.ok);
    assert.deepEqual([...notes.text.matchAll(/^### (.+)$/gm)].map((m) => m[1]), ['Added', 'Security'], 'a first release adds; it fixes nothing that shipped');
  });

  void it('is written for the marketplace page: short, no repository paths or internal work, no link a VSIX cannot follow', () => {
    const size = Buffer.byteLength(changelog);
    assert.ok(size <= MAX_BYTES, `CHANGELOG.md is ${size} bytes, over ${MAX_BYTES}`);
    const released = sectionLabels(changelog)
      .map((label) => releaseNotes(changelog, label))
      .map((notes) => (notes.ok ? notes.text : ''))
      .join('\n');
    const internal = [
      ...released.matchAll(
        /(?:^|[\s(`])((?:src|test|scripts|bench|docs|\.ci)\/\S*|[\w.-]+\.(?:test\.)?(?:ts|mjs)\b|npm (?:test|run [\w:-]+)|unit tests?|(?:leak|soak|e2e|integration) (?:suite|tests?)|refactor\w*|bench rows?|issue \d+|seen failing)/gim,
      ),
    ];
    assert.deepEqual(
      internal.map((m) => m[1]),
      [],
      'entries about tests, refactors, the bench or repository files are for contributors, not the CHANGELOG',
    );
    const links = [...changelog.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
    assert.deepEqual(
      links.filter((l) => !l.startsWith('https://')),
      [],
      'relative links point into the repository, which the VSIX and the marketplace page do not carry',
    );
  });

  void it('has link references only to real addresses, and then one for every section', () => {
    for (const d of [...linkDefinitions, ...[...changelog.matchAll(/\]\((https?:[^)\s]+)\)/g)].map((m) => ({ label: 'inline', url: m[1]! }))]) {
      const host = new URL(d.url).hostname;
      assert.ok(d.url.startsWith('https://') && !RESERVED_HOST.test(host), `[${d.label}] points at a placeholder or insecure address: ${d.url}`);
    }
    // Every definition is one a section heading or a reference link uses, and every reference link has one.
    const labels = new Set(sectionLabels(changelog).map((l) => l.toLowerCase()));
    const referenced = [...changelog.matchAll(/\]\[([^\]]+)\]/g)].map((m) => m[1]!.toLowerCase());
    for (const r of referenced) labels.add(r);
    assert.deepEqual(
      linkDefinitions.filter((d) => !labels.has(d.label.toLowerCase())).map((d) => d.label),
      [],
      'link references no heading or link uses',
    );
    const definedLabels = new Set(linkDefinitions.map((d) => d.label.toLowerCase()));
    assert.deepEqual(
      referenced.filter((r) => !definedLabels.has(r)),
      [],
      'reference links without a definition',
    );
    // Today the project has no public repository, so no section has a link (the headings' brackets stay literal,
    // ready for one). Once a reference is added, every section needs one.
    if (linkDefinitions.length > 0) {
      const defined = new Set(linkDefinitions.map((d) => d.label.toLowerCase()));
      assert.deepEqual(
        sectionLabels(changelog).filter((l) => !defined.has(l.toLowerCase())),
        [],
        'sections without a link reference',
      );
    }
  });
});

void describe('release notes (scripts/releaseNotes.ts)', () => {
  const sample = [
    '# Changelog',
    '',
    '## [Unreleased]',
    '',
    '## [1.1.0] - 2026-12-20',
    '',
    'A paragraph first.',
    '',
    '### Added',
    '',
    '- One.',
    '',
    '## [1.0.0] - 2026-12-01',
    '',
    '### Security',
    '',
    '- Two.',
    '',
    '[Unreleased]: https://git.example.net.au/p/compare/v1.1.0...HEAD',
    '[1.1.0]: https://git.example.net.au/p/releases/tag/v1.1.0',
    '<!-- a note',
    'for maintainers -->',
    '',
  ].join('\n');

  void it("prints a version's section without its heading, up to the next version", () => {
    assert.deepEqual(releaseNotes(sample, '1.1.0'), { ok: true, text: 'A paragraph first.\n\n### Added\n\n- One.' });
  });

  void it('reads the tag form v1.0.0, and leaves out the link references and comments that close the file', () => {
    assert.deepEqual(releaseNotes(sample, 'v1.0.0'), { ok: true, text: '### Security\n\n- Two.' });
    assert.deepEqual(releaseNotes(sample.replace(/\r?\n/g, '\r\n'), '1.0.0'), { ok: true, text: '### Security\n\n- Two.' });
  });

  void it('refuses an unknown version and an empty section, each in one sentence', () => {
    assert.deepEqual(releaseNotes(sample, '1.2.0'), {
      ok: false,
      message: 'CHANGELOG.md has no section for version 1.2.0 (its sections: [Unreleased], [1.1.0], [1.0.0]).',
    });
    assert.deepEqual(releaseNotes(sample, '1.1'), {
      ok: false,
      message: 'CHANGELOG.md has no section for version 1.1 (its sections: [Unreleased], [1.1.0], [1.0.0]).',
    });
    assert.deepEqual(releaseNotes(sample, 'unreleased'), { ok: false, message: "CHANGELOG.md's [Unreleased] section has no entries." });
  });

  void it("npm run release:notes prints package.json's version from CHANGELOG.md and exits 0", () => {
    const out = run(pkg.version);
    assert.equal(out.status, 0, out.stderr);
    const notes = releaseNotes(changelog, pkg.version);
    assert.ok(notes.ok, notes.ok ? '' : notes.message);
    assert.equal(out.stdout, `${notes.text}\n`);
    assert.ok(!out.stdout.startsWith('## '), 'without its heading');
    assert.match(out.stdout, /^### Added$/m);
  });

  void it('exits 1 with one sentence on stderr for a version the CHANGELOG does not have, 2 without a version', () => {
    const unknown = run('9.9.9');
    assert.equal(unknown.status, 1);
    assert.equal(unknown.stdout, '');
    assert.match(unknown.stderr, /^CHANGELOG\.md has no section for version 9\.9\.9 \(its sections: [^\n]*\)\.\n$/);
    const none = run();
    assert.equal(none.status, 2);
    assert.match(none.stderr, /^Usage: npm run release:notes -- <version>/);
  });
});
