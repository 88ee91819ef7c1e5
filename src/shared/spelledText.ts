// Text read the way an echo may have spelled it, with every character tied to where it stood in the original,
// so that a secret found in the reading can be masked in the text itself. Two steps, each one linear pass:
//  - decode: one layer of escapes undone: percent-encoding (`%7E`, `%7e`, UTF-8 byte runs, `%u007E`), XML and
//    HTML character references (`&#126;`, `&#x7E;`), the five XML entities and HTML's names of ASCII characters
//    (`&sol;`, `&lpar;`), JSON and JavaScript escapes (`\u007E`, `\"`, `\x2f`), quoted-printable (`=2F`, UTF-8 byte
//    runs, soft line breaks);
//  - fold: look-alikes made one: compatibility decomposition (NFKD: `ｋ` is `k`, `é` is `e` + accent) with every
//    combining mark dropped (a U+0301 between a secret's letters hides nothing), invisible characters dropped by the
//    rule the id checks use (invisibleChars.ts: every default-ignorable code point — zero-width space/joiners, soft
//    hyphen, BOM, bidi marks, the combining grapheme joiner, variation selectors, the Hangul fillers — and every
//    format character), `+` read as a space (the form encoding of a space).
// A secret is folded the same way, then looked for in fold(text) and in it with one or two layers of escapes
// undone, one family per layer (JSON or percent inside raw XML, JSON inside a query string). No regular
// expression runs over the text. The readings are built without positions first (eachReading) and searched for
// every value at once (secretAutomaton.ts); only a reading that holds a secret is built again with them.
// (redact.ts takes the automaton from here: this bundle is loaded with the first secret, the log's is not.)
export { Automaton } from './secretAutomaton.js';
import { isInvisible } from './invisibleChars.js';

/** A reading of some text: `text[i]` stood at `from[i]`..`to[i]` (exclusive) of the original. */
export interface Spelled {
  text: string;
  from: Int32Array;
  to: Int32Array;
}

const UNTRACKED = new Int32Array(0);

/**
 * The text as it stands: every character is itself. `track` false: a reading without positions (a search that
 * finds nothing never needs them; `decode` and `fold` of it do not track either).
 */
export function literal(text: string, track = true): Spelled {
  if (!track) return { text, from: UNTRACKED, to: UNTRACKED };
  const from = new Int32Array(text.length);
  const to = new Int32Array(text.length);
  for (let i = 0; i < text.length; i++) {
    from[i] = i;
    to[i] = i + 1;
  }
  return { text, from, to };
}

/** A new reading built from `src` left to right: spans copied as they are, single replacements pushed. */
class Builder {
  private readonly parts: string[] = [];
  // Short pieces (a decoded escape, a folded character) gather here as code units: a reading of 1 MB may take
  // hundreds of thousands of them, which as strings would keep the collector busy.
  private readonly pending = new Uint16Array(4096);
  private pendingLength = 0;
  private from: Int32Array;
  private to: Int32Array;
  private n = 0;

  constructor(private readonly src: Spelled) {
    this.from = new Int32Array(src.text.length + 16);
    this.to = new Int32Array(src.text.length + 16);
  }

  private room(more: number): void {
    if (this.n + more <= this.from.length) return;
    const size = Math.max(this.from.length * 2, this.n + more);
    const from = new Int32Array(size);
    const to = new Int32Array(size);
    from.set(this.from.subarray(0, this.n));
    to.set(this.to.subarray(0, this.n));
    this.from = from;
    this.to = to;
  }

  private flush(): void {
    if (this.pendingLength === 0) return;
    // A surrogate pair cut by the buffer's end waits for its second half (the decoder would replace each alone).
    const last = this.pending[this.pendingLength - 1] ?? 0;
    const keep =
      last >= 0xd800 && last <= 0xdbff && this.pendingLength < this.pending.length ? 0 : last >= 0xd800 && last <= 0xdbff ? 1 : 0;
    const upto = this.pendingLength - keep;
    this.parts.push(UTF16.decode(this.pending.subarray(0, upto)));
    if (keep) this.pending[0] = last;
    this.pendingLength = keep;
  }

