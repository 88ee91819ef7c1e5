// The one place where text the service (or anything between it and the user) controls is made inert
// before the editor shows it: notifications, quick-pick details, tree labels and tooltips, status-bar
// text. VS Code turns `[label](command:…)` in a notification into a button that runs the command, and
// renders links, autolinks, HTML and `$(icon)` syntax in markdown tooltips and labels. vscode-free,
// unit-tested in plain Node.
//
// How: the text stays readable, only the syntax breaks. A URI scheme's colon becomes U+A789 (꞉, a
// visible look-alike) — not a zero-width character, which would hide in copied text, and not a
// backslash escape, which plain-text surfaces show literally. `](` gets a space, so no link target
// attaches to a label; `$(` likewise, so no codicon is drawn; a `<` that opens a tag becomes ‹.
// Invisible controls (bidi overrides that reorder what the user reads) become spaces.

/** What replaces a scheme's colon: looks like ":" but no URI parser takes it for one. */
export const INERT_COLON = '\uA789';

/** C0/C1 controls except tab and line feed, and the bidi embedding/override/isolate characters. */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Schemes an editor or browser acts on. */
const SCHEME = /\b(command|file|https?|vscode(?:-[a-z]+)?|javascript|vbscript|data|mailto|ftp|ssh|git):/gi;
/**
 * The colon of anything written as `scheme://`, found from the `://` itself: a pattern that reads the scheme
 * first is retried at every letter of a long word and costs quadratic time on service text.
 */
const ANY_SCHEME = /(?<=[a-z0-9+.-]):(?=\/\/)/gi;
/** `www.` autolinks in markdown. */
const WWW = /\bwww\./gi;
/** The `](` that joins a markdown label to its target, with any spaces between. */
const LINK_JOIN = /\]\s*\(/g;
/** `[label]:` reference definitions and `[label][ref]` references. */
const LINK_REF = /\]\s*(\[|:)/g;
/** A codicon: `$(name)`. */
const CODICON = /\$\(/g;
/** `<` opening a tag, a closing tag, a comment or a processing instruction. */
const TAG_OPEN = /<(?=[a-z/!?])/gi;

/** Only the URI schemes broken (for text whose brackets are meaningful, like key paths `a[0].b`). */
export function breakSchemes(text: string): string {
  return text.replace(SCHEME, `$1${INERT_COLON}`).replace(ANY_SCHEME, INERT_COLON).replace(WWW, 'www\u2024');
}

/** `text` with every link, command link, autolink, tag and codicon made inert; still readable. */
export function inertText(text: string): string {
  return text
    .replace(INVISIBLE, ' ')
    .replace(SCHEME, `$1${INERT_COLON}`)
    .replace(ANY_SCHEME, INERT_COLON)
    .replace(WWW, 'www\u2024')
    .replace(LINK_JOIN, '] (')
    .replace(LINK_REF, '] $1')
    .replace(CODICON, '$ (')
    .replace(TAG_OPEN, '‹');
}

/** `text` inert and on one line (labels, descriptions, status-bar text), cut at `max` characters with "…". */
export function inertLine(text: string, max = 200): string {
  let s = inertText(text).replace(/\s+/g, ' ').trim();
  if (s.length > max) s = `${s.slice(0, max)}…`;
  return s;
}

/** Characters markdown gives a meaning; each is backslash-escaped, which markdown shows as the character itself. */
const MARKDOWN_SYNTAX = /[\\`*_{}[\]()#+\-.!|~<>$&:]/g;

/**
 * `text` for a MarkdownString (tooltips): inert first, then every markdown character escaped, so a value
 * can neither format nor link. Line breaks become markdown hard breaks, so multi-line text keeps its lines.
 */
export function markdownText(text: string): string {
  return inertText(text)
    .replace(MARKDOWN_SYNTAX, (c) => `\\${c}`)
    .replace(/\r?\n/g, '  \n');
}
