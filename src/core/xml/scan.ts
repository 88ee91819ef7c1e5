// One pass over an answer before fast-xml-parser builds the tree, doing what used to take three: refuse any
// DOCTYPE/ENTITY declaration (outside CDATA and comments), refuse more than MAX_MARKUP tags or MAX_ATTRIBUTES
// attributes, and check the
// well-formedness the parser itself does not (it is lenient): start and end tags match, everything is
// closed, one root element, no text outside it, quoted attributes, `&` only as a reference. It replaces
// fast-xml-parser's separate validator pass, which cost a fifth of the parse (npm run bench, parse row).
// Linear: it moves forward with indexOf, loops over code units (scanChars.ts) and anchored (sticky) regular
// expressions only.
import { hasDtdDeclaration } from './dtd.js';
import { MAX_ATTRIBUTES, MAX_MARKUP } from './limits.js';
import { closeEnd, isJsSpace, nameEnd, tagEnd } from './scanChars.js';

/** What is wrong with the form; parser.ts turns each into a sentence for people. */
export type FormFault =
  | 'textOutsideRoot'
  | 'badAmpersand'
  | 'cdataOutsideRoot'
  | 'unterminatedSection'
  | 'strayDeclaration'
  | 'unterminatedInstruction'
  | 'strayLessThan'
  | 'endTagNotClosed'
  | 'endTagMismatch'
  | 'badStartTag'
  | 'secondRoot'
  | 'unclosedElement'
  | 'noRoot';

export type ScanProblem =
  | { kind: 'dtd' }
  | { kind: 'tooMuchMarkup' }
  | { kind: 'tooManyAttributes' }
  | { kind: 'malformed'; fault: FormFault; tag?: string; line: number; column: number };

