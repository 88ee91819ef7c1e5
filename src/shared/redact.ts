// Masks credentials and phone numbers in text before it reaches a log. Pure and editor-free so it is
// tested in plain Node; the host passes every log line through it. It errs towards masking: a log
// line missing a digit is a small cost, a leaked secret or subscriber number is not.
import type * as SpelledText from './spelledText.js';
import type { Automaton, Spelled } from './spelledText.js';
import { trimTrailing } from './trim.js';

const MASK = '***';
/** Fixed width, so a masked phone number does not reveal its length. */
const PHONE_MASK = '******';
/**
 * Values at least this long are masked wherever they appear, in any spelling (spelledText.ts); shorter ones (a
 * 3-character secret is still a secret) only where they stand alone as written, since inside words they would
 * mask half the text. Sign-in warns about a secret that short (signInSteps.ts).
 */
export const MIN_SUBSTRING_LENGTH = 4;

/** Characters of an access key id left readable where it is masked (log lines), enough to tell two keys apart. */
export const KEY_ID_VISIBLE = 4;

let spelled: typeof SpelledText | undefined;

/**
 * The readings of text in every spelling (spelledText.ts), loaded with the first secret registered: until then there
 * is nothing to look for. In the shipped files it is a bundle of its own, dist/spelled.js (esbuild.mjs lazyParts),
 * so activation does not parse it; run from the sources (tests), this require loads the TypeScript file.
 */
function spelledText(): typeof SpelledText {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (spelled ??= require('./spelledText.js') as typeof SpelledText);
}

/** Values known to be secret (a stored secret access key, an access key id), masked wherever they appear. */
export class KnownSecrets {
  /** Literal text → its replacement; each value is registered in the spellings an echo writes most. */
  private readonly replacements = new Map<string, string>();
  /** Short values (matched as whole tokens only) → their replacement. */
  private readonly shortReplacements = new Map<string, string>();
  /** Each value folded (spelledText.ts) → its replacement: looked for in every reading of the text. */
  private readonly foldedReplacements = new Map<string, string>();
  /** The literal values longest first, and one automaton finding them all in one pass (built on first use). */
  private ordered: { values: [string, string][]; automaton: Automaton } | undefined;
  private foldedOrdered: { values: [string, string][]; automaton: Automaton } | undefined;
  private shortPattern: RegExp | undefined;
  /** The length of the shortest registered value in any spelling: shorter ASCII text holds none of them. */
  private shortest = Infinity;
  /**
   * A folded value holds a space that is not a `+` of its own, so a `+` in the text may be one (form encoding). A
   * value's own `+` (a base64 form's) stands in the text as written, which the literal search finds.
   */
  private plusMatters = false;
  /** holds()'s answers, forgotten when a value is added. */
  private readonly holding = new Map<string, boolean>();
  /** Every add() as it was called, so that two sets can be joined into one searched in a single pass (union). */
  private readonly entries: Array<[string, number]> = [];
  /** Changes with every value added (unique across sets): a union built from this set knows when it is stale. */
  version = 0;

  /** Every add() as it was called (value, keepPrefix): what it takes to build the same set elsewhere (another thread). */
  written(): Array<[string, number]> {
    return this.entries.map(([value, keep]) => [value, keep]);
  }

  /** A set holding what written() returned. */
  static rebuilt(entries: ReadonlyArray<readonly [string, number]>): KnownSecrets {
    const set = new KnownSecrets();
    for (const [value, keep] of entries) set.add(value, keep);
    return set;
  }

  /** One set holding the values of every set given, so that text is searched once for all of them. */
  static union(...sets: readonly KnownSecrets[]): KnownSecrets {
    const all = new KnownSecrets();
    for (const set of sets) for (const [value, keep] of set.entries) all.add(value, keep);
    return all;
  }