  private unit(code: number, f: number, t: number): void {
    if (this.pendingLength === this.pending.length) this.flush();
    this.pending[this.pendingLength++] = code;
    this.from[this.n] = f;
    this.to[this.n] = t;
    this.n += 1;
  }

  /** Source units `start`..`end - 1` as they are. */
  copy(start: number, end: number): void {
    if (end <= start) return;
    this.room(end - start);
    if (end - start > 32) {
      this.flush();
      this.parts.push(this.src.text.slice(start, end));
      this.from.set(this.src.from.subarray(start, end), this.n);
      this.to.set(this.src.to.subarray(start, end), this.n);
      this.n += end - start;
      return;
    }
    for (let k = start; k < end; k++) this.unit(this.src.text.charCodeAt(k), this.src.from[k] ?? 0, this.src.to[k] ?? 0);
  }

  /** Appends `out`, every unit of it standing where source units `start`..`end - 1` stood. */
  push(out: string, start: number, end: number): void {
    if (out.length === 0) return;
    this.room(out.length);
    const f = this.src.from[start] ?? 0;
    const t = this.src.to[end - 1] ?? f;
    for (let k = 0; k < out.length; k++) this.unit(out.charCodeAt(k), f, t);
  }

  /** Appends the character `cp` (one or two units), standing where source units `start`..`end - 1` stood. */
  pushCode(cp: number, start: number, end: number): void {
    this.push(String.fromCodePoint(cp), start, end);
  }

  done(): Spelled {
    this.flush();
    return { text: this.parts.join(''), from: this.from.subarray(0, this.n), to: this.to.subarray(0, this.n) };
  }
}

/**
 * The same, for a reading without positions: code units gathered in one buffer and decoded once at the end (the
 * readings of a search that finds nothing, most of them, never need more).
 */
class TextBuilder {
  private units: Uint16Array;
  private n = 0;

  constructor(private readonly src: string) {
    // One buffer for every untracked reading (they are built one after another, never two at once): the scrub of a
    // parsed answer builds readings of thousands of short strings, and a new buffer each cost more than the reading.
    if (scratch.length < src.length + 16) scratch = new Uint16Array(Math.max(src.length + 16, scratch.length * 2));
    this.units = scratch;
  }

  private room(more: number): void {
    if (this.n + more <= this.units.length) return;
    const units = new Uint16Array(Math.max(this.units.length * 2, this.n + more));
    units.set(this.units.subarray(0, this.n));
    this.units = scratch = units;
  }

  copy(start: number, end: number): void {
    if (end <= start) return;
    this.room(end - start);
    const { src, units } = this;
    let n = this.n;
    for (let k = start; k < end; k++) units[n++] = src.charCodeAt(k);
    this.n = n;
  }

  push(out: string, _start?: number, _end?: number): void {
    this.room(out.length);
    for (let k = 0; k < out.length; k++) this.units[this.n++] = out.charCodeAt(k);
  }

  pushCode(cp: number, _start?: number, _end?: number): void {
    this.room(2);
    if (cp > 0xffff) {
      this.units[this.n++] = 0xd800 + ((cp - 0x10000) >> 10);
      this.units[this.n++] = 0xdc00 + ((cp - 0x10000) & 0x3ff);
    } else this.units[this.n++] = cp;
  }

  done(): Spelled {
    const units = this.units.subarray(0, this.n);
    // A short text is made directly: the decoder's call costs more than a few hundred characters.
    const text = this.n <= SHORT_TEXT ? String.fromCharCode.apply(null, units as unknown as number[]) : UTF16.decode(units);
    return { text, from: UNTRACKED, to: UNTRACKED };
  }
}

let scratch = new Uint16Array(1024);
/** Readings up to this long are made with String.fromCharCode (a spread of this size is safe on any stack). */
const SHORT_TEXT = 2048;

/** A builder for a reading of `src`: with positions when `src` has them. */
function builderFor(src: Spelled): Builder | TextBuilder {
  return src.from === UNTRACKED ? new TextBuilder(src.text) : new Builder(src);
}

const UTF16 = new TextDecoder('utf-16le');
/**
 * The named references a secret's characters can be written with: the five XML entities and every name HTML gives
 * an ASCII character (and the no-break space), as the WHATWG list has them (test/unit/shared/spelledEscapes.test.ts
 * checks each against an HTML decoder). Letters and digits have none; names of other characters are not read.
 */
