// How a credential can be spelled by whatever echoes it, written from the platform's own encoders and
// owing nothing to the product's list (src/shared/redact.ts): the leak suite hides these in answers and
// then looks for them in what every surface shows. Also the secrets the properties draw.
import fc from 'fast-check';

// The entities package (an HTML encoder and decoder the product does not use) is ESM: required, as Node allows.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { encodeHTML } = require('entities') as { encodeHTML: (text: string) => string };

/**
 * Characters no one sees: zero-width space, non-joiner, joiner, word joiner, BOM, soft hyphen; and those that are
 * no format character (not \p{Cf}) yet default-ignorable all the same: the combining grapheme joiner, variation
 * selector 16, and the Hangul fillers (choseong, jungseong, filler, halfwidth filler).
 */
const INVISIBLES = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u034f', '\ufe0f', '\u115f', '\u1160', '\u3164', '\uffa0'];

const lowerHex = (s: string): string => s.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase());
const codePoints = (s: string): string[] => Array.from(s);

/** `value` as URLSearchParams (and Java's URLEncoder, which writes the same) encode a form field. */
function formEncoded(value: string): string {
  return new URLSearchParams([['x', value]]).toString().slice(2);
}

/** Every code unit as a JSON `\uXXXX` escape (what an ASCII-only JSON writer emits for non-ASCII). */
function jsonAllEscaped(value: string, upper: boolean): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const hex = value.charCodeAt(i).toString(16).padStart(4, '0');
    out += `\\u${upper ? hex.toUpperCase() : hex}`;
  }
  return out;
}

/** JSON.stringify's text, with every non-ASCII code unit escaped as well (ensure_ascii writers). */
function jsonAscii(value: string): string {
  const plain = JSON.stringify(value).slice(1, -1);
  let out = '';
  for (let i = 0; i < plain.length; i++) {
    const c = plain.charCodeAt(i);
    out += c > 0x7e ? `\\u${c.toString(16).padStart(4, '0')}` : plain[i];
  }
  return out;
}

/** XML character references for every code point: decimal, hex lower, hex upper, every other one. */
function charRefs(value: string): Record<string, string> {
  const cps = codePoints(value).map((c) => c.codePointAt(0) ?? 0);
  return {
    'char refs (decimal)': cps.map((c) => `&#${c};`).join(''),
    'char refs (hex)': cps.map((c) => `&#x${c.toString(16)};`).join(''),
    'char refs (HEX)': cps.map((c) => `&#X${c.toString(16).toUpperCase()};`).join(''),
    'char refs (every other)': codePoints(value)
      .map((ch, i) => (i % 2 === 0 ? `&#${ch.codePointAt(0) ?? 0};` : xmlEscape(ch)))
      .join(''),
  };
}

/**
 * Spellings encoded twice, each layer by another encoder or the same one again: what a gateway that encodes an
 * already encoded value sends (`%2561`, `&amp;#97;`, `\u0026#97;`, `%26%2397%3B`, `\\u0061`).
 */
function twice(value: string): Record<string, string> {
  const refs = charRefs(value);
  const dec = refs['char refs (decimal)'] ?? '';
  const hexRefs = refs['char refs (hex)'] ?? '';
  const pct = encodeURIComponent(value);
  const everyPct = Array.from(Buffer.from(value, 'utf8'))
    .map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
    .join('');
  const jsonEsc = jsonAllEscaped(value, false);
  return {
    'percent-encoded percent-encoding': encodeURIComponent(pct),
    'percent-encoded percent-encoding of every byte': encodeURIComponent(everyPct),
    'percent-encoding, form-encoded': formEncoded(pct),
    'char refs (decimal), XML-escaped': xmlEscape(dec),
    'char refs (hex), XML-escaped': xmlEscape(hexRefs),
    'char refs (hex), JSON-escaped "&"': hexRefs.replace(/&/g, '\\u0026'),
    'char refs (decimal), every character JSON-escaped': jsonAllEscaped(dec, false),
    'char refs (decimal), percent-encoded': encodeURIComponent(dec),
    'JSON \\u-escapes, JSON-escaped again': JSON.stringify(jsonEsc).slice(1, -1),
    'JSON \\u-escapes, percent-encoded': encodeURIComponent(jsonEsc),
    'JSON \\u-escapes, written as char refs': charRefs(jsonEsc)['char refs (decimal)'] ?? '',
    'percent-encoding, written as char refs': charRefs(everyPct)['char refs (hex)'] ?? '',
  };
}

