// XML text -> plain object tree, configured for the service's envelopes.
//
// Tree shape (documented for everyone who reads a parsed `result`):
//  - every value is a string (or an object / array of them): nothing is turned into a number or boolean,
//    so `007` and `2.10` arrive exactly as sent; the model converts the counters itself;
//  - attributes are kept as keys prefixed with ATTR_PREFIX (`<date dateID="20240601">` -> `{ '@_dateID': '20240601' }`);
//  - the text of an element that also has attributes or children sits under TEXT_KEY (`#text`);
//  - an empty element is `''`; repeated elements become arrays; `date` elements are ALWAYS an array;
//  - the tag names `__proto__`, `constructor` and `prototype` get RESERVED_SUFFIX appended, so that a payload
//    using them cannot reach an object prototype and still parses;
//  - the XML declaration, processing instructions and comments are dropped.
import { XMLParser, type EntityDecoderOptions, type MatcherView } from 'fast-xml-parser';
import { VoiceSmsError } from '../errors.js';
import { MAX_ATTRIBUTES, MAX_MARKUP } from './limits.js';
import { putBackLongText, setAsideLongText } from './longText.js';
import { RESERVED_NAMES, scanXml, type FormFault, type ScanFacts } from './scan.js';
import * as l10n from '@vscode/l10n';

export const ATTR_PREFIX = '@_';
export const TEXT_KEY = '#text';
const RESERVED_SUFFIX = '_';

/** Element names that are always lists, even when a single one arrives. */
const ALWAYS_LIST = new Set(['date']);

// Any DTD is refused before the parser runs: entity definitions (billion laughs, external entities) can only
// come through one, and the service never sends one. The scan skips CDATA and comments and is linear.

/**
 * The references of `text` decoded, each `&` looked at once: `&#` and 1–7 decimal digits, `&#x` and 1–6 hex digits,
 * or a name of letters, then `;`. A reference that is not a character or not one of the five names stays as written.
 * The result is gathered as code units (a replace with a callback per reference, or a string per reference, cost
 * 30–100 ms for 1 MB of `&#x61;`).
 */
export function decodeReferences(text: string): string {
  let at = text.indexOf('&');
  if (at < 0) return text;
  if (units.length < text.length) units = new Uint16Array(Math.max(text.length, units.length * 2));
  const out = units;
  let n = 0;
  let copied = 0;
  for (; at >= 0; at = text.indexOf('&', at + 1)) {
    const char = referenceAt(text, at);
    if (char < 0) continue; // not a reference, or one that stays as written
    for (let j = copied; j < at; j++) out[n++] = text.charCodeAt(j);
    if (char > 0xffff) {
      out[n++] = 0xd800 + ((char - 0x10000) >> 10);
      out[n++] = 0xdc00 + ((char - 0x10000) & 0x3ff);
    } else out[n++] = char;
    copied = referenceEnd;
    at = referenceEnd - 1;
  }
  if (copied === 0) return text;
  for (let j = copied; j < text.length; j++) out[n++] = text.charCodeAt(j);
  const decoded = out.subarray(0, n);
  // Short text (most values) is made directly: the decoder's call costs more than a few hundred characters.
  return n <= SHORT_TEXT ? String.fromCharCode.apply(null, decoded as unknown as number[]) : UTF16.decode(decoded);
}

/** Where the reference referenceAt just read ends (past its `;`). */
let referenceEnd = 0;

/**
 * The character of the reference at `text[at]` (an `&`), its end in referenceEnd; -1 when there is none there or it
 * stays as written (not a character, not one of the five names).
 */
function referenceAt(text: string, at: number): number {
  let k = at + 1;
  let cp = -1;
  if (text.charCodeAt(k) === 0x23 /* # */) {
    const hex = text.charCodeAt(k + 1) === 0x78; /* x */
    k += hex ? 2 : 1;
    const start = k;
    cp = 0;
    for (; k - start < (hex ? 6 : 7); k++) {
      const d = digitValue(text.charCodeAt(k), hex);
      if (d < 0) break;
      cp = cp * (hex ? 16 : 10) + d;
    }
    if (k === start) return -1;
  } else {
    cp = namedAt(text, k);
    if (cp < 0) return -1;
    k = referenceEnd;
  }
  if (text.charCodeAt(k) !== 0x3b /* ; */) return -1;
  referenceEnd = k + 1;
  return isCharacter(cp) ? cp : -1;
}

