// "Copy as cURL" (the `sh` writer of Copy Request as Code): turns a described request (the core's
// describeRequest) into a POSIX shell command that reproduces it exactly, with the credentials left as
// environment-variable placeholders. Pure text work (no vscode, no crypto): the real secret is never an
// input here, and the signature is computed by the shell snippet itself with openssl, following README's
// Authentication section.
import { ACCESS_KEY_ID_VAR, AUTH_HEADERS, authPlan, headerValue, SECRET_ACCESS_KEY_VAR } from './plan.js';

export { ACCESS_KEY_ID_VAR, SECRET_ACCESS_KEY_VAR };

/** The subset of the core's DescribedRequest this formatter reads. */
export interface CurlSource {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  sensitiveHeaders: readonly string[];
}

/**
 * The command's start: the XML answer on standard output as curl receives it, the HTTP status code after it
 * on standard error (`%{stderr}`, curl 7.63 or newer), so the answer can still be piped on its own.
 */
const CURL = `curl -sS -w '%{stderr}HTTP %{http_code}\\n'`;

/** Single-quotes `s` for sh: nothing inside is expanded; a quote becomes '\''. */
export function shQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * A curl header argument. An empty value needs curl's `Name;` spelling: `Name:` would remove the header.
 * `value` is already shell text (quoted or a "$VAR" reference) when `raw` is true.
 */
function headerArg(name: string, value: string, raw = false): string {
  if (raw) return `-H "${name}: ${value}"`;
  return value === '' ? `-H ${shQuote(`${name};`)}` : `-H ${shQuote(`${name}: ${value}`)}`;
}

/** The plain (non-credential) headers, in the order the client sends them. */
function plainHeaderArgs(headers: Record<string, string>): string[] {
  return Object.entries(headers)
    .filter(([name]) => !AUTH_HEADERS.has(name.toLowerCase()))
    .map(([name, value]) => headerArg(name, value));
}

function joinCommand(parts: string[]): string {
  return parts.join(' \\\n  ');
}

/**
 * Builds the shell text. The basic form is one curl command (`-u` with the placeholders); the signed
 * form is a short snippet that computes Timestamp and Signature and then runs curl with the exact form body.
 * Throws when the request carries a sensitive header this formatter does not know how to replace,
 * rather than risk printing a credential.
 */
export function formatCurl(req: CurlSource): string {
  const auth = authPlan(req);
  const authorization = headerValue(req.headers, 'Authorization') ?? '';
  const basic = auth.form === 'basic';
  const signature = headerValue(req.headers, 'Signature') ?? '';
  const url = new URL(req.url);
  const pathWithQuery = url.pathname + url.search;
  // Milliseconds since the epoch from POSIX `date` (seconds + "000"), within the service's 5-minute window.
  const timestamp = '$(date +%s)000';
  const body = req.body;

  if (basic) {
    const parts = [CURL];
    if (req.method !== 'GET' && body === undefined) parts.push(`-X ${req.method}`);
    parts.push(shQuote(req.url));
    parts.push(`-u "$${ACCESS_KEY_ID_VAR}:$${SECRET_ACCESS_KEY_VAR}"`);
    parts.push(headerArg('AccessKeyId', `$${ACCESS_KEY_ID_VAR}`, true));
    parts.push(headerArg('Timestamp', timestamp, true));
    parts.push(headerArg('Signature', ''));
    parts.push(...plainHeaderArgs(req.headers));
    if (body !== undefined) parts.push(`--data-raw ${shQuote(body)}`);
    return (
      [
        `# ${req.method} ${pathWithQuery} — basic credentials from $${ACCESS_KEY_ID_VAR} and $${SECRET_ACCESS_KEY_VAR}`,
        joinCommand(parts),
      ].join('\n') + '\n'
    );
  }

  const lines = [
    `# ${req.method} ${pathWithQuery} — signed with $${ACCESS_KEY_ID_VAR} and $${SECRET_ACCESS_KEY_VAR}:`,
    '# Signature = base64(HMAC-SHA256(secret, METHOD\\nPATH_WITH_QUERY\\nTIMESTAMP\\nACCESS_KEY_ID\\nhex(SHA-256(body))))',
    `VS_BODY=${shQuote(body ?? '')}`,
    `VS_TS=${timestamp}`,
  ];
  const parts = [CURL];
  if (req.method !== 'GET' && body === undefined) parts.push(`-X ${req.method}`);
  parts.push(shQuote(req.url));
  parts.push(headerArg('Authorization', authorization));
  parts.push(headerArg('AccessKeyId', `$${ACCESS_KEY_ID_VAR}`, true));
  parts.push(headerArg('Timestamp', '$VS_TS', true));
  if (signature === '') {
    // auth.signature = empty: the service is told to accept an empty Signature; nothing to compute.
    parts.push(headerArg('Signature', ''));
  } else {
    lines.push(
      // `sed` keeps the digest only, whatever prefix this openssl version prints.
      `VS_BODY_SHA=$(printf '%s' "$VS_BODY" | openssl dgst -sha256 | sed 's/^.* //')`,
      `VS_SIG=$(printf '%s\\n%s\\n%s\\n%s\\n%s' ${shQuote(req.method)} ${shQuote(pathWithQuery)} "$VS_TS" "$${ACCESS_KEY_ID_VAR}" "$VS_BODY_SHA" \\`,
      `  | openssl dgst -sha256 -hmac "$${SECRET_ACCESS_KEY_VAR}" -binary | openssl base64 -A)`,
    );
    parts.push(headerArg('Signature', '$VS_SIG', true));
  }
  parts.push(...plainHeaderArgs(req.headers));
  if (body !== undefined) parts.push('--data-raw "$VS_BODY"');
  lines.push(joinCommand(parts));
  return lines.join('\n') + '\n';
}
