// The Node.js writer of Copy Request as Code: an ES module using the built-in fetch and node:crypto (no
// package), which reads the credentials from the environment, percent-encodes the path parameters with
// encodeURIComponent and the form with URLSearchParams (what the extension's client does), signs when the
// profile's auth.* settings say so, and prints the status code and the XML answer.
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
 * A JavaScript string literal that means exactly `s`: JSON's escaping (quotes, backslashes, controls, lone
 * surrogates) in double quotes, where `${…}` and backticks are plain text; plus every invisible or
 * direction-changing character written as an escape, so the code reads as it runs.
 */
export function jsString(s: string): string {
  return JSON.stringify(s).replace(new RegExp(INVISIBLE.source, 'gu'), (c) =>
    c === ' ' ? c : c.length === 1 ? `\\u${hex(c, 4)}` : `\\u{${hex(c, 1)}}`,
  );
}

/** `instanceId` stays `instanceId`; anything that is not a plain identifier is refused (the core's names are). */
function identifier(name: string): string {
  if (!/^[A-Za-z_]\w*$/.test(name)) throw new Error(`Not an identifier: ${name}`);
  return name;
}

export function formatNode(req: CodeSource): string {
  const plan = requestPlan(req);
  const { auth } = plan;
  const signs = auth.form === 'signed' && auth.signature === 'hmac-sha256';
  const lines: string[] = [];
  const how = signingNote(auth);
  lines.push(
    `// ${plan.summary}, ${how}`,
    `// Node.js 18 or newer, no packages: save as request.mjs, set ${ACCESS_KEY_ID_VAR} and ${SECRET_ACCESS_KEY_VAR}, run \`node request.mjs\`.`,
    `// Prints the status code and the XML answer; anything else (a variable not set, no answer within ${TIMEOUT_SECONDS} s, an`,
    '// HTTP or service error) is one line on standard error and exit code 1.',
  );
  if (signs) lines.push('import { createHash, createHmac } from "node:crypto";');
  lines.push('', 'function fail(message) {', '  console.error(message);', '  process.exit(1);', '}');
  lines.push('', `const baseUrl = ${jsString(plan.base)};`);
  for (const p of plan.params) lines.push(`const ${identifier(p.name)} = ${jsString(p.value)};`);
  if (plan.form) {
    lines.push('const form = [');
    for (const [name, value] of plan.form) lines.push(`  [${jsString(name)}, ${jsString(value)}],`);
    lines.push('];');
  }
  lines.push(
    '',
    `const keyId = process.env.${ACCESS_KEY_ID_VAR};`,
    `const secret = process.env.${SECRET_ACCESS_KEY_VAR};`,
    `if (!keyId || !secret) fail("Set ${ACCESS_KEY_ID_VAR} and ${SECRET_ACCESS_KEY_VAR} first.");`,
    '',
  );
  const pathExpr = plan.path.map((p) => ('text' in p ? jsString(p.text) : `encodeURIComponent(${identifier(p.param)})`));
  lines.push(`const url = new URL(${['baseUrl', ...pathExpr].join(' + ')});`);
  if (plan.form) lines.push('const body = new URLSearchParams(form).toString();');
  lines.push('const timestamp = String(Date.now());');
  let authHeaders: string[];
  if (auth.form === 'basic') {
    authHeaders = [
      'Authorization: "Basic " + Buffer.from(keyId + ":" + secret, "utf8").toString("base64"),',
      'AccessKeyId: keyId,',
      'Timestamp: timestamp,',
      'Signature: "",',
    ];
  } else {
    if (signs) {
      const bodyHash = plan.form ? 'body' : '""';
      lines.push(
        `const bodyHash = createHash("sha256").update(${bodyHash}).digest("hex");`,
        `const stringToSign = [${jsString(plan.method)}, url.pathname + url.search, timestamp, keyId, bodyHash].join("\\n");`,
        'const signature = createHmac("sha256", secret).update(stringToSign).digest("base64");',
      );
    }
    authHeaders = [
      `Authorization: ${jsString(auth.scheme)},`,
      'AccessKeyId: keyId,',
      'Timestamp: timestamp,',
      signs ? 'Signature: signature,' : 'Signature: "",',
    ];
  }
  lines.push(
    '',
    'let response, answer;',
    'try {',
    '  response = await fetch(url, {',
    `    method: ${jsString(plan.method)},`,
    '    headers: {',
  );
  for (const h of authHeaders) lines.push(`      ${h}`);
  for (const [name, value] of plan.headers) lines.push(`      ${jsString(name)}: ${jsString(value)},`);
  lines.push('    },');
  if (plan.form) lines.push('    body,');
  lines.push(
    `    signal: AbortSignal.timeout(${TIMEOUT_SECONDS * 1000}),`,
    '  });',
    '  answer = await response.text();',
    '} catch (error) {',
    '  fail(',
    '    error.name === "TimeoutError"',
    `      ? "No answer within ${TIMEOUT_SECONDS} seconds from " + url.host + "."`,
    '      : "The request failed: " + (error.cause?.message ?? error.message),',
    '  );',
    '}',
    "// The service's own status, from the XML envelope: <status><code>…</code><message>…</message>.",
    'const code = /<status>\\s*<code>([^<]*)<\\/code>/.exec(answer)?.[1]?.trim();',
    'if (!response.ok || code !== "200") {',
    '  const message = /<message>([^<]*)<\\/message>/.exec(answer)?.[1] ?? "no service message";',
    '  // One line, whatever the service wrote: control characters become spaces.',
    '  const said = message.replace(/[\\u0000-\\u001f\\u007f-\\u009f]+/g, " ").trim().slice(0, 300);',
    '  fail("HTTP " + response.status + ", service status " + (code ?? "missing") + ": " + said);',
    '}',
    'console.log(response.status);',
    'console.log(answer);',
  );
  return lines.join('\n') + '\n';
}