/**
 * The character of one of XML's five names at `text[at]` (`amp`, `lt`, `gt`, `quot`, `apos`), its end in
 * referenceEnd; -1 for any other run of letters (which stays as written). Compared code by code: no string is made.
 */
function namedAt(text: string, at: number): number {
  let k = at;
  while (isLetter(text.charCodeAt(k))) k++;
  const length = k - at;
  referenceEnd = k;
  const c0 = text.charCodeAt(at);
  const c1 = text.charCodeAt(at + 1);
  if (length === 2 && c1 === 0x74 /* t */) return c0 === 0x6c /* l */ ? 0x3c : c0 === 0x67 /* g */ ? 0x3e : -1;
  const rest = text.charCodeAt(at + 2) * 0x10000 + (length === 4 ? text.charCodeAt(at + 3) : 0);
  if (length === 3 && c0 === 0x61 && c1 === 0x6d && rest === 0x700000) return 0x26; // amp
  if (length === 4 && c0 === 0x71 && c1 === 0x75 && rest === 0x6f0074) return 0x22; // quot
  if (length === 4 && c0 === 0x61 && c1 === 0x70 && rest === 0x6f0073) return 0x27; // apos
  return -1;
}

/** Text up to this long is made with String.fromCharCode (a spread of this size is safe on any stack). */
const SHORT_TEXT = 2048;

/** decodeReferences' buffer, grown as needed (a reference is never shorter than what it decodes to). */
let units = new Uint16Array(4096);
const UTF16 = new TextDecoder('utf-16le');

function isCharacter(cp: number): boolean {
  return cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff);
}

function digitValue(c: number, hex: boolean): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (!hex) return -1;
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
}

function isLetter(c: number): boolean {
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x7a;
}

/**
 * Only what XML itself defines: the five predefined entities and numeric character references.
 * Anything else (HTML names, undeclared entities) stays literal; document-declared entities are never
 * registered, which matters only as a second wall because DTDs are already refused.
 */
const xmlOnlyDecoder: EntityDecoderOptions = {
  setExternalEntities: () => undefined,
  addInputEntities: () => undefined,
  reset: () => undefined,
  setXmlVersion: () => undefined,
  decode: decodeReferences,
};

const options = {
  ignoreAttributes: false,
  attributeNamePrefix: ATTR_PREFIX,
  textNodeName: TEXT_KEY,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  entityDecoder: xmlOnlyDecoder,
  // Callbacks get the parser's path matcher rather than a dotted string: building that string for every tag
  // cost a tenth of the parse (npm run bench, parse row). The root element (depth 1) is never a list.
  jPath: false,
  isArray: (tagName: string, path: string | MatcherView, _isLeaf: boolean, isAttribute: boolean) =>
    !isAttribute && ALWAYS_LIST.has(tagName) && typeof path !== 'string' && path.getDepth() > 1,
};
// Renaming is asked of every tag; a body whose start tags the scan found none of the reserved names in is read
// without it (a few percent of an ordinary month view's parse, npm run bench "GET month (shape)").
const parser = new XMLParser(options);
const renamingParser = new XMLParser({
  ...options,
  transformTagName: (name: string) => (RESERVED_NAMES.has(name) ? name + RESERVED_SUFFIX : name),
});

/** A non-array object node of the parsed tree. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Text of a leaf: the string itself, or the text part of an element that also carries attributes. */
export function textOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (isRecord(v) && typeof v[TEXT_KEY] === 'string') return v[TEXT_KEY];
  return undefined;
}

