// Where a DTD could hide: anywhere in the markup, since fast-xml-parser's validator accepts a DOCTYPE or
// ENTITY declaration even inside an element. Only the text of CDATA sections and comments is data, so
// `<![CDATA[<!DOCTYPE html>]]>` (an HTML snippet in a message) is fine. One left-to-right pass with
// indexOf: linear, so a huge body fails or passes fast.

const DECLARATION = /<!\s*(?:DOCTYPE|ENTITY)/iy;
const ANYWHERE = /<!\s*(?:DOCTYPE|ENTITY)/i;

/** True when `xml` holds a DOCTYPE or ENTITY declaration outside CDATA sections and comments. */
export function hasDtdDeclaration(xml: string): boolean {
  let i = 0;
  for (;;) {
    const at = xml.indexOf('<!', i);
    if (at < 0) return false;
    const skip = xml.startsWith('<!--', at)
      ? (['-->', at + 4] as const)
      : xml.startsWith('<![CDATA[', at)
        ? ([']]>', at + 9] as const)
        : undefined;
    if (skip) {
      const end = xml.indexOf(skip[0], skip[1]);
      // Unterminated: malformed anyway; refuse if a declaration hides in the rest.
      if (end < 0) return ANYWHERE.test(xml.slice(at + 2));
      i = end + skip[0].length;
      continue;
    }
    DECLARATION.lastIndex = at;
    if (DECLARATION.test(xml)) return true;
    i = at + 2;
  }
}