  /**
   * Registers a value. `keepPrefix` keeps that many leading characters readable (access key ids
   * stay recognisable; secrets keep none). Returns false only for the empty string.
   */
  add(value: string, keepPrefix = 0): boolean {
    if (value.length === 0) return false;
    const replacement = partial(value, keepPrefix);
    const folded = spelledText().foldValue(value);
    this.entries.push([value, keepPrefix]);
    this.version = ++versions;
    // Its length as it reads, combining marks counted (the fold drops them, so that none interleaved hides a secret).
    const marks = folded.length < MIN_SUBSTRING_LENGTH ? (value.normalize('NFKD').match(/\p{M}/gu)?.length ?? 0) : 0;
    if (value.length < MIN_SUBSTRING_LENGTH || folded.length + marks < MIN_SUBSTRING_LENGTH) {
      // Whole tokens only, in the spellings an echo writes most (the readings below are for substrings).
      for (const variant of encodings(value)) {
        this.register(variant.length < MIN_SUBSTRING_LENGTH ? this.shortReplacements : this.replacements, variant, replacement);
        this.shortest = Math.min(this.shortest, variant.length);
      }
    } else {
      // As written and folded: plain ASCII text without escapes is its own reading and skips the readings, and any
      // other spelling holds a `%`, `&`, `\`, a character beyond ASCII, or a `+` standing for a space, which send the
      // text to them. A value's own `+` is a `+` in its compatibility forms too (NFKC of `a+ｂ` is `a+b`): that form is
      // a literal of its own, so a `+` in the text needs the readings only when some value holds a real space.
      const plusKept = value.includes('+') ? value.split('+').map(spelledText().foldValue).join('+') : folded;
      this.register(this.replacements, value, replacement);
      this.register(this.replacements, folded, replacement);
      this.register(this.replacements, plusKept, replacement);
      this.register(this.foldedReplacements, folded, replacement);
      for (const qp of spelledText().quotedPrintableLeads(value)) {
        this.register(this.replacements, qp, replacement);
        this.register(this.foldedReplacements, spelledText().foldValue(qp), replacement);
      }
      this.shortest = Math.min(this.shortest, value.length, folded.length);
      if (plusKept.includes(' ')) this.plusMatters = true;
    }
    this.ordered = undefined;
    this.foldedOrdered = undefined;
    this.shortPattern = undefined;
    this.holding.clear();
    return true;
  }

  /** True when some value this masks holds `char` in its folded form (a join on `char` could spell it). */
  holds(char: string): boolean {
    let yes = this.holding.get(char);
    if (yes === undefined) {
      yes = [...this.foldedReplacements.keys()].some((value) => value.includes(char));
      this.holding.set(char, yes);
    }
    return yes;
  }

  /**
   * True when no value holds an escape's lead (`%`, `&`, `\`): the text is then read with every family undone at once,
   * three layers deep (spelledText.ts eachReading), one more than under XML references: a parse's decoded strings hold
   * no reading this search has not made (the answer boundary relies on it).
   */
  readsEveryFamilyAtOnce(): boolean {
    return !['%', '&', '\\'].some((lead) => this.holds(lead));
  }

  private register(map: Map<string, string>, key: string, replacement: string): void {
    const existing = map.get(key);
    // A value registered once as a full secret stays fully masked.
    if (existing === undefined || replacement.length < existing.length) map.set(key, replacement);
  }

