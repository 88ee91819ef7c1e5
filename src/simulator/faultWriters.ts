// How each fault misbehaves on the wire. Every writer stops early when the client goes away or the
// simulator closes, so no timer or stream outlives close().
import { STATUS_CODES, type ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { XML_CONTENT_TYPE, errorAnswer, type Answer } from './answer.js';
import { escapeXml } from './xml.js';
import { envelopeXml, formatEnvelopeTimestamp } from './envelope.js';
import { SERVICE_PROVIDER, SERVICE_VERSION } from './defaults.js';
import type { Fault } from './types.js';

export const DEFAULT_FAULT_LATENCY_MS = 1000;
const DEFAULT_OVERSIZED_BYTES = 40 * 1024 * 1024;
/** `crowded` without `sizeBytes`: about 90,000 attributes in 1 MB, so a small answer stays under the client's 1 MiB cap. */
const DEFAULT_CROWDED_BYTES = 1_000_000;
const DEFAULT_SLOW_CHUNK_BYTES = 64;
const DEFAULT_SLOW_INTERVAL_MS = 200;

/** Waits `ms`; false when the wait was cut short by `signal` (the simulator is closing). */
export async function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (ms <= 0) return !signal.aborted;
  try {
    await delay(ms, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}

function gone(res: ServerResponse, signal: AbortSignal): boolean {
  return signal.aborted || res.destroyed || res.writableEnded;
}

export function writeAnswer(res: ServerResponse, a: Answer, contentType = XML_CONTENT_TYPE): void {
  const body = Buffer.from(a.body, 'utf8');
  res.writeHead(a.status, { ...a.headers, 'Content-Type': contentType, 'Content-Length': String(body.length) });
  res.end(body);
}

/** `status`: the given HTTP status (default 503) with a matching error envelope and an optional Retry-After. */
export function statusFaultAnswer(f: Fault, serviceId: string, now: number): Answer {
  const status = f.status ?? 503;
  const message = f.serviceMessage ?? STATUS_CODES[status] ?? 'Error';
  return errorAnswer(status, message, serviceId, now, f.retryAfter !== undefined ? { 'Retry-After': f.retryAfter } : undefined);
}

/** `envelopeError`: HTTP 200 whose envelope says otherwise (default code 500). */
export function envelopeErrorAnswer(f: Fault, serviceId: string, now: number): Answer {
  const code = f.serviceCode ?? '500';
  const message = f.serviceMessage ?? 'Internal service error; please try again later.';
  return { status: 200, body: envelopeXml({ code, message, serviceId, now }) };
}

/** `html`: what a proxy or load balancer sends, an HTML page (default 502). */
export function htmlAnswer(f: Fault): Answer {
  const status = f.status ?? 502;
  const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
  const body =
    `<!DOCTYPE html>\n<html><head><title>${title}</title></head>\n` +
    `<body><center><h1>${title}</h1></center><hr><center>edge-proxy</center></body></html>\n`;
  return { status, body, ...(f.retryAfter !== undefined ? { headers: { 'Retry-After': f.retryAfter } } : {}) };
}

/** `malformed`: HTTP 200, XML content type, tags that do not nest. */
export function malformedAnswer(now: number): Answer {
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<response><status><code>200</code><message>OK</message>' +
    `<timestamp>${formatEnvelopeTimestamp(now)}</timestamp></status>` +
    '<result><monthView><currentDateID>2024</monthView></calls></result>\n';
  return { status: 200, body };
}

/** `entityBomb`: a "billion laughs" document; a parser that expands entities would need gigabytes. */
export function entityBombAnswer(now: number): Answer {
  const levels = ['  <!ENTITY lol0 "lol">'];
  for (let i = 1; i <= 9; i++) levels.push(`  <!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE response [\n' +
    levels.join('\n') +
    '\n]>\n' +
    `<response><status><code>200</code><message>&lol9;</message><timestamp>${formatEnvelopeTimestamp(now)}</timestamp></status>` +
    `<service><provider>${SERVICE_PROVIDER}</provider><id>vvoice</id><version>${SERVICE_VERSION}</version></service>` +
    '<result/></response>\n';
  return { status: 200, body };
}

/** `doctype`: an envelope behind a DOCTYPE naming an external entity (an XXE probe); nothing may resolve it. */
export function doctypeAnswer(now: number): Answer {
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE response [ <!ENTITY ext SYSTEM "file:///etc/hostname"> ]>\n' +
    `<response><status><code>200</code><message>&ext;</message><timestamp>${formatEnvelopeTimestamp(now)}</timestamp></status>` +
    `<service><provider>${SERVICE_PROVIDER}</provider><id>vvoice</id><version>${SERVICE_VERSION}</version></service>` +
    '<result/></response>\n';
  return { status: 200, body };
}

async function writeOrWait(res: ServerResponse, chunk: string | Buffer): Promise<void> {
  if (res.write(chunk)) return;
  await new Promise<void>((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * `oversized`: a month view that looks valid and is exactly `sizeBytes` long (default 40 MiB), announced
 * with Content-Length and streamed with back-pressure. Below about 400 bytes the skeleton alone is sent.
 */
export async function writeOversized(res: ServerResponse, f: Fault, now: number, signal: AbortSignal): Promise<void> {
  const head = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?>\n<response><status><code>200</code><message>OK</message>' +
      `<timestamp>${formatEnvelopeTimestamp(now)}</timestamp></status>` +
      `<service><provider>${SERVICE_PROVIDER}</provider><id>vvoice</id><version>${SERVICE_VERSION}</version></service>` +
      '<result><monthView><currentDateID>20240601</currentDateID><calls>\n',
  );
  const tail = Buffer.from('</calls></monthView></result></response>\n');
  const unit =
    '<date dateID="20240601"><call_legs>3</call_legs><call_legs_in>2</call_legs_in><call_legs_out>1</call_legs_out>' +
    '<calls_unique>2</calls_unique><duration_min>7</duration_min></date>\n';
  const block = Buffer.from(unit.repeat(Math.floor(65_536 / unit.length)));
  const size = Math.max(f.sizeBytes ?? DEFAULT_OVERSIZED_BYTES, head.length + tail.length);

  res.writeHead(200, { 'Content-Type': XML_CONTENT_TYPE, 'Content-Length': String(size) });
  await writeOrWait(res, head);
  let fill = size - head.length - tail.length;
  while (fill > 0 && !gone(res, signal)) {
    if (fill >= block.length) {
      await writeOrWait(res, block);
      fill -= block.length;
    } else {
      // Whole date elements, then spaces (legal between elements) to land on the exact size.
      const units = Math.floor(fill / unit.length);
      await writeOrWait(res, unit.repeat(units) + ' '.repeat(fill - units * unit.length));
      fill = 0;
    }
  }
  if (!gone(res, signal)) res.end(tail);
}

/** `truncated`: announces the full Content-Length, sends `sizeBytes` (default half) of the body, then closes. */
export function writeTruncated(res: ServerResponse, a: Answer, f: Fault): void {
  const body = Buffer.from(a.body, 'utf8');
  const sent = Math.min(f.sizeBytes ?? Math.floor(body.length / 2), Math.max(0, body.length - 1));
  res.writeHead(a.status, { ...a.headers, 'Content-Type': XML_CONTENT_TYPE, 'Content-Length': String(body.length) });
  res.write(body.subarray(0, sent), () => res.destroy());
}

/** `slowBody`: headers at once, then the real body in `sizeBytes`-byte chunks (default 64) every `latencyMs` (default 200). */
export async function writeSlowBody(res: ServerResponse, a: Answer, f: Fault, signal: AbortSignal): Promise<void> {
  const body = Buffer.from(a.body, 'utf8');
  const chunk = Math.max(1, f.sizeBytes ?? DEFAULT_SLOW_CHUNK_BYTES);
  const interval = f.latencyMs ?? DEFAULT_SLOW_INTERVAL_MS;
  res.writeHead(a.status, { ...a.headers, 'Content-Type': XML_CONTENT_TYPE, 'Content-Length': String(body.length) });
  res.flushHeaders();
  for (let at = 0; at < body.length; at += chunk) {
    if (at > 0 && !(await pause(interval, signal))) return;
    if (gone(res, signal)) return;
    await writeOrWait(res, body.subarray(at, at + chunk));
  }
  if (!gone(res, signal)) res.end();
}

/**
 * What a hostile or compromised service could put in every string it controls: a command link, a web
 * link, HTML with a script, markdown and a codicon. The product must show it as text everywhere.
 */
export const HOSTILE_TEXT =
  "[Run fix](command:voiceSms.signOut?%7B%22removeProfile%22%3Atrue%7D) <img src=x onerror=\"document.title='pwned'\"><script>document.title='pwned'</script> **bold** $(alert) <https://evil.example/x>";

/**
 * `hostile`: the real answer with `serviceMessage` (default HOSTILE_TEXT) in every service-controlled
 * text: the status message, the service's provider/id/version, a balance's currency and each
 * activity's direction and status. Element text only, escaped: the XML stays well-formed.
 */
export function hostileAnswer(a: Answer, text: string): Answer {
  const t = escapeXml(text);
  // Replacers are functions throughout: a replacement string would read `$&`, `$'` and `$1` in the echoed text.
  let body = a.body.replace(/<message>[^<]*<\/message>/, () => `<message>${t}</message>`);
  body = body.replace(
    /<service>([\s\S]*?)<\/service>/,
    (_m: string, inner: string) =>
      `<service>${inner.replace(/<(provider|id|version)>[^<]*<\/\1>/g, (_x: string, tag: string) => `<${tag}>${t}</${tag}>`)}</service>`,
  );
  body = body.replace(/<(currency|direction)>[^<]*<\/\1>/g, (_m: string, tag: string) => `<${tag}>${t}</${tag}>`);
  body = body.replace(/(<activity>[\s\S]*?)<status>[^<]*<\/status>/g, (_m: string, head: string) => `${head}<status>${t}</status>`);
  return { ...a, body };
}

/**
 * `crowded`: the real answer with `sizeBytes` of short attributes (` a0="x"`, ` a1="x"`, …) added to the first
 * element inside `<result>` (else the root): legal XML whose cost lies in the attribute count (1 MB of them is
 * about 90,000), not in its size.
 */
export function crowdedAnswer(a: Answer, sizeBytes = DEFAULT_CROWDED_BYTES): Answer {
  const result = a.body.indexOf('<result>');
  const child = result >= 0 ? a.body.indexOf('<', result + 8) : -1;
  const open = child >= 0 && a.body[child + 1] !== '/' ? child : a.body.indexOf('<response');
  // Right after the element's name: before its own attributes or its closing '>'.
  let at = open + 1;
  while (at < a.body.length && !' />'.includes(a.body[at] ?? '>')) at++;
  const attributes: string[] = [];
  let size = 0;
  for (let i = 0; size < sizeBytes; i++) {
    const attribute = ` a${i.toString(36)}="x"`;
    attributes.push(attribute);
    size += attribute.length;
  }
  return { ...a, body: a.body.slice(0, at) + attributes.join('') + a.body.slice(at) };
}

/**
 * `echo`: a service that says back what it is given, in every shape an answer has: `text` wherever `hostile`
 * puts it, in the text of each payload element named in `fields` (a balance's `amount`, a day's
 * `duration_min`, an SMS's `status`), and `xml` written as it is at the end of `<result>` (the caller's own
 * markup: character references, element and attribute names). With `status`, an error envelope says `text`.
 */
export function echoAnswer(a: Answer, text: string, fields: readonly string[], xml: string | undefined): Answer {
  const t = escapeXml(text);
  let body = hostileAnswer(a, text).body;
  for (const name of fields) {
    body = body
      .split(`<${name}>`)
      .map((part, i) => (i === 0 ? part : part.replace(/^[^<]*/, () => t)))
      .join(`<${name}>`);
  }
  if (xml !== undefined) {
    body = body.includes('<result/>')
      ? body.replace('<result/>', () => `<result>${xml}</result>`)
      : body.replace('</result>', () => `${xml}</result>`);
  }
  return { ...a, body };
}