const NAMED: Readonly<Record<string, number>> = {
  Tab: 0x09,
  NewLine: 0x0a,
  excl: 0x21,
  quot: 0x22,
  QUOT: 0x22,
  num: 0x23,
  dollar: 0x24,
  percnt: 0x25,
  amp: 0x26,
  AMP: 0x26,
  apos: 0x27,
  lpar: 0x28,
  rpar: 0x29,
  ast: 0x2a,
  midast: 0x2a,
  plus: 0x2b,
  comma: 0x2c,
  period: 0x2e,
  sol: 0x2f,
  colon: 0x3a,
  semi: 0x3b,
  lt: 0x3c,
  LT: 0x3c,
  equals: 0x3d,
  gt: 0x3e,
  GT: 0x3e,
  quest: 0x3f,
  commat: 0x40,
  lsqb: 0x5b,
  lbrack: 0x5b,
  bsol: 0x5c,
  rsqb: 0x5d,
  rbrack: 0x5d,
  Hat: 0x5e,
  lowbar: 0x5f,
  UnderBar: 0x5f,
  grave: 0x60,
  DiacriticalGrave: 0x60,
  lcub: 0x7b,
  lbrace: 0x7b,
  verbar: 0x7c,
  vert: 0x7c,
  VerticalLine: 0x7c,
  rcub: 0x7d,
  rbrace: 0x7d,
  nbsp: 0xa0,
  NonBreakingSpace: 0xa0,
};
/** The longest of those names: a reference is looked for no further than this past its `&`. */
const LONGEST_NAME = 16;
const JSON_SIMPLE: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** The value of a hex digit's code, or -1. */
function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
}

function hexAt(s: string, at: number, count: number): number | undefined {
  if (at + count > s.length) return undefined;
  let v = 0;
  for (let k = 0; k < count; k++) {
    const d = hexDigit(s.charCodeAt(at + k));
    if (d < 0) return undefined;
    v = v * 16 + d;
  }
  return v;
}

function validCodePoint(cp: number): boolean {
  return cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff);
}

/** True when `s` holds something decode() may undo. */
export function hasEscapes(s: string): boolean {
  return s.includes('%') || s.includes('&') || s.includes('\\') || hasQuotedPrintable(s);
}

/**
 * True when `s` holds a quoted-printable escape: `=` and two hex digits, or `=` ending a line (a soft line break). Only
 * those count, not every `=` (every attribute of an XML answer has one): found natively, each `=` looked at once.
 */
export function hasQuotedPrintable(s: string): boolean {
  for (let at = s.indexOf('='); at >= 0; at = s.indexOf('=', at + 1)) {
    const next = s.charCodeAt(at + 1);
    if (next === 0x0a || (next === 0x0d && s.charCodeAt(at + 2) === 0x0a)) return true;
    if (hexDigit(next) >= 0 && hexDigit(s.charCodeAt(at + 2)) >= 0) return true;
  }
  return false;
}

/**
 * The escape families: each encoder writes one, and a secret may hold another's lead character as it is. `any`:
 * percent, XML and JSON undone in one layer (left to right, whichever lead comes next), for sets where no secret holds
 * a lead. Quoted-printable is never part of it: its `=` is also every `key=value`'s, and a value that begins with two
 * hex digits (`token=5a2X…`) would lose them; it is a layer of its own beside (eachReading).
 */
export type EscapeKind = 'percent' | 'xml' | 'json' | 'qp' | 'any';
const LEAD: Readonly<Record<Exclude<EscapeKind, 'any'>, number>> = { percent: 0x25, xml: 0x26, json: 0x5c, qp: 0x3d };
export const ESCAPE_KINDS: ReadonlyArray<Exclude<EscapeKind, 'any'>> = ['percent', 'xml', 'json', 'qp'];
/** The lead characters of the families `any` undoes, in ESCAPE_KINDS' order: a secret holding none is found through `any` layers. */
export const ESCAPE_LEADS = '%&\\';