  /**
   * Registers a key pair: both values, and what is built from them that an echo may carry: base64
   * (padded or not, standard or URL-safe) and hex of the secret alone and of `id:secret` (the Basic credential);
   * base64 of the secret inside longer data (base64('x' + secret), of `{"secret":"…"}`), at each of the three byte
   * offsets, as written and JSON-escaped; and a secret holding `+` or `/` written in base64url's alphabet.
   */
  addCredentials(accessKeyId: string, secretAccessKey: string, keepIdPrefix = KEY_ID_VISIBLE): void {
    this.add(secretAccessKey);
    this.add(accessKeyId, keepIdPrefix);
    if (!secretAccessKey) return;
    const built = [secretAccessKey, ...(accessKeyId ? [`${accessKeyId}:${secretAccessKey}`] : [])];
    for (const value of built) for (const form of binaryForms(value)) if (form !== value) this.add(form);
    const urlAlphabet = secretAccessKey.replace(/\+/g, '-').replace(/\//g, '_');
    if (urlAlphabet !== secretAccessKey) this.add(urlAlphabet);
    if (secretAccessKey.length < MIN_SUBSTRING_LENGTH) return;
    for (const inner of new Set([secretAccessKey, JSON.stringify(secretAccessKey).slice(1, -1)]))
      for (const core of spelledText().embeddedBase64(inner, MIN_SUBSTRING_LENGTH)) this.add(core);
  }

  get size(): number {
    return this.replacements.size + this.shortReplacements.size;
  }

  apply(text: string): string {
    // Nothing registered, nothing to mask (and spelledText.ts not loaded yet).
    if (this.replacements.size === 0 && this.shortReplacements.size === 0 && this.foldedReplacements.size === 0) return text;
    // A byte order mark opening the text comes before everything, so no spelling of a value runs through it: it does
    // not send the whole text to the readings (an answer served with one cost three times as much to search).
    if (text.charCodeAt(0) !== 0xfeff) return this.masked(text);
    // Nothing masked: the text itself, not a join of the mark and a copy (which the parser would flatten again).
    const rest = text.slice(1);
    const out = this.masked(rest);
    return out === rest ? text : '\uFEFF' + out;
  }

  private masked(text: string): string {
    const { hasEscapes, needsFold } = spelledText();
    // Most text of a parsed answer is a count or a date, shorter than any credential: skip the search. (An answer's
    // strings pass here one by one; with a few profiles stored, each would otherwise be searched for dozens of values.)
    // Only ASCII text can be skipped by its length: decoding shortens it, folding keeps it as long; NFKD may
    // lengthen anything else (`ﬁ` is `fi`).
    if (text.length < this.shortest && !needsFold(text, false)) return text;
    let out = text;
    if (this.replacements.size > 0) out = this.maskLiterals(out);
    if (this.shortReplacements.size > 0) {
      this.shortPattern ??= new RegExp(
        `(?<![A-Za-z0-9])(?:${[...this.shortReplacements.keys()]
          .sort((a, b) => b.length - a.length)
          .map(escapeRegExp)
          .join('|')})(?![A-Za-z0-9])`,
        'g',
      );
      out = out.replace(this.shortPattern, (m) => this.shortReplacements.get(m) ?? MASK);
    }
    if (this.foldedReplacements.size > 0 && (hasEscapes(out) || needsFold(out, this.plusMatters))) out = this.maskSpelled(out);
    return out;
  }

  /**
   * Every literal value replaced as written, longest first (a secret containing another registered value is masked
   * whole), each left to right where no longer one was masked: all found in one pass over the text.
   */
  private maskLiterals(text: string): string {
    this.ordered ??= searchable(this.replacements);
    const { values, automaton } = this.ordered;
    const hits: Array<[start: number, end: number, value: number]> = [];
    automaton.search(text, (end, v) => void hits.push([end - (values[v]?.[0].length ?? 0), end, v]));
    if (hits.length === 0) return text;
    // The order the replacements were made in one by one: by value (longest first), then left to right.
    hits.sort((a, b) => a[2] - b[2] || a[0] - b[0]);
    const chosen: Array<[number, number, string]> = [];
    const taken = new Uint8Array(text.length);
    for (const [start, end, v] of hits) {
      let free = true;
      for (let k = start; k < end && free; k++) free = taken[k] === 0;
      if (!free) continue;
      taken.fill(1, start, end);
      chosen.push([start, end, values[v]?.[1] ?? MASK]);
    }
    chosen.sort((a, b) => a[0] - b[0]);
    let out = '';
    let at = 0;
    for (const [start, end, replacement] of chosen) {
      out += text.slice(at, start) + replacement;
      at = end;
    }
    return out + text.slice(at);
  }

  /**
   * Every registered value masked in every spelling: looked for in the text folded, and with one and two layers
   * of escapes undone (spelledText.ts); each find masks the span of the original text that spelled it. The readings
   * are searched for all values at once and without positions; a reading that holds one is rebuilt with them.
   */
  private maskSpelled(text: string): string {
    this.foldedOrdered ??= searchable(this.foldedReplacements);
    const { values, automaton } = this.foldedOrdered;
    const { eachReading, trackedReading } = spelledText();
    const found: Array<{ from: number; to: number; replacement: string }> = [];
    // No value holds a lead character: one reading per layer, every family undone at once. The text as written was
    // searched for every folded value by maskLiterals: unless folding changes it, it is not searched again.
    const anyFamily = this.readsEveryFamilyAtOnce();
    eachReading(
      text,
      (reading, steps) => {
        let placed: Spelled | undefined;
        automaton.search(reading, (end, v) => {
          const [value, replacement] = values[v] ?? ['', MASK];
          placed ??= trackedReading(text, steps);
          found.push({ from: placed.from[end - value.length] ?? 0, to: placed.to[end - 1] ?? text.length, replacement });
        });
      },
      anyFamily,
      this.replacements.size > 0,
      !this.plusMatters,
    );
    if (found.length === 0) return text;
    found.sort((a, b) => a.from - b.from);
    let out = '';
    let at = 0;
    for (let i = 0; i < found.length;) {
      const first = found[i];
      if (!first) break;
      let { to, replacement } = first;
      // Overlapping finds become one mask, the most complete one.
      for (i += 1; i < found.length && (found[i]?.from ?? Infinity) < to; i++) {
        const next = found[i];
        if (!next) break;
        to = Math.max(to, next.to);
        if (next.replacement.length < replacement.length) replacement = next.replacement;
      }
      if (first.from < at) continue;
      out += text.slice(at, first.from) + replacement;
      at = to;
    }
    return out + text.slice(at);
  }
}

/** Masks secrets, signatures, basic credentials, access key ids (partly) and phone numbers in `text`. */
export function redact(text: string, known?: KnownSecrets): string {
  let out = known ? known.apply(text) : text;
  out = out.replace(URL_USERINFO, (_m, user: string) => `://${user}:${MASK}@`);
  out = out.replace(AUTHORIZATION_VALUE, (_m, head: string, scheme: string) => `${head}${scheme} ${MASK}`);
  out = out.replace(AUTH_TOKEN, (m, scheme: string, token: string) => (looksLikeWord(token) ? m : `${scheme} ${MASK}`));
  out = out.replace(BASE64_TOKEN, (m) => (decodesToCredentials(m) ? MASK : m));
  out = out.replace(SECRET_PAIR, (m, key: string, sep: string, value: string) => maskPair(m, key, sep, value, 0));
  out = out.replace(KEY_ID_PAIR, (m, key: string, sep: string, value: string) => maskPair(m, key, sep, value, 4));
  out = out.replace(SECRET_ELEMENT, (_m, open: string, close: string) => `${open}${MASK}${close}`);
  out = out.replace(E164, (_m, plus: string, number: string) => plus + maskDigits(number.replace(/\D/g, '')));
  out = out.replace(DIGIT_RUN, (m) => (looksLikeEpoch(m) ? m : maskDigits(m)));
  return out;
}

/** Source of KnownSecrets.version: every set's versions differ, so a union never mistakes one set for another. */
let versions = 0;

/** `map`'s entries longest first (the order replacements are made in) and an automaton finding them all. */
function searchable(map: ReadonlyMap<string, string>): { values: [string, string][]; automaton: Automaton } {
  const values = [...map].sort((a, b) => b[0].length - a[0].length);
  return { values, automaton: new (spelledText().Automaton)(values.map(([value]) => value)) };
}

/** A phone number as `+4915******78`: enough to tell numbers apart, not enough to call one. */
export function maskPhoneNumber(e164: string): string {
  const digits = e164.replace(/\D/g, '');
  if (digits.length === 0) return '';
  return (e164.trimStart().startsWith('+') ? '+' : '') + maskDigits(digits);
}

// --- patterns -----------------------------------------------------------------------------------

// scheme://user:password@host, found from its `://` (a scheme-first pattern retried at every letter of a
// long word costs quadratic time); the user name stays, the password goes.
const URL_USERINFO = /(?<=[a-z0-9+.-]):\/\/([^\s/:@]+):[^\s/@]+@/gi;

const PRINTABLE = /^[\x20-\x7e]*$/;

// `Authorization: Basic …` in any notation (header, JSON, inspected object): always masked.
const AUTHORIZATION_VALUE = /(\bauthorization["']?[ \t]*[:=][ \t]*["']?)(basic|bearer|digest)[ \t]+[^\s"',;]+/gi;

// A credential token after the scheme name anywhere else (`Basic dXNlcjpwYXNz`).
const AUTH_TOKEN = /\b(basic|bearer)[ \t]+([A-Za-z0-9+/=._~-]{6,})/gi;

// A base64 run (standard or URL-safe, padding possibly percent-encoded) that may be an echoed Basic
// credential; masked only when it decodes to printable `id:secret` (see decodesToCredentials).
const BASE64_TOKEN = /(?<=^|[^A-Za-z0-9+/_%-]|%[0-9A-Fa-f]{2})[A-Za-z0-9+/_-]{8,}(?:={1,2}|(?:%3[Dd]){1,2})?(?![A-Za-z0-9+/_=-])/g;

// Header-ish, query-ish and JSON-ish `key: value` / `key=value` / `"key": "value"`. The separator
// never crosses a line, so an empty `Signature:` header line stays empty rather than eating the next.
const KEY_PREFIX = String.raw`(?<![\w.-])([\w-]*?`;
const PAIR_TAIL = String.raw`)(["']?[ \t]*[:=][ \t]*)("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|[^\s"',;&<>)}\]]+)`;
const SECRET_KEYS = String.raw`(?:secret[_-]?access[_-]?key|secret|password|passwd|api[_-]?key|token|signature)`;
const KEY_ID_KEYS = String.raw`(?:access[_-]?key[_-]?id)`;
const SECRET_PAIR = new RegExp(KEY_PREFIX + SECRET_KEYS + PAIR_TAIL, 'gi');
const KEY_ID_PAIR = new RegExp(KEY_PREFIX + KEY_ID_KEYS + PAIR_TAIL, 'gi');
const SECRET_ELEMENT = new RegExp(String.raw`(<(?:[\w-]*?)${SECRET_KEYS}>)[^<]+(</)`, 'gi');

// `+` (or its URL encoding) and 7–15 digits, single spaces or dashes allowed between digits.
const E164 = /(\+|%2[Bb])(\d(?:[ -]?\d){6,14})(?!\d)/g;

// 10–15 digits standing alone: national or international numbers written without `+`. Not part of
// a word, a decimal or a dashed id (UUID groups stay readable).
const DIGIT_RUN = /(?<![\w.+-])\d{10,15}(?![\w-]|\.\d)/g;

// --- helpers ------------------------------------------------------------------------------------

function maskPair(whole: string, key: string, sep: string, value: string, keep: number): string {
  const quote = value.startsWith('"') || value.startsWith("'") ? value[0] : '';
  const inner = quote ? value.slice(1, -1) : value;
  if (inner === '' || inner === MASK) return whole; // an empty Signature is worth seeing as empty
  return `${key}${sep}${quote}${partial(inner, keep)}${quote}`;
}

function partial(value: string, keep: number): string {
  // Never reveal more than half of a value, however short.
  const shown = Math.min(keep, Math.floor(value.length / 2));
  return value.slice(0, shown) + MASK;
}

/** Shows at most 6 digits and never more than half of them; a fixed mask hides the length. */
function maskDigits(digits: string): string {
  const head = digits.length >= 12 ? 4 : digits.length >= 6 ? 2 : 0;
  const tail = digits.length >= 8 ? 2 : digits.length >= 4 ? 1 : 0;
  return digits.slice(0, head) + PHONE_MASK + digits.slice(digits.length - tail);
}

/**
 * The forms a value takes when a server, proxy or log echoes it: as written, percent-encoded (upper
 * and lower case hex), form-encoded (space as `+`, `!'()*` encoded too), JSON-escaped and XML-escaped.
 */
function encodings(value: string): Set<string> {
  const percent = encodeURIComponent(value);
  const form = percent.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).replace(/%20/g, '+');
  const lower = (s: string): string => s.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase());
  const xml = value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
  return new Set([value, percent, lower(percent), form, lower(form), JSON.stringify(value).slice(1, -1), xml]);
}