const DECLARATION = /<!\s*(?:DOCTYPE|ENTITY)/iy;
const ANYWHERE = /<!\s*(?:DOCTYPE|ENTITY)/i;
/** A tag's attributes one by one (its name and end: scanChars.ts). No `u` flag: the classes are negated ASCII. */
const ATTRIBUTE = /\s+[^\s'"=<>/!?]+\s*=\s*(?:"[^"<]*"|'[^'<]*')/y;
/** Every `&` in text must start a character or entity reference (which entities exist is the decoder's business). */
const BAD_AMPERSAND = /&(?!(?:#\d+|#x[0-9a-fA-F]+|[A-Za-z_][\w.-]*);)/;
const SPACE_RUN = /\s*/y;

/** True when the name of `aLength` characters at `a` of `xml` is the one of `bLength` at `b`. */
function sameName(xml: string, a: number, aLength: number, b: number, bLength: number): boolean {
  if (aLength !== bLength) return false;
  for (let k = 0; k < aLength; k++) if (xml.charCodeAt(a + k) !== xml.charCodeAt(b + k)) return false;
  return true;
}

function position(xml: string, index: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = xml.indexOf('\n'); i >= 0 && i < index; i = xml.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: index - lineStart + 1 };
}

/** What the scan saw on its way that the parse needs to know. */
export interface ScanFacts {
  /** A start tag is named `__proto__`, `constructor` or `prototype` (parser.ts then renames them). */
  reservedName: boolean;
  /**
   * The longest stretch between two `<` the scan stopped at (or an end of the text): no shorter than the longest
   * between any two, as the scan only skips a `<` inside a comment, CDATA section or instruction (longText.ts).
   */
  widestGap: number;
}
/** Element names parser.ts renames, so that a payload using them cannot reach an object prototype. */
export const RESERVED_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
/** Their lengths: a name of another length is not cut out of the text to be looked up. */
const RESERVED_LENGTHS: ReadonlySet<number> = new Set([...RESERVED_NAMES].map((name) => name.length));

/**
 * The first problem of `xml` by severity (declaration, then size, then form), or undefined when it is fine; `facts`
 * is filled in on the way (only meaningful when there is no problem).
 */
export function scanXml(xml: string, maxMarkup = MAX_MARKUP, maxAttributes = MAX_ATTRIBUTES, facts?: ScanFacts): ScanProblem | undefined {
  let malformed: { fault: FormFault; at: number; tag?: string } | undefined;
  const fail = (fault: FormFault, at: number, tag?: string): void => {
    malformed ??= tag === undefined ? { fault, at } : { fault, at, tag };
  };
  // The open elements' names as where they start and how long they are: no string is made for a tag that is fine.
  const stack: number[] = [];
  let roots = 0;
  let count = 0;
  let attributes = 0;
  let i = 0;

  // The next '&' at or after the text being checked (-1: none left): most text has none, and is then not copied.
  let amp = xml.indexOf('&');
  const text = (from: number, to: number): void => {
    if (malformed || to <= from) return;
    if (stack.length === 0) {
      SPACE_RUN.lastIndex = from;
      SPACE_RUN.test(xml);
      if (SPACE_RUN.lastIndex < to) return fail('textOutsideRoot', from);
    }
    if (amp >= 0 && amp < from) amp = xml.indexOf('&', from);
    if (amp < 0 || amp >= to) return;
    if (BAD_AMPERSAND.test(xml.slice(from, to))) fail('badAmpersand', amp);
  };

  let lastLessThan = 0;
  for (;;) {
    const at = xml.indexOf('<', i);
    const stop = at < 0 ? xml.length : at;
    if (facts && stop - lastLessThan > facts.widestGap) facts.widestGap = stop - lastLessThan;
    lastLessThan = stop;
    text(i, stop);
    if (at < 0) break;
    // A declaration outranks the size: look for one in the unread rest before refusing by size.
    if (++count > maxMarkup) return hasDtdDeclaration(xml.slice(at)) ? { kind: 'dtd' } : { kind: 'tooMuchMarkup' };
    const next = xml.charCodeAt(at + 1);

    if (next === 33 /* ! */) {
      const skip = xml.startsWith('<!--', at) ? '-->' : xml.startsWith('<![CDATA[', at) ? ']]>' : undefined;
      if (skip) {
        if (skip === ']]>' && stack.length === 0) fail('cdataOutsideRoot', at);
        const end = xml.indexOf(skip, at + 4);
        if (end < 0) {
          // Unterminated: malformed anyway; refuse as a declaration if one hides in the rest.
          if (ANYWHERE.test(xml.slice(at + 2))) return { kind: 'dtd' };
          fail('unterminatedSection', at);
          break;
        }
        i = end + skip.length;
        continue;
      }
      DECLARATION.lastIndex = at;
      if (DECLARATION.test(xml)) return { kind: 'dtd' };
      fail('strayDeclaration', at);
      i = at + 2;
      continue;
    }

    if (malformed) {
      // Form is already refused; only a declaration or the tag count could still outrank it.
      i = at + 1;
      continue;
    }

    if (next === 63 /* ? */) {
      const end = xml.indexOf('?>', at + 2);
      if (end < 0) {
        fail('unterminatedInstruction', at);
        i = at + 2;
        continue;
      }
      i = end + 2;
      continue;
    }

    const closing = next === 47; /* / */
    const nameStart = at + (closing ? 2 : 1);
    const afterName = nameEnd(xml, nameStart);
    if (afterName < 0) {
      fail('strayLessThan', at);
      i = at + 1;
      continue;
    }
    const nameLength = afterName - nameStart;
    let end = afterName;

    if (closing) {
      const closed = closeEnd(xml, end);
      if (closed < 0) fail('endTagNotClosed', at, xml.slice(nameStart, afterName));
      else {
        const top = stack.length - 2;
        if (top < 0 || !sameName(xml, stack[top]!, stack[top + 1]!, nameStart, nameLength))
          fail('endTagMismatch', at, xml.slice(nameStart, afterName));
        stack.length = Math.max(0, top);
      }
      i = closed < 0 ? end : closed;
      continue;
    }

    // An attribute starts with a blank (ATTRIBUTE's `\s+`): a name ended by anything else asks no regular expression.
    if (isJsSpace(xml.charCodeAt(end)))
      for (;;) {
        ATTRIBUTE.lastIndex = end;
        if (!ATTRIBUTE.test(xml)) break;
        // Like the tag count: a declaration in the unread rest still outranks it.
        if (++attributes > maxAttributes) return hasDtdDeclaration(xml.slice(at)) ? { kind: 'dtd' } : { kind: 'tooManyAttributes' };
        end = ATTRIBUTE.lastIndex;
      }
    const ended = tagEnd(xml, end);
    if (ended < 0) {
      fail('badStartTag', at, xml.slice(nameStart, afterName));
      i = end;
      continue;
    }
    if (facts && RESERVED_LENGTHS.has(nameLength) && RESERVED_NAMES.has(xml.slice(nameStart, afterName))) facts.reservedName = true;
    if (stack.length === 0 && ++roots > 1) fail('secondRoot', at);
    i = ended;
    if (xml.charCodeAt(i - 2) !== 47 /* / */) stack.push(nameStart, nameLength);
  }

  if (!malformed && stack.length > 0) {
    const start = stack[stack.length - 2]!;
    fail('unclosedElement', xml.length, xml.slice(start, start + stack[stack.length - 1]!));
  }
  if (!malformed && roots === 0) fail('noRoot', 0);
  if (!malformed) return undefined;
  const { line, column } = position(xml, malformed.at);
  return { kind: 'malformed', fault: malformed.fault, ...(malformed.tag !== undefined ? { tag: malformed.tag } : {}), line, column };
}