/** The escape families in `s`: their lead character (`%`, `&`, `\`) is in it, or a quoted-printable escape. */
export function escapesIn(s: string): Array<Exclude<EscapeKind, 'any'>> {
  return ESCAPE_KINDS.filter((k) => (k === 'qp' ? hasQuotedPrintable(s) : s.includes(String.fromCharCode(LEAD[k]))));
}

/**
 * One layer of one family of escapes undone (see the file comment); anything else stays as it is, so a secret
 * holding `%00` as written is still found in its JSON spelling.
 */
export function decode(src: Spelled, kind: EscapeKind): Spelled {
  const s = src.text;
  const b = builderFor(src);
  const leadChar = kind === 'any' ? '' : String.fromCharCode(LEAD[kind]);
  const read =
    kind === 'percent' ? percentRun : kind === 'xml' ? charReference : kind === 'json' ? jsonEscape : kind === 'qp' ? qpRun : anyEscape;
  // `any`: the next of each lead, each found natively and looked for again only once passed.
  const next = [-1, -1, -1];
  let i = 0;
  let copied = 0;
  while (i < s.length) {
    // The next lead character, found natively: the text between is copied as it is.
    i = kind === 'any' ? nextLead(s, i, next) : s.indexOf(leadChar, i);
    if (i < 0) break;
    const n = read(s, i);
    if (n === 0) {
      i += 1;
      continue;
    }
    b.copy(copied, i);
    // A soft line break stands for nothing.
    if (decoded >= 0) b.pushCode(decoded, i, i + n);
    i += n;
    copied = i;
  }
  b.copy(copied, s.length);
  return b.done();
}

/**
 * What the escape just read stands for (set by the readers below, which return how many units they took); -1 for
 * nothing (a quoted-printable soft line break).
 */
let decoded = 0;

/** The first lead of any family at or after `from` (-1: none); `next` keeps each one's last find. */
function nextLead(s: string, from: number, next: number[]): number {
  let first = -1;
  for (let k = 0; k < ESCAPE_LEADS.length; k++) {
    let at = next[k] ?? -1;
    if (at !== -2 && at < from) {
      at = s.indexOf(ESCAPE_LEADS.charAt(k), from);
      next[k] = at < 0 ? -2 : at;
    }
    if (at >= 0 && (first < 0 || at < first)) first = at;
  }
  return first;
}

/** The escape of whichever family `s[at]` leads (percent, XML or JSON). */
function anyEscape(s: string, at: number): number {
  const c = s.charCodeAt(at);
  return c === 0x25 ? percentRun(s, at) : c === 0x26 ? charReference(s, at) : jsonEscape(s, at);
}

/**
 * `\uXXXX` or `\"`-style JSON escapes, and JavaScript's (and Python's, C's) `\xHH`; returns how many source units it
 * took (0: not an escape).
 */
function jsonEscape(s: string, at: number): number {
  const next = s[at + 1] ?? '';
  if (next === 'u' || next === 'x') {
    const digits = next === 'u' ? 4 : 2;
    const v = hexAt(s, at + 2, digits);
    if (v === undefined) return 0;
    decoded = v;
    return 2 + digits;
  }
  if (!Object.hasOwn(JSON_SIMPLE, next)) return 0;
  decoded = (JSON_SIMPLE[next] ?? next).charCodeAt(0);
  return 2;
}

/** `%uXXXX`, or a run of `%XX` bytes read as UTF-8; returns how many source units it took (0: not an escape). */
function percentRun(s: string, at: number): number {
  if (s[at + 1] === 'u' || s[at + 1] === 'U') {
    const v = hexAt(s, at + 2, 4);
    if (v === undefined) return 0;
    decoded = v;
    return 6;
  }
  return byteRun(s, at, '%');
}

/** A quoted-printable soft line break (`=` ending a line), or a run of `=XX` bytes read as UTF-8 (0: not an escape). */
function qpRun(s: string, at: number): number {
  const soft = softBreakAt(s, at);
  if (soft > 0) {
    decoded = -1;
    return soft;
  }
  return byteRun(s, at, '=');
}

/**
 * One character as `lead` and two hex digits per UTF-8 byte (`%C3%A9`, `=C3=A9`); how many units it took (0: none).
 * Quoted-printable breaks lines by bytes, so a soft line break may stand between a character's bytes: skipped there.
 */
