// Raw HTTP against the simulator (node:http, no client library) and the two credential forms computed
// here from docs/authentication.md's formula, independently of src/core, so the simulator is checked against the text.
import { createHash, createHmac } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { parseEnvelope, type Envelope } from '../../../src/core/xml/envelope.js';
import { start } from '../../../src/simulator/server.js';
import type { Simulator, SimulatorOptions } from '../../../src/simulator/types.js';

/** The fixed simulator clock of most tests: 2024-06-15 14:03:27.481 UTC, a Saturday. */
export const T0 = Date.UTC(2024, 5, 15, 14, 3, 27, 481);

export interface Creds {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  bytes: number;
  /** Set when the connection failed before or during the body. */
  error?: NodeJS.ErrnoException;
  /** Milliseconds from sending to the response headers, and to the end of the body. */
  headersAfterMs: number;
  doneAfterMs: number;
}

export interface Send {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Give up (abort the request) after this many ms; the reply then carries an error. */
  abortAfterMs?: number;
  /** Do not keep the body text (for huge answers); `bytes` is still counted. */
  discardBody?: boolean;
}

/**
 * One request on its own connection. Never rejects: connection failures come back as `error`, so tests
 * can assert on resets and truncation as easily as on statuses.
 */
export function send(url: string, s: Send = {}): Promise<Reply> {
  const started = Date.now();
  return new Promise((resolve) => {
    let headersAt = -1;
    let status = 0;
    let headers: IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    let bytes = 0;
    let settled = false;
    const finish = (error?: NodeJS.ErrnoException): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({
        status,
        headers,
        bytes,
        body: Buffer.concat(chunks).toString('utf8'),
        ...(error ? { error } : {}),
        headersAfterMs: headersAt,
        doneAfterMs: Date.now() - started,
      });
    };
    const req = httpRequest(url, { method: s.method ?? 'GET', headers: s.headers ?? {}, agent: false }, (res) => {
      headersAt = Date.now() - started;
      status = res.statusCode ?? 0;
      headers = res.headers;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        if (!s.discardBody) chunks.push(c);
      });
      res.on('end', () => finish());
      res.on('error', (e: NodeJS.ErrnoException) => finish(e));
      res.on('aborted', () => finish(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })));
    });
    req.on('error', (e: NodeJS.ErrnoException) => finish(e));
    const timer = setTimeout(() => {
      req.destroy(Object.assign(new Error('gave up'), { code: 'TEST_ABORT' }));
    }, s.abortAfterMs ?? 10_000);
    req.end(s.body);
  });
}

export function basicHeaders(c: Creds, now: number): Record<string, string> {
  return {
    Authorization: `Basic ${Buffer.from(`${c.accessKeyId}:${c.secretAccessKey}`).toString('base64')}`,
    AccessKeyId: c.accessKeyId,
    Timestamp: String(now),
    Signature: '',
  };
}

function hmacSignature(secret: string, method: string, pathWithQuery: string, timestamp: string, id: string, body: string): string {
  const bodyHash = createHash('sha256').update(body, 'utf8').digest('hex');
  const toSign = `${method}\n${pathWithQuery}\n${timestamp}\n${id}\n${bodyHash}`;
  return createHmac('sha256', secret).update(toSign, 'utf8').digest('base64');
}

export function signedHeaders(
  c: Creds,
  req: { method: string; path: string; body?: string; now: number; scheme?: string },
): Record<string, string> {
  const ts = String(req.now);
  return {
    Authorization: req.scheme ?? 'CLOUD-V1',
    AccessKeyId: c.accessKeyId,
    Timestamp: ts,
    Signature: hmacSignature(c.secretAccessKey, req.method, req.path, ts, c.accessKeyId, req.body ?? ''),
  };
}

export const FORM_TYPE = 'application/x-www-form-urlencoded; charset=UTF-8';

export function smsForm(from: string, to: string, body: string): string {
  return new URLSearchParams([
    ['from:id', from],
    ['to', to],
    ['body', body],
  ]).toString();
}

/** A signed SMS send, as the extension sends it by default. */
export function sendSms(sim: Simulator, now: number, from: string, to: string, text: string): Promise<Reply> {
  const body = smsForm(from, to, text);
  const headers = { ...signedHeaders(sim.credentials, { method: 'POST', path: '/v1/message/sms', body, now }), 'Content-Type': FORM_TYPE };
  return send(`${sim.url}/v1/message/sms`, { method: 'POST', headers, body });
}

/** A GET with basic credentials and an empty Signature, as in the spec's calls example. */
export function getBasic(sim: Simulator, path: string, now = T0): Promise<Reply> {
  return send(`${sim.url}${path}`, { headers: basicHeaders(sim.credentials, now) });
}

export function envelope(r: Reply): Envelope {
  return parseEnvelope(r.body);
}

/** Starts a simulator on the fixed clock unless told otherwise. */
export function startSim(opts: SimulatorOptions = {}): Promise<Simulator> {
  return start({ now: () => T0, ...opts });
}
