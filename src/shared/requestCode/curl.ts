// "Copy as cURL" (the `sh` writer of Copy Request as Code): turns a described request (the core's
// describeRequest) into a POSIX shell snippet that reproduces it exactly, with the credentials left as
// environment-variable placeholders. Pure text work (no vscode, no crypto): the real secret is never an
// input here, and the signature is computed by the snippet itself, following README's Authentication section.
//
// No credential ever becomes a command's argument when the snippet runs (any local user can read those in
// the process list): curl reads the key id, the basic credentials and the Signature from a config on its
// standard input (`-K -`), and the HMAC is built from two SHA-256 passes (RFC 2104) with every key byte
// fed to openssl on standard input. Shell builtins (`printf`, `[`, `:`) start no process. Like the Node.js and Python
// programs, it gives up after its timeouts and checks the answer (HTTP status and the envelope's code): an error is one
// line on standard error and a non-zero exit code, never an answer printed with exit code 0.
import { ACCESS_KEY_ID_VAR, AUTH_HEADERS, authPlan, headerValue, SECRET_ACCESS_KEY_VAR, TIMEOUT_SECONDS } from './plan.js';

export { ACCESS_KEY_ID_VAR, SECRET_ACCESS_KEY_VAR };

/** The subset of the core's DescribedRequest this formatter reads. */
export interface CurlSource {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  sensitiveHeaders: readonly string[];
}

/** How long the snippet waits for a connection, and for the whole answer (the Node.js and Python programs' limit). */
const CONNECT_TIMEOUT_SECONDS = 10;

/**
 * The command's start: the credentials from the config on standard input, a connection within
 * CONNECT_TIMEOUT_SECONDS and the whole answer within TIMEOUT_SECONDS (else curl's own one line and its exit code,
 * 28 for a timeout), and the HTTP status code on a line of its own after the answer, which the snippet checks.
 */
const CURL = `curl -sS -K - --connect-timeout ${CONNECT_TIMEOUT_SECONDS} --max-time ${TIMEOUT_SECONDS} -w '\\n%{http_code}'`;

/** sed's replacement that puts the first match on a line of its own (a newline before and after it). */
const SED_MARK = String.raw`\
\1\
`;
/** Any blank or control character (the answer's line breaks are \001 for sed). */
const GAP = '[[:space:][:cntrl:]]*';

/**
 * After curl: the answer is checked as the Node.js and Python programs check it. HTTP 200 and the envelope's
 * status code 200 print the answer as received on standard output and `HTTP 200` on standard error; anything else
 * prints one line on standard error, `HTTP 401, service status 401: <the service's message>`, and exits with 1.
 * The answer is made one line for sed (its line breaks as \001, which XML text cannot hold); the code and message
 * are the first of the answer (the match is put between two newlines, then taken out); control characters in the
 * message become one space, and it is cut at 300 characters.
 */
const CHECK_LINES = [
  'VS_STATUS=${VS_OUT##*[!0-9]}',
  'VS_ANSWER=${VS_OUT%?"$VS_STATUS"}',
  String.raw`VS_FLAT=$(printf '%s' "$VS_ANSWER" | tr '\n' '\001')`,
  String.raw`VS_CODE=$(printf '%s\n' "$VS_FLAT" | sed -n 's/<status>${GAP}<code>${GAP}\([^<[:space:][:cntrl:]]*\)${GAP}<\/code>/${SED_MARK}/`,
  String.raw`s/^.*\n\(.*\)\n.*$/\1/p')`,
  'if [ "$VS_STATUS" != 200 ] || [ "$VS_CODE" != 200 ]; then',
  String.raw`  VS_SAID=$(printf '%s\n' "$VS_FLAT" | sed -n 's/[[:cntrl:]][[:cntrl:]]*/ /g`,
  String.raw`s/<message>\([^<]*\)<\/message>/${SED_MARK}/`,
  String.raw`s/^.*\n *\(.*\)\n.*$/\1/p' | sed 's/ *$//;s/^\(.\{300\}\).*$/\1/')`,
  '  printf \'HTTP %s, service status %s: %s\\n\' "$VS_STATUS" "${VS_CODE:-missing}" "${VS_SAID:-no service message}" >&2',
  '  exit 1',
  'fi',
  `printf '%s' "$VS_ANSWER"`,
  String.raw`printf 'HTTP %s\n' "$VS_STATUS" >&2`,
];

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

const ID = `$${ACCESS_KEY_ID_VAR}`;
const SECRET = `$${SECRET_ACCESS_KEY_VAR}`;

/** Both variables set, else one line from sh and the snippet stops (a pasted one: only this subshell). */
const REQUIRE = `: "\${${ACCESS_KEY_ID_VAR}:?is not set}" "\${${SECRET_ACCESS_KEY_VAR}:?is not set}"`;

/** A value for a quoted curl config parameter: backslash and double quote escaped (by sed, on its standard input). */
const CONFIG_QUOTE = String.raw`vs_q() { printf '%s' "$1" | sed 's/[\\"]/\\&/g'; }`;

/**
 * HMAC-SHA256 from plain SHA-256 (RFC 2104) so that no key byte is ever an argument: the key's bytes as hex
 * (od reads them on standard input), hashed first when longer than the 64-byte block, zero-padded, then
 * XORed with the pads by shell arithmetic and written by the printf builtin straight into openssl.
 */
