// What Check Connection's report hides by default, so that it can be pasted into a public issue as is:
// the account id and voice instance ids (shown as "AC…MO", enough to tell them apart), local file
// paths (only the file name stays) and the proxy URL's path and query (only scheme, host and port).
// The masking is plain string replacement of values the host knows: linear, no pattern sees the text.

/** At least this long to be masked: shorter ids identify nothing and would mangle ordinary words. */
const MIN_MASKED_ID = 3;

/** "ACC-DEMO" → "AC…MO"; up to 5 characters → "…". */
export function maskIdentifier(id: string): string {
  return id.length <= 5 ? '…' : `${id.slice(0, 2)}…${id.slice(-2)}`;
}

/** "/home/ana/certs/corp.pem" → "…/corp.pem" (Windows separators too). */
export function maskPath(p: string): string {
  const name = p.split(/[\\/]/).pop() ?? '';
  return name === '' || name === p ? '…' : `…/${name}`;
}

/** "http://***@proxy.corp:3128/pac/x?token=1" → "http://***@proxy.corp:3128/…"; unparsable stays as given by the caller's own redaction. */
export function maskProxyUrl(url: string): string {
  try {
    const u = new URL(url);
    const user = u.username !== '' || u.password !== '' ? '***@' : '';
    const more = (u.pathname !== '' && u.pathname !== '/') || u.search !== '' || u.hash !== '';
    return `${u.protocol}//${user}${u.host}${more ? '/…' : '/'}`;
  } catch {
    return url;
  }
}

export interface ReportPrivacy {
  /** The profile's account id and voice instance ids. */
  identifiers: readonly string[];
  /** Local paths the report may mention (the CA file setting as written and expanded, NODE_EXTRA_CA_CERTS). */
  paths: readonly string[];
  /** The user's home directory: any other path under it reads "~". */
  home?: string;
}

/** A function that masks every known identifier and path wherever it appears in a report value. */
export function reportMasker(privacy: ReportPrivacy | undefined): (text: string) => string {
  if (!privacy) return (t) => t;
  const pairs: [string, string][] = [];
  for (const p of privacy.paths) if (p.trim() !== '') pairs.push([p, maskPath(p)]);
  for (const id of privacy.identifiers) {
    if (id.length < MIN_MASKED_ID) continue;
    pairs.push([id, maskIdentifier(id)]);
    const encoded = encodeURIComponent(id);
    if (encoded !== id) pairs.push([encoded, maskIdentifier(id)]);
  }
  if (privacy.home && privacy.home.length > 1) pairs.push([privacy.home, '~']);
  // Longest first, so a path is masked whole before the home directory inside it.
  pairs.sort((a, b) => b[0].length - a[0].length);
  return (text) => pairs.reduce((t, [needle, shown]) => t.split(needle).join(shown), text);
}