function byteRun(s: string, at: number, lead: string): number {
  const first = hexAt(s, at + 1, 2);
  if (first === undefined) return 0;
  // One character: an ASCII byte, or a lead byte with its continuation bytes.
  const need = first < 0x80 ? 0 : first >= 0xf0 && first < 0xf8 ? 3 : first >= 0xe0 ? 2 : first >= 0xc0 ? 1 : -1;
  if (need < 0) return 0;
  let cp = need === 0 ? first : first & (0x3f >> need);
  let p = at + 3;
  for (let k = 1; k <= need; k++) {
    if (lead === '=') p += softBreakAt(s, p);
    const byte = s[p] === lead ? hexAt(s, p + 1, 2) : undefined;
    if (byte === undefined || (byte & 0xc0) !== 0x80) return 0;
    cp = (cp << 6) | (byte & 0x3f);
    p += 3;
  }
  if (!validCodePoint(cp) && cp !== 0) return 0;
  decoded = cp;
  return p - at;
}

/** The length of a quoted-printable soft line break (`=` and LF or CRLF) at `at`, else 0. */
function softBreakAt(s: string, at: number): number {
  if (s.charCodeAt(at) !== 0x3d) return 0;
  const next = s.charCodeAt(at + 1);
  return next === 0x0a ? 2 : next === 0x0d && s.charCodeAt(at + 2) === 0x0a ? 3 : 0;
}

/** `&#NNN;`, `&#xHH;` or a named reference (NAMED); returns how many source units it took (0: none). */
function charReference(s: string, at: number): number {
  if (s[at + 1] === '#') {
    const hex = s[at + 2] === 'x' || s[at + 2] === 'X';
    let k = at + (hex ? 3 : 2);
    let cp = 0;
    const start = k;
    while (k < s.length && k - start < 8) {
      const code = s.charCodeAt(k);
      const digit = hex ? hexDigit(code) : code >= 0x30 && code <= 0x39 ? code - 0x30 : -1;
      if (digit < 0) break;
      cp = cp * (hex ? 16 : 10) + digit;
      k += 1;
    }
    if (k === start || s[k] !== ';' || !validCodePoint(cp)) return 0;
    decoded = cp;
    return k + 1 - at;
  }
  // The name: ASCII letters up to the `;`, no longer than the longest known.
  let end = at + 1;
  while (end < s.length && end - at <= LONGEST_NAME && isAsciiLetter(s.charCodeAt(end))) end += 1;
  if (end === at + 1 || s.charCodeAt(end) !== 0x3b) return 0;
  const name = s.slice(at + 1, end);
  if (!Object.hasOwn(NAMED, name)) return 0;
  decoded = NAMED[name] ?? 0;
  return end + 1 - at;
}

function isAsciiLetter(c: number): boolean {
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x7a;
}

const MARK = /^\p{M}$/u;
/** Per code point below U+10000: its folded form and whether it is a combining mark (it then joins the one before). */
const foldedBmp: Array<Folded | undefined> = [];
interface Folded {
  out: string;
  mark: boolean;
}

function foldOf(cp: number): Folded {
  const cached = cp < 0x10000 ? foldedBmp[cp] : undefined;
  if (cached !== undefined) return cached;
  const ch = String.fromCodePoint(cp);
  // Invisible by the one rule the id checks use too (invisibleChars.ts): dropped, so none can hide a secret. So is
  // every combining mark, a decomposed character's accent included: `é` is `e`, and `s\u0301e\u0301` is `se`.
  const out = isInvisible(ch) ? '' : ch.normalize('NFKD').replace(/\p{M}/gu, '').replace(/\+/g, ' ');
  const f = { out, mark: MARK.test(ch) };
  if (cp < 0x10000) foldedBmp[cp] = f;
  return f;
}

/** True when fold() may change `s` (anything beyond ASCII, or a `+`). */
export function needsFold(s: string, plus: boolean): boolean {
  return beyondAscii(s) || (plus && s.includes('+'));
}

/**
 * True when `s` holds a character beyond ASCII: its UTF-8 form is then longer than it (a lone surrogate too, written
 * as three bytes). Node counts that natively: a character class over 8 KB cost about 9 µs, this a tenth of a µs.
 */