const HMAC_LINES = [
  '# HMAC-SHA256 (RFC 2104) from two SHA-256 passes: the key reaches openssl on standard input only.',
  String.raw`vs_hex() { od -An -v -tx1 | tr -d ' \n'; }`,
  String.raw`vs_bytes() { vs_h=$1; vs_f=; while [ ${'$'}{#vs_h} -gt 0 ]; do vs_b=$((0x${'$'}{vs_h%"${'$'}{vs_h#??}"} ^ $2)); vs_h=${'$'}{vs_h#??}; vs_f="$vs_f\\$((vs_b >> 6))$((vs_b >> 3 & 7))$((vs_b & 7))"; done; printf "$vs_f"; }`,
  `VS_KEY=$(printf '%s' "${SECRET}" | vs_hex)`,
  `[ \${#VS_KEY} -le 128 ] || VS_KEY=$(printf '%s' "${SECRET}" | openssl dgst -sha256 -binary | vs_hex)`,
  'while [ ${#VS_KEY} -lt 128 ]; do VS_KEY=${VS_KEY}00; done',
];

/**
 * Builds the shell text: a subshell (nothing is left behind in a terminal it is pasted into) that checks
 * both variables, computes Timestamp (and Signature when signed), writes curl's config of credential headers
 * to its standard input and runs curl with the exact method, URL, plain headers and form body.
 * Throws when the request carries a sensitive header this formatter does not know how to replace,
 * rather than risk printing a credential.
 */
export function formatCurl(req: CurlSource): string {
  const auth = authPlan(req);
  const authorization = headerValue(req.headers, 'Authorization') ?? '';
  const basic = auth.form === 'basic';
  const signature = headerValue(req.headers, 'Signature') ?? '';
  const signs = !basic && signature !== '';
  const url = new URL(req.url);
  const pathWithQuery = url.pathname + url.search;
  const body = req.body;

  const lines = [
    basic
      ? `# ${req.method} ${pathWithQuery} — basic credentials from ${ID} and ${SECRET}`
      : `# ${req.method} ${pathWithQuery} — signed with ${ID} and ${SECRET}:`,
  ];
  if (signs) {
    lines.push('# Signature = base64(HMAC-SHA256(secret, METHOD\\nPATH_WITH_QUERY\\nTIMESTAMP\\nACCESS_KEY_ID\\nhex(SHA-256(body))))');
  }
  lines.push(
    '# curl reads the credentials on standard input (-K -): none is ever a command-line argument.',
    `# Prints the XML answer (and HTTP 200 on standard error); anything else (a variable not set, no connection within ${CONNECT_TIMEOUT_SECONDS} s,`,
    `# no answer within ${TIMEOUT_SECONDS} s, an HTTP or service error) is one line on standard error and a non-zero exit code.`,
    '(',
    REQUIRE,
    CONFIG_QUOTE,
  );
  if (body !== undefined) lines.push(`VS_BODY=${shQuote(body)}`);
  // Milliseconds since the epoch from POSIX `date` (seconds + "000"), within the service's 5-minute window.
  lines.push('VS_TS=$(date +%s)000');
  // curl's config: one `name = "value"` per line, the values quoted for it by vs_q.
  const config: { line: string; arg: string }[] = [];
  if (basic) config.push({ line: 'user = "%s:%s"', arg: `"$(vs_q "${ID}")" "$(vs_q "${SECRET}")"` });
  config.push({ line: 'header = "AccessKeyId: %s"', arg: `"$(vs_q "${ID}")"` });
  if (signs) {
    lines.push(
      ...HMAC_LINES,
      // `sed` keeps the digest only, whatever prefix this openssl version prints.
      `VS_BODY_SHA=$(printf '%s' "${body === undefined ? '' : '$VS_BODY'}" | openssl dgst -sha256 | sed 's/^.* //')`,
      `VS_INNER=$({ vs_bytes "$VS_KEY" 54; printf '%s\\n%s\\n%s\\n%s\\n%s' ${shQuote(req.method)} ${shQuote(pathWithQuery)} "$VS_TS" "${ID}" "$VS_BODY_SHA"; } \\`,
      '  | openssl dgst -sha256 -binary | vs_hex)',
      '# The signature goes to curl on standard input too: it is valid for five minutes.',
      'VS_SIG=$({ vs_bytes "$VS_KEY" 92; vs_bytes "$VS_INNER" 0; } | openssl dgst -sha256 -binary | openssl base64 -A)',
    );
    config.push({ line: 'header = "Signature: %s"', arg: '"$VS_SIG"' });
  }
  const parts = [CURL];
  if (req.method !== 'GET' && body === undefined) parts.push(`-X ${req.method}`);
  parts.push(shQuote(req.url));
  if (basic) parts.push(headerArg('Timestamp', '$VS_TS', true), headerArg('Signature', ''));
  else {
    parts.push(headerArg('Authorization', authorization), headerArg('Timestamp', '$VS_TS', true));
    if (!signs) parts.push(headerArg('Signature', ''));
  }
  parts.push(...plainHeaderArgs(req.headers));
  if (body !== undefined) parts.push('--data-raw "$VS_BODY"');
  lines.push(`VS_OUT=$(printf '${config.map((c) => c.line).join('\\n')}\\n' ${config.map((c) => c.arg).join(' ')} |`);
  // No connection, no answer in time or another transport failure: curl's own line and exit code.
  lines.push(`${joinCommand(parts)}) || exit`, ...CHECK_LINES);
  lines.push(')');
  return lines.join('\n') + '\n';
}