export function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/**
 * Quoted-printable as RFC 2045 writes it, of the UTF-8 bytes: `=` and bytes outside printable ASCII as `=XX`
 * (upper-case hex), lines of at most 76 characters joined by soft line breaks (`=` + CRLF); `every`: each byte so.
 */
function quotedPrintable(value: string, every: boolean): string {
  const units = Array.from(Buffer.from(value, 'utf8')).map((b) =>
    every || b === 0x3d || b < 0x21 || b > 0x7e ? `=${b.toString(16).toUpperCase().padStart(2, '0')}` : String.fromCharCode(b),
  );
  const lines: string[] = [];
  let line = '';
  for (const unit of units) {
    // 75 characters and the soft break's `=`: an escape is never split.
    if (line.length + unit.length > 75) {
      lines.push(line);
      line = '';
    }
    line += unit;
  }
  lines.push(line);
  return lines.join('=\r\n');
}

/** Every character up to U+00FF as a `\xhh` escape (JavaScript, Python and C strings), the others as they are. */
function hexEscapes(value: string, upper: boolean): string {
  return codePoints(value)
    .map((c) => {
      const cp = c.codePointAt(0) ?? 0;
      const hex = cp.toString(16).padStart(2, '0');
      return cp <= 0xff ? `\\x${upper ? hex.toUpperCase() : hex}` : c;
    })
    .join('');
}

/** HTML's named references for every ASCII character that has one (`&sol;`, `&lpar;`, `&NewLine;`), as `entities` writes them. */
function htmlNamed(value: string): string {
  return codePoints(value)
    .map((c) => (c < '\x80' ? encodeHTML(c) : c))
    .join('');
}

/**
 * base64 of data that holds the secret after other bytes, so that it starts 1 or 2 bytes into a 3-byte group (a
 * token of `x` + secret, a JSON object `{"secret":"…"}`), or before other bytes: no base64 of the secret alone is
 * part of it, only the characters its bits alone make.
 */
function embedded(secret: string): Record<string, string> {
  const b64 = (data: string, url = false): string => Buffer.from(data, 'utf8').toString(url ? 'base64url' : 'base64');
  const json = JSON.stringify({ secret });
  return {
    'base64 of "x" + the secret (offset 1)': b64(`x${secret}`),
    'base64 of "xy" + the secret (offset 2)': b64(`xy${secret}`),
    'base64url of "x" + the secret (offset 1)': b64(`x${secret}`, true),
    'base64url of "xy" + the secret (offset 2)': b64(`xy${secret}`, true),
    'base64 of the secret and a line break': b64(`${secret}\n`),
    'base64 of {"secret":"…"}': b64(json),
    'base64url of {"secret":"…"}': b64(json, true),
  };
}

function binary(value: string, what: string): Record<string, string> {
  const bytes = Buffer.from(value, 'utf8');
  const b64 = bytes.toString('base64');
  const url = bytes.toString('base64url');
  return {
    [`base64 of ${what}`]: b64,
    [`base64 of ${what}, unpadded`]: b64.replace(/=+$/, ''),
    [`base64url of ${what}`]: url,
    [`base64url of ${what}, padded`]: url.padEnd(Math.ceil(url.length / 4) * 4, '='),
    [`base64 of ${what}, percent-encoded`]: encodeURIComponent(b64),
    [`hex of ${what}`]: bytes.toString('hex'),
    [`HEX of ${what}`]: bytes.toString('hex').toUpperCase(),
  };
}

/**
 * Every spelling of `secret` (and of `id:secret`) an echo may carry, by name. Only spellings that differ
 * from the secret itself are kept, besides the secret as written.
 */
