// The scan's three most frequent steps as plain loops over code units (scan.ts): a tag's name, the end of an end tag
// and the end of a start tag. Each was a sticky regular expression, and a call into the regex engine per tag was a
// third of the scan of an ordinary month view. They accept exactly what those expressions did
// (test/unit/core/xml/scanChars.test.ts holds them to the expressions over generated text).

/** JavaScript's `\s`: the white space and line terminators of ECMAScript, BOM included. */
export function isJsSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** A character that ends a name: space, a quote, `=`, `<`, `>`, `/`, `!` or `?`. */
function endsNameSlowly(c: number): boolean {
  return c === 0x22 || c === 0x27 || c === 0x3d || c === 0x3c || c === 0x3e || c === 0x2f || c === 0x21 || c === 0x3f || isJsSpace(c);
}

/** endsNameSlowly for ASCII, looked up: names are ASCII, and the chain of comparisons was most of the scan's name step. */
const ENDS_NAME = Uint8Array.from({ length: 128 }, (_, c) => (endsNameSlowly(c) ? 1 : 0));

function endsName(c: number): boolean {
  return c < 128 ? ENDS_NAME[c] === 1 : endsNameSlowly(c);
}

/** Past the name at `at` (`[^\s\d\-.'"=<>/!?][^\s'"=<>/!?]*`), or -1 when none starts there. */
export function nameEnd(xml: string, at: number): number {
  if (at >= xml.length) return -1;
  const first = xml.charCodeAt(at);
  if (endsName(first) || (first >= 0x30 && first <= 0x39) || first === 0x2d || first === 0x2e) return -1;
  let i = at + 1;
  while (i < xml.length && !endsName(xml.charCodeAt(i))) i++;
  return i;
}

/** Past `\s*>` at `at`, or -1. */
export function closeEnd(xml: string, at: number): number {
  let i = at;
  while (i < xml.length && isJsSpace(xml.charCodeAt(i))) i++;
  return xml.charCodeAt(i) === 0x3e ? i + 1 : -1;
}

/** Past `\s*\/?>` at `at`, or -1 (a `/>` ends with `/` just before the `>`). */
export function tagEnd(xml: string, at: number): number {
  let i = at;
  while (i < xml.length && isJsSpace(xml.charCodeAt(i))) i++;
  if (xml.charCodeAt(i) === 0x2f) i++;
  return xml.charCodeAt(i) === 0x3e ? i + 1 : -1;
}