function faultText(fault: FormFault, tag: string): string {
  switch (fault) {
    case 'textOutsideRoot':
      return l10n.t('text outside the root element');
    case 'badAmpersand':
      return l10n.t("an '&' that does not start a character or entity reference");
    case 'cdataOutsideRoot':
      return l10n.t('a CDATA section outside the root element');
    case 'unterminatedSection':
      return l10n.t('a comment or CDATA section is never closed');
    case 'strayDeclaration':
      return l10n.t("an unexpected '<!' declaration");
    case 'unterminatedInstruction':
      return l10n.t('a processing instruction is never closed');
    case 'strayLessThan':
      return l10n.t("a '<' that does not start a tag");
    case 'endTagNotClosed':
      return l10n.t("the end tag of '{0}' is not closed", tag);
    case 'endTagMismatch':
      return l10n.t("the end tag of '{0}' does not match the open element", tag);
    case 'badStartTag':
      return l10n.t("the start tag of '{0}' is malformed (attributes must be quoted)", tag);
    case 'secondRoot':
      return l10n.t('more than one root element');
    case 'unclosedElement':
      return l10n.t("the element '{0}' is never closed", tag);
    case 'noRoot':
      return l10n.t('no root element');
  }
}

function parseError(message: string, cause?: unknown): VoiceSmsError {
  return new VoiceSmsError('parse', message, {}, cause === undefined ? undefined : { cause });
}

/**
 * Parses one XML document into a plain object keyed by its single root element.
 * Throws VoiceSmsError('parse') on empty input, any DOCTYPE/ENTITY declaration, more tags or attributes
 * than the caps of limits.ts, malformed XML, or more than one root element. `setAside` false: the parser reads long
 * text itself (tests compare the two).
 */
export function parseXml(text: string, setAside = true): Record<string, unknown> {
  // A BOM and stray leading whitespace are harmless transport artefacts, but the validator
  // insists that an XML declaration comes first.
  const body = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).trimStart();
  if (body.length === 0) throw parseError(l10n.t('The response body is empty; expected XML.'));
  // One scan does the DTD refusal, the tag and attribute caps and the well-formedness check fast-xml-parser skips.
  const facts: ScanFacts = { reservedName: false, widestGap: 0 };
  const problem = scanXml(body, MAX_MARKUP, MAX_ATTRIBUTES, facts);
  if (problem?.kind === 'dtd') {
    throw parseError(l10n.t('The response contains a DOCTYPE or ENTITY declaration; such XML is refused and never expanded.'));
  }
  if (problem?.kind === 'tooMuchMarkup') {
    throw parseError(
      l10n.t('The response has more than {0} XML tags; it is refused unread, as no answer of the service is that large.', MAX_MARKUP),
    );
  }
  if (problem?.kind === 'tooManyAttributes') {
    throw parseError(
      l10n.t(
        'The response has more than {0} XML attributes; it is refused unread, as no answer of the service has that many.',
        MAX_ATTRIBUTES,
      ),
    );
  }
  if (problem?.kind === 'malformed') {
    throw parseError(
      l10n.t(
        'The response is not well-formed XML (line {0}, column {1}): {2}',
        problem.line,
        problem.column,
        faultText(problem.fault, problem.tag ?? ''),
      ),
    );
  }

  let tree: unknown;
  try {
    // Long text runs wait outside while the parser reads the markup (longText.ts): it reads text a character at a time.
    const aside = setAside ? setAsideLongText(body, facts.widestGap) : undefined;
    const read = facts.reservedName ? renamingParser : parser;
    tree = aside ? putBackLongText(read.parse(aside.xml), aside, xmlOnlyDecoder.decode) : read.parse(body);
  } catch (e) {
    throw parseError(l10n.t('The response XML could not be read: {0}', e instanceof Error ? e.message : String(e)), e);
  }

  if (tree === null || typeof tree !== 'object' || Array.isArray(tree)) {
    throw parseError(l10n.t('The response XML has no root element.'));
  }
  const record = tree as Record<string, unknown>;
  const roots = Object.keys(record);
  const only = roots.length === 1 && roots[0] !== undefined ? record[roots[0]] : undefined;
  if (roots.length !== 1 || Array.isArray(only)) {
    throw parseError(
      roots.length === 0 ? l10n.t('The response XML has no root element.') : l10n.t('The response XML has more than one root element.'),
    );
  }
  return record;
}