function beyondAscii(s: string): boolean {
  return Buffer.byteLength(s, 'utf8') !== s.length;
}

/**
 * Look-alikes made one: NFKD without combining marks (each character with the marks after it: the marks stand
 * where the character stood, so a mask over it covers them), invisible characters (invisibleChars.ts) dropped, `+`
 * as a space. Every character is looked at once: linear, however many marks a character carries.
 */
export function fold(src: Spelled): Spelled {
  const s = src.text;
  const b = builderFor(src);
  const notPlainAscii = /[+\x80-\uffff]/g;
  let i = 0;
  let copied = 0;
  while (i < s.length) {
    // ASCII is itself (but `+`), unless combining marks follow: skip to the next character that is not, found
    // natively, and step back one when it is a mark (the ASCII character before it heads the run).
    notPlainAscii.lastIndex = i;
    const next = notPlainAscii.exec(s);
    if (next === null) break;
    const at = next.index;
    i = at > i && s.charCodeAt(at) >= 0x300 && foldOf(s.codePointAt(at) ?? 0).mark ? at - 1 : at;
    b.copy(copied, i);
    const cp = s.codePointAt(i) ?? 0;
    let end = i + (cp > 0xffff ? 2 : 1);
    while (end < s.length) {
      const m = s.codePointAt(end) ?? 0;
      if (!foldOf(m).mark) break;
      end += m > 0xffff ? 2 : 1;
    }
    b.push(foldOf(cp).out, i, end);
    i = end;
    copied = i;
  }
  b.copy(copied, s.length);
  return b.done();
}

/**
 * Every reading a secret is looked for in, without positions: fold(text), then with one layer of escapes undone
 * and folded, each family present, then a second layer on each of those, and a third under XML references (a raw
 * answer's own escaping around a value spelled twice). A layer that undoes nothing gives the
 * reading it started from (and its children those already given), so it is left out. `visit` gets the reading and
 * the families undone, outermost first (trackedReading rebuilds it with positions when a search finds something).
 *
 * `anyFamily` (no secret looked for holds `%`, `&` or `\`): each layer undoes every family at once, and a third layer
 * follows, four readings at most instead of thirteen (quoted-printable, never undone with the others, is a branch
 * beside each layer where a reading holds one of its escapes). A secret in a reading of one family per layer is in
 * these too: its span holds no lead, so every escape that spelled it is undone alike. The third layer reads what a parser's
 * reference decoding leaves two layers deep (boundary.ts then need not search the parsed strings again). `skipText`: fold(text)
 * is not visited when it is the text itself (the caller has searched the text for every value as written).
 */
export function eachReading(
  text: string,
  visit: (reading: string, steps: readonly EscapeKind[]) => void,
  anyFamily = false,
  skipText = false,
  spaceless = false,
): void {
  const folded = (s: string): string => (needsFold(s, true) ? fold(literal(s, false)).text : s);
  // ASCII text is folded only by its `+` made spaces: a value without a space found in that reading stands in the
  // text as written, which the caller searched (`spaceless`: no value holds a space). One search of 1 MB less when an
  // answer's timestamp carries a `+0000` (issue 41).
  const plusOnly = !beyondAscii(text);
  if (anyFamily && skipText && spaceless && plusOnly) {
    // No `+` or space is part of an escape, and fold makes every `+` a space: the first layer undone from the text
    // and folded is the layer undone from its fold and folded, without a fold of the whole text first.
    anyLayers(text, visit, folded);
    return;
  }
  const first = folded(text);
  if (!(skipText && first === text)) visit(first, []);
  if (anyFamily) {
    anyLayers(first, visit, folded);
    return;
  }
  for (const outer of escapesIn(first)) {
    // Every escape decoded is shorter than what spelled it: the same length means nothing was undone.
    const undone = decode(literal(first, false), outer).text;
    if (undone.length === first.length) continue;
    const once = folded(undone);
    visit(once, [outer]);
    for (const inner of escapesIn(once)) {
      const undoneTwice = decode(literal(once, false), inner).text;
      if (undoneTwice.length === once.length) continue;
      const twice = folded(undoneTwice);
      visit(twice, [outer, inner]);
      // Under XML references, one layer more: a raw XML answer's own escaping around a value spelled twice
      // (`&amp;amp;#107;`, `&amp;#92;u006b`, `%2520&apos;`) is three deep, and the raw answer is shown as it came.
      if (outer !== 'xml') continue;
      for (const third of escapesIn(twice)) {
        const thrice = decode(literal(twice, false), third).text;
        if (thrice.length !== twice.length) visit(folded(thrice), [outer, inner, third]);
      }
    }
  }
}

