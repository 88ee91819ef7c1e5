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

/**
 * `text` without each span from an opener to its closer (scripts, styles, comments). Found with indexOf,
 * never a lazy `[\s\S]*?`: that is retried from every opener to the end when no closer follows, quadratic
 * on a page of `<script<script…`. An opener without a closer stays (the tag pass below removes it).
 */
function dropSpans(text: string, opener: RegExp, closerOf: (open: string) => string): string {
  const lower = text.toLowerCase();
  let out = '';
  let from = 0;
  // A closer missing after one opener is missing after every later one: each is searched for once.
  const missing = new Set<string>();
  opener.lastIndex = 0;
  for (let m = opener.exec(lower); m; m = opener.exec(lower)) {
    const close = closerOf(m[0]);
    if (missing.has(close)) continue;
    const end = lower.indexOf(close, m.index + m[0].length);
    const after = end < 0 ? 0 : close.endsWith('>') ? end + close.length : lower.indexOf('>', end + close.length) + 1;
    if (after <= 0) {
      missing.add(close);
      continue;
    }
    out += `${text.slice(from, m.index)} `;
    from = after;
    opener.lastIndex = after;
  }
  return out + text.slice(from);
}

const RAW_TEXT_OPEN = /<(?:script|style|head)\b/g;

export function sanitizeExcerpt(body: string, max = MAX_EXCERPT): string {
  const page = body.slice(0, 64 * 1024); // an error page worth quoting is small; do not scan megabytes
  const text = decodeEntities(
    dropSpans(
      dropSpans(page, RAW_TEXT_OPEN, (open) => `</${open.slice(1)}`),
      /<!--/g,
      () => '-->',
    ).replace(/<[^>]*>?/g, ' '),
  )
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).trimEnd()}…`;
}