/** base64 (padded, unpadded, URL-safe either way) and hex (either case) of `value`'s UTF-8 bytes. */
function binaryForms(value: string): string[] {
  const basic = toBase64(value);
  const unpadded = trimTrailing(basic, '=');
  const urlSafe = unpadded.replace(/\+/g, '-').replace(/\//g, '_');
  let hex = '';
  for (const byte of new TextEncoder().encode(value)) hex += byte.toString(16).padStart(2, '0');
  return [...new Set([basic, unpadded, urlSafe, urlSafe.padEnd(basic.length, '='), hex, hex.toUpperCase()])];
}

/** UTF-8 then base64, without Buffer: this module also runs where only web APIs exist. */
function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** True when a base64 run decodes to printable text shaped like `id:secret` (both sides non-empty). */
function decodesToCredentials(token: string): boolean {
  const b64 = trimTrailing(
    token
      .replace(/%3[Dd]/g, '=')
      .replace(/-/g, '+')
      .replace(/_/g, '/'),
    '=',
  );
  if (b64.length % 4 === 1) return false;
  let decoded: string;
  try {
    decoded = atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, '='));
  } catch {
    return false;
  }
  // Printable, no space at either end, a colon with something on each side; and not a URL.
  const colon = decoded.indexOf(':');
  return (
    PRINTABLE.test(decoded) &&
    decoded[0] !== ' ' &&
    !decoded.endsWith(' ') &&
    colon > 0 &&
    colon < decoded.length - 1 &&
    !/^[a-z][a-z0-9+.-]*:\/\//i.test(decoded)
  );
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `Basic authentication` in prose is a word, not a credential. */
function looksLikeWord(token: string): boolean {
  return /^[A-Za-z][a-z]*$/.test(token);
}

/** Unix times in seconds (10 digits) and milliseconds (13 digits, the Timestamp header) are not phones. */
function looksLikeEpoch(digits: string): boolean {
  return (digits.length === 10 || digits.length === 13) && digits.startsWith('1');
}
