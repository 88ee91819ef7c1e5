// Long text runs set aside while fast-xml-parser reads the markup. The parser gathers text one character at a time
// (`text += xml[i]`), so a 1 MB status message cost it 100–230 ms here, most of it the collector; every value is cut
// to a few hundred characters at the answer boundary anyway. Each run longer than LONG_RUN is replaced by a short
// placeholder before the parse and put back after it (runs between two tags only), trimmed and decoded exactly as the parser would (trim, then
// the XML references), with the parser's own decoder. Runs only over a document scan.ts has already found well
// formed; linear: indexOf and one pass.

/** Runs shorter than this are left to the parser: it reads them in microseconds. */
export const LONG_RUN = 4096;
const OPEN = '\uE000';
const CLOSE = '\uE001';
const PLACEHOLDER = /\uE000(\d+)\uE001/g;

export interface SetAside {
  /** The document with each long run replaced by its placeholder. */
  xml: string;
  /** The runs, by placeholder number, as they stood (undecoded, untrimmed). */
  runs: string[];
}

/**
 * `xml` with its long text runs set aside; undefined when it has none (or already holds a placeholder character).
 * `widestGap`: the longest stretch between two `<` the caller's scan found (ScanFacts.widestGap), at least the true
 * one; only past LONG_RUN can a run be long (most answers stop here).
 */
export function setAsideLongText(xml: string, widestGap: number): SetAside | undefined {
  if (xml.length < LONG_RUN || widestGap <= LONG_RUN) return undefined;
  if (xml.includes(OPEN) || xml.includes(CLOSE)) return undefined;
  const parts: string[] = [];
  const runs: string[] = [];
  let copied = 0;
  let at = xml.indexOf('<');
  while (at >= 0) {
    const end = constructEnd(xml, at);
    if (end < 0) return undefined;
    const next = xml.indexOf('<', end);
    const stop = next < 0 ? xml.length : next;
    // Only text between two tags: the parser joins the text on either side of a comment or instruction into one
    // value, and trims and drops it as one. All-blank runs it drops, so they stay as they are.
    if (next >= 0 && stop - end > LONG_RUN && isTag(xml, at) && isTag(xml, next) && xml.slice(end, stop).trim() !== '') {
      parts.push(xml.slice(copied, end), `${OPEN}${runs.length}${CLOSE}`);
      runs.push(xml.slice(end, stop));
      copied = stop;
    }
    at = next;
  }
  if (runs.length === 0) return undefined;
  parts.push(xml.slice(copied));
  return { xml: parts.join(''), runs };
}

/** The `<` at `at` opens a start, end or empty tag (not a comment, CDATA section or instruction). */
function isTag(xml: string, at: number): boolean {
  const c = xml.charAt(at + 1);
  return c !== '!' && c !== '?';
}

/** Where the construct starting with the `<` at `at` ends (just past its `>`), or -1. */
function constructEnd(xml: string, at: number): number {
  const close = (marker: string, from: number): number => {
    const i = xml.indexOf(marker, from);
    return i < 0 ? -1 : i + marker.length;
  };
  if (xml.startsWith('<!--', at)) return close('-->', at + 4);
  if (xml.startsWith('<![CDATA[', at)) return close(']]>', at + 9);
  if (xml.startsWith('<?', at)) return close('?>', at + 2);
  // A tag: a `>` inside a quoted attribute value does not end it. Each character is looked at once.
  for (let i = at + 1; i < xml.length; i++) {
    const c = xml.charCodeAt(i);
    if (c === 0x3e) return i + 1;
    if (c === 0x22 || c === 0x27) {
      i = xml.indexOf(xml.charAt(i), i + 1);
      if (i < 0) return -1;
    }
  }
  return -1;
}

/**
 * `tree` (the parse of `aside.xml`) with every placeholder replaced by its run as the parser would have read it:
 * trimmed, then decoded by `decode`. Iterative: depth costs no stack.
 */
export function putBackLongText(tree: unknown, aside: SetAside, decode: (text: string) => string): unknown {
  const restore = (s: string): string =>
    s.includes(OPEN) ? s.replace(PLACEHOLDER, (whole, n: string) => decode(aside.runs[Number(n)]?.trim() ?? whole)) : s;
  const work: unknown[] = [tree];
  for (let node = work.pop(); node !== undefined; node = work.pop()) {
    if (node === null || typeof node !== 'object') continue;
    const rec = node as Record<string, unknown>;
    for (const key of Object.keys(rec)) {
      const v = rec[key];
      if (typeof v === 'string') rec[key] = restore(v);
      else if (v !== null && typeof v === 'object') work.push(v);
    }
  }
  return tree;
}