/** eachReading's layers with every family undone at once, from `reading` (the text folded, or ASCII text itself). */
function anyLayers(
  reading: string,
  visit: (reading: string, steps: readonly EscapeKind[]) => void,
  folded: (s: string) => string,
  steps: readonly EscapeKind[] = [],
): void {
  if (steps.length >= ANY_FAMILY_LAYERS) return;
  // Percent, XML and JSON at once; quoted-printable as a layer of its own beside it (only where the reading holds
  // one of its escapes: a `key=value` whose value starts with two hex digits keeps them in the other branch).
  for (const kind of ['any', 'qp'] as const) {
    if (kind === 'any' ? !hasLead(reading) : !hasQuotedPrintable(reading)) continue;
    const undone = decode(literal(reading, false), kind).text;
    // Every escape decoded is shorter than what spelled it: the same length means nothing was undone.
    if (undone.length === reading.length) continue;
    const next = folded(undone);
    const nextSteps = [...steps, kind];
    visit(next, nextSteps);
    anyLayers(next, visit, folded, nextSteps);
  }
}

/** True when `s` holds a lead of the families `any` undoes. */
function hasLead(s: string): boolean {
  return s.includes('%') || s.includes('&') || s.includes('\\');
}

/** Layers of escapes undone when every family is undone at once: XML references, then two of any family (quoted-printable counted as one). */
export const ANY_FAMILY_LAYERS = 3;

/** The reading eachReading gave for `steps`, with every character's place in `text`. */
export function trackedReading(text: string, steps: readonly EscapeKind[]): Spelled {
  let reading = fold(literal(text));
  for (const kind of steps) reading = fold(decode(reading, kind));
  return reading;
}

/** `value` folded as fold() folds text, for looking it up in a folded reading. */
export function foldValue(value: string): string {
  return fold(literal(value)).text;
}

/**
 * `value` as quoted-printable writes it (RFC 2045: `=`, controls and bytes beyond ASCII as `=XX`; one line, and in
 * lines of 76 with soft breaks) when that spelling begins with two hex digits: a `=` right before it in the text
 * (`token=` + the spelling) reads as an escape and takes those digits, so no reading holds the value. Searched as it
 * is written instead. Empty for any other value: its spelling has no such lead.
 */
export function quotedPrintableLeads(value: string): string[] {
  const units = Array.from(Buffer.from(value, 'utf8'), (byte) =>
    byte === 0x3d || byte < 0x21 || byte > 0x7e ? `=${byte.toString(16).toUpperCase().padStart(2, '0')}` : String.fromCharCode(byte),
  );
  const spelled = units.join('');
  if (spelled === value || hexDigit(spelled.charCodeAt(0)) < 0 || hexDigit(spelled.charCodeAt(1)) < 0) return [];
  const lines: string[] = [];
  let line = '';
  for (const unit of units) {
    if (line.length + unit.length > 75) {
      lines.push(line);
      line = '';
    }
    line += unit;
  }
  lines.push(line);
  return [...new Set([spelled, lines.join('=\r\n'), lines.join('=\n')])];
}

/**
 * What base64 of data holding `value` always holds, wherever `value` stands in it: for each of the three byte offsets
 * from a 3-byte group's start, the characters encoded from `value`'s bits alone (the first and last are shared with
 * the bytes around it, so they are left out), standard and URL-safe; those shorter than `minLength` left out.
 * (Here, not in redact.ts: it runs only once a secret is registered, and this bundle is loaded by then.)
 */
export function embeddedBase64(value: string, minLength: number): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const cores = new Set<string>();
  for (let offset = 0; offset < 3; offset++) {
    // Zero bytes before it stand for whatever preceded it; the characters they touch are cut off again.
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const core = encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
    if (core.length < minLength) continue;
    cores.add(core);
    cores.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...cores];
}
