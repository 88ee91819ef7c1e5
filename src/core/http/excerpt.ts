// A short, safe excerpt of a non-XML error body (say a proxy's HTML 502 page) for an error message:
// markup and scripts removed, entities for common characters decoded, whitespace collapsed, bounded.

const MAX_EXCERPT = 200;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const cp = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      // Drop control characters and invalid code points rather than echo them into the UI.
      return cp >= 0x20 && cp <= 0x10ffff && !(cp >= 0x7f && cp < 0xa0) ? String.fromCodePoint(cp) : ' ';
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

export function sanitizeExcerpt(body: string, max = MAX_EXCERPT): string {
  const text = decodeEntities(
    body
      .slice(0, 64 * 1024) // an error page worth quoting is small; do not scan megabytes
      .replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<[^>]*>?/g, ' '),
  )
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).trimEnd()}…`;
}
