// The Python writer of Copy Request as Code: Python 3 with the standard library only (urllib.request,
// hmac, hashlib, base64, time, os), which reads the credentials from the environment, percent-encodes
// the path parameters as JavaScript's encodeURIComponent does (what the extension's client sends), sends
// the form as UTF-8, signs when the profile's auth.* settings say so, and prints the status code and the
// XML answer (an HTTP error status included).
import {
  ACCESS_KEY_ID_VAR,
  type CodeSource,
  hex,
  INVISIBLE,
  requestPlan,
  signingNote,
  SECRET_ACCESS_KEY_VAR,
  TIMEOUT_SECONDS,
} from './plan.js';

/**
 * A Python string literal (not an f-string) that means exactly `s`: backslashes, double quotes and line
 * breaks escaped, and every invisible or direction-changing character written as \x, \u or \U, so the code
 * reads as it runs. `{…}`, `$(…)` and backticks are plain text in it.
 */
export function pyString(s: string): string {
  let out = '"';
  for (const c of s) {
    if (c === '\\') out += '\\\\';
    else if (c === '"') out += '\\"';
    else if (c === '\n') out += '\\n';
    else if (c === '\r') out += '\\r';
    else if (c === '\t') out += '\\t';
    else if (c !== ' ' && INVISIBLE.test(c)) {
      const code = c.codePointAt(0) ?? 0;
      out += code <= 0xff ? `\\x${hex(c, 2)}` : code <= 0xffff ? `\\u${hex(c, 4)}` : `\\U${hex(c, 8)}`;
    } else out += c;
  }
  return out + '"';
}

/** `instanceId` -> `INSTANCE_ID`, the name of a module-level constant. */
function constantName(name: string): string {
  if (!/^[A-Za-z_]\w*$/.test(name)) throw new Error(`Not an identifier: ${name}`);
  return name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();
}

export function formatPython(req: CodeSource): string {
  const plan = requestPlan(req);
  const { auth } = plan;
  const signs = auth.form === 'signed' && auth.signature === 'hmac-sha256';
  const how = signingNote(auth);
  const modules = [
    ...(auth.form === 'basic' || signs ? ['base64'] : []),
    ...(signs ? ['hashlib', 'hmac'] : []),
    'os',
    're',
    'socket',
    'sys',
    'time',
    'urllib.error',
    'urllib.parse',
    'urllib.request',
  ];
  const lines = [
    `# ${plan.summary}, ${how}`,
    `# Python 3, standard library only: set ${ACCESS_KEY_ID_VAR} and ${SECRET_ACCESS_KEY_VAR}, then run \`python3 request.py\`.`,
    `# Prints the status code and the XML answer; anything else (a variable not set, no answer within ${TIMEOUT_SECONDS} s, an`,
    '# HTTP or service error) is one line on standard error and exit code 1.',
    ...modules.map((m) => `import ${m}`),
    '',
    `BASE_URL = ${pyString(plan.base)}`,
  ];
  for (const p of plan.params) lines.push(`${constantName(p.name)} = ${pyString(p.value)}`);
  if (plan.form) {
    lines.push('FORM = [');
    for (const [name, value] of plan.form) lines.push(`    (${pyString(name)}, ${pyString(value)}),`);
    lines.push(']');
  }
  lines.push(
    '',
    `key_id = os.environ.get(${pyString(ACCESS_KEY_ID_VAR)}, "")`,
    `secret = os.environ.get(${pyString(SECRET_ACCESS_KEY_VAR)}, "")`,
    'if not key_id or not secret:',
    `    sys.exit(${pyString(`Set ${ACCESS_KEY_ID_VAR} and ${SECRET_ACCESS_KEY_VAR} first.`)})`,
    '',
  );
  if (plan.params.length > 0) {
    lines.push(
      '',
      'def path_segment(value):',
      "    # Percent-encoded as JavaScript's encodeURIComponent does: what the extension sends.",
      `    return urllib.parse.quote(value, safe="!'()*~")`,
      '',
      '',
    );
  }
  const pathExpr = plan.path.map((p) => ('text' in p ? pyString(p.text) : `path_segment(${constantName(p.param)})`));
  lines.push(`url = ${['BASE_URL', ...pathExpr].join(' + ')}`);
  if (plan.form) lines.push('body = urllib.parse.urlencode(FORM).encode("utf-8")');
  else if (signs) lines.push('body = b""');
  lines.push('timestamp = str(int(time.time() * 1000))');
  const headers: string[] = [];
  if (auth.form === 'basic') {
    lines.push('basic = base64.b64encode((key_id + ":" + secret).encode("utf-8")).decode("ascii")');
    headers.push('"Authorization": "Basic " + basic,', '"AccessKeyId": key_id,', '"Timestamp": timestamp,', '"Signature": "",');
  } else {
    if (signs) {
      lines.push(
        `string_to_sign = "\\n".join([${pyString(plan.method)}, urllib.parse.urlsplit(url).path, timestamp, key_id, hashlib.sha256(body).hexdigest()])`,
        'digest = hmac.new(secret.encode("utf-8"), string_to_sign.encode("utf-8"), hashlib.sha256).digest()',
        'signature = base64.b64encode(digest).decode("ascii")',
      );
    }
    headers.push(
      `"Authorization": ${pyString(auth.scheme)},`,
      '"AccessKeyId": key_id,',
      '"Timestamp": timestamp,',
      signs ? '"Signature": signature,' : '"Signature": "",',
    );
  }
  for (const [name, value] of plan.headers) headers.push(`${pyString(name)}: ${pyString(value)},`);
  lines.push('headers = {', ...headers.map((h) => `    ${h}`), '}');
  lines.push(
    '',
    `request = urllib.request.Request(url, data=${plan.form ? 'body' : 'None'}, headers=headers, method=${pyString(plan.method)})`,
    '# sys.exit(text) prints the text on standard error and exits with 1.',
    'try:',
    `    with urllib.request.urlopen(request, timeout=${TIMEOUT_SECONDS}) as response:`,
    '        status, answer = response.status, response.read()',
    'except urllib.error.HTTPError as error:',
    '    status, answer = error.code, error.read()',
    'except OSError as error:  # urllib.error.URLError included',
    '    reason = getattr(error, "reason", error)',
    '    if isinstance(reason, socket.timeout):',
    `        sys.exit("No answer within ${TIMEOUT_SECONDS} seconds from " + urllib.parse.urlsplit(url).netloc + ".")`,
    '    sys.exit("The request failed: " + str(reason))',
    'text = answer.decode("utf-8", "replace")',
    "# The service's own status, from the XML envelope: <status><code>…</code><message>…</message>.",
    'code = re.search(r"<status>\\s*<code>([^<]*)</code>", text)',
    'code = code.group(1).strip() if code else "missing"',
    'if status != 200 or code != "200":',
    '    message = re.search(r"<message>([^<]*)</message>", text)',
    '    # One line, whatever the service wrote: control characters become spaces.',
    '    said = re.sub(r"[\\x00-\\x1f\\x7f-\\x9f]+", " ", message.group(1) if message else "no service message").strip()[:300]',
    '    sys.exit("HTTP " + str(status) + ", service status " + code + ": " + said)',
    'print(status)',
    'print(text)',
  );
  return lines.join('\n') + '\n';
}