export function spellings(secret: string, accessKeyId: string): Map<string, string> {
  const out = new Map<string, string>();
  const add = (name: string, text: string): void => {
    if (text.length > 0 && ![...out.values()].includes(text)) out.set(name, text);
  };
  add('as written', secret);
  add('encodeURIComponent', encodeURIComponent(secret));
  add('encodeURIComponent, lower hex', lowerHex(encodeURIComponent(secret)));
  add('encodeURI', encodeURI(secret));
  add('URLSearchParams (form, as Java writes it too)', formEncoded(secret));
  add('URLSearchParams, lower hex', lowerHex(formEncoded(secret)));
  add(
    'RFC 3986 strict',
    encodeURIComponent(secret).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
  );
  add('JSON.stringify', JSON.stringify(secret).slice(1, -1));
  add('JSON, ASCII only', jsonAscii(secret));
  add('JSON, every character \\u-escaped', jsonAllEscaped(secret, false));
  add('JSON, every character \\u-escaped (upper)', jsonAllEscaped(secret, true));
  for (const [name, text] of Object.entries(charRefs(secret))) add(name, text);
  for (const form of ['NFC', 'NFD', 'NFKC', 'NFKD'] as const) add(form, secret.normalize(form));
  for (const mark of INVISIBLES) {
    const hex = mark.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    add(`U+${hex} between characters`, codePoints(secret).join(mark));
  }
  add('NFD with zero-width joiners', codePoints(secret.normalize('NFD')).join('\u200d'));
  add('U+0301 COMBINING ACUTE ACCENT between characters', codePoints(secret).join('\u0301'));
  add('\\xhh escapes', hexEscapes(secret, false));
  add('\\xHH escapes', hexEscapes(secret, true));
  add('HTML named references', htmlNamed(secret));
  add('quoted-printable', quotedPrintable(secret, false));
  add('quoted-printable, every byte', quotedPrintable(secret, true));
  add("in base64url's alphabet (a secret holding + or /)", secret.replace(/\+/g, '-').replace(/\//g, '_'));
  for (const [name, text] of Object.entries(twice(secret))) add(name, text);
  for (const [name, text] of Object.entries(binary(secret, 'the secret'))) add(name, text);
  // Short secrets are masked only as whole tokens (redact.ts MIN_SUBSTRING_LENGTH): not inside longer base64.
  if (codePoints(secret).length >= 4) for (const [name, text] of Object.entries(embedded(secret))) add(name, text);
  const pair = `${accessKeyId}:${secret}`;
  add('id:secret', pair);
  add('id:secret, form-encoded', formEncoded(pair));
  for (const [name, text] of Object.entries(binary(pair, 'id:secret'))) add(name, text);
  return out;
}

/** Printable ASCII, every character of it. */
const ascii = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));

/**
 * A sample of Unicode: accented letters (precomposed, so NFD differs), fullwidth and ligature forms (NFKC
 * differs), Greek, Cyrillic, CJK, Hangul (composes), an emoji (a surrogate pair), a combining accent.
 */
const UNICODE_SAMPLE = [...'éÅñøßçüÆ', ...'ＡＢｋ１２～', ...'ﬁﬂ', ...'Ωλжд', ...'漢字', ...'한글', '😀', '\u0301', '™', '½'];
const unicode = fc.constantFrom(...UNICODE_SAMPLE);

/**
 * A secret: 4–64 characters of printable ASCII with some Unicode, shaped like a credential rather than like the
 * product's own words: no spaces at either end (the MCP environment and sign-in trim them), at least three
 * different characters and a letter or digit, so that it cannot be found in an answer by chance.
 */
export function secretArb(options: { minLength?: number; maxLength?: number; unicode?: boolean } = {}): fc.Arbitrary<string> {
  const min = options.minLength ?? 4;
  const max = options.maxLength ?? 64;
  const char = options.unicode === false ? ascii : fc.oneof({ arbitrary: ascii, weight: 4 }, { arbitrary: unicode, weight: 1 });
  return fc
    .array(char, { minLength: min, maxLength: max })
    .map((cs) => cs.join(''))
    .filter((s) => {
      const cps = codePoints(s);
      return (
        cps.length >= min && s === s.trim() && !/^\p{M}/u.test(s) && new Set(cps).size >= 3 && /[A-Za-z0-9]/.test(s) && !s.includes('***')
      );
    });
}

/** Element names: a dotted secret whose parts are each a valid XML name (the parser nests them). */
export const dottedSecretArb: fc.Arbitrary<string[]> = fc.array(fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{1,8}$/), {
  minLength: 2,
  maxLength: 4,
});

/** The places in `text` where any spelling of `secret` stands, by spelling name (empty: none). */
export function leaksIn(text: string, forms: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [name, spelled] of forms) {
    if (text.includes(spelled)) found.push(name);
    else if (xmlEscape(spelled) !== spelled && text.includes(xmlEscape(spelled))) found.push(`${name}, XML-escaped`);
  }
  return found;
}
