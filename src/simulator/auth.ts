// Verifies the two credential forms exactly as docs/authentication.md documents them:
//  - basic:  Authorization: Basic base64(id:secret), AccessKeyId = id, Timestamp (13 digits); Signature ignored.
//  - signed: Authorization = the scheme (default CLOUD-V1), AccessKeyId, Timestamp (13 digits),
//            Signature = base64(HMAC-SHA256(secret, METHOD\nPATH_WITH_QUERY\nTIMESTAMP\nID\nhex(SHA-256(body)))).
// Either form is accepted on every operation. A refusal names the check that failed, never the secret and
// never the presented credential values.
import type { IncomingHttpHeaders } from 'node:http';
import { computeSignature, signaturesEqual, stringToSign } from '../core/auth/signature.js';

export interface AuthConfig {
  credentials: { accessKeyId: string; secretAccessKey: string };
  scheme: string;
  acceptEmptySignature: boolean;
  maxSkewMs: number;
}

export interface AuthRequest {
  method: string;
  /** Path with query, exactly as received: the signature covers it byte for byte. */
  pathWithQuery: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  now: number;
}

/** A request before its body is read. */
export type HeaderRequest = Omit<AuthRequest, 'body'>;

export type AuthVerdict = { ok: true; form: 'basic' | 'signed' } | { ok: false; message: string };

const TIMESTAMP = /^\d{13}$/;

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return typeof v === 'string' ? v.trim() : undefined;
}

function refuse(message: string): AuthVerdict {
  return { ok: false, message };
}

function checkTimestamp(raw: string | undefined, now: number, maxSkewMs: number): string | undefined {
  if (raw === undefined || raw === '') return 'Missing Timestamp header.';
  if (!TIMESTAMP.test(raw)) return 'Malformed Timestamp header: expected 13 digits of milliseconds since the Unix epoch.';
  const skew = Number(raw) - now;
  if (Math.abs(skew) > maxSkewMs) {
    const minutes = Math.round(Math.abs(skew) / 60_000);
    return (
      `Timestamp is ${skew > 0 ? 'ahead of' : 'behind'} the server clock by about ${minutes} minute(s); ` +
      `at most ${maxSkewMs / 60_000} minutes are accepted (server time ${new Date(now).toISOString()}).`
    );
  }
  return undefined;
}

function verifyBasic(cfg: AuthConfig, req: HeaderRequest, encoded: string): AuthVerdict {
  const { accessKeyId, secretAccessKey } = cfg.credentials;
  const decoded = /^[A-Za-z0-9+/]+={0,2}$/.test(encoded) ? Buffer.from(encoded, 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  if (colon < 0) return refuse('Malformed Basic credentials: expected base64 of "<access key id>:<secret access key>".');
  const id = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  if (!signaturesEqual(id, accessKeyId)) return refuse('Basic credentials: unknown access key id.');
  if (!signaturesEqual(secret, secretAccessKey)) return refuse('Basic credentials: the secret access key is wrong.');
  const headerId = header(req.headers, 'accesskeyid');
  if (headerId === undefined || headerId === '') return refuse('Missing AccessKeyId header.');
  if (headerId !== id) return refuse('The AccessKeyId header does not match the access key id of the Basic credentials.');
  const ts = checkTimestamp(header(req.headers, 'timestamp'), req.now, cfg.maxSkewMs);
  return ts === undefined ? { ok: true, form: 'basic' } : refuse(ts);
}

/** The signed form's checks that need no body: key id, Timestamp, and a Signature to check. */
function precheckSigned(cfg: AuthConfig, req: HeaderRequest): AuthVerdict | 'signature' {
  const { accessKeyId } = cfg.credentials;
  const id = header(req.headers, 'accesskeyid');
  if (id === undefined || id === '') return refuse('Missing AccessKeyId header.');
  if (!signaturesEqual(id, accessKeyId)) return refuse('Unknown access key id in the AccessKeyId header.');
  const ts = checkTimestamp(header(req.headers, 'timestamp'), req.now, cfg.maxSkewMs);
  if (ts !== undefined) return refuse(ts);
  const presented = header(req.headers, 'signature');
  if (presented === undefined) return refuse('Missing Signature header.');
  if (presented === '') {
    if (cfg.acceptEmptySignature) return { ok: true, form: 'signed' };
    return refuse('The Signature header is empty; this server requires the HMAC-SHA256 signature.');
  }
  return 'signature';
}

function verifySignature(cfg: AuthConfig, req: AuthRequest): AuthVerdict {
  const id = header(req.headers, 'accesskeyid') ?? '';
  const timestamp = header(req.headers, 'timestamp') ?? '';
  const presented = header(req.headers, 'signature') ?? '';
  const input = { method: req.method, pathWithQuery: req.pathWithQuery, timestamp, accessKeyId: id, body: req.body };
  if (signaturesEqual(presented, computeSignature(cfg.credentials.secretAccessKey, input))) return { ok: true, form: 'signed' };
  // The string to sign holds no secret (only a hash of the body), and showing it is what makes a
  // mismatch debuggable: path, query or body differences become visible.
  const shown = stringToSign(input).replace(/\n/g, '\\n');
  return refuse(`Signature does not match. The server signed this string: "${shown}".`);
}

/** Everything but the body: the Basic form whole, the signed form up to its signature. */
function precheck(cfg: AuthConfig, req: HeaderRequest): AuthVerdict | 'signature' {
  const authorization = header(req.headers, 'authorization');
  if (authorization === undefined || authorization === '') return refuse('Missing Authorization header.');
  const basic = /^Basic\s+(\S+)$/i.exec(authorization);
  if (basic) return verifyBasic(cfg, req, basic[1] ?? '');
  if (authorization === cfg.scheme) return precheckSigned(cfg, req);
  return refuse(`Unsupported Authorization header: expected the scheme "${cfg.scheme}" or Basic credentials.`);
}

/**
 * The checks that need no body, run before a byte of it is read: a request refused here is answered
 * 401 without buffering anything it sends. `ok` means only "worth reading"; verifyAuth decides.
 */
export function verifyAuthHeaders(cfg: AuthConfig, req: HeaderRequest): AuthVerdict {
  const verdict = precheck(cfg, req);
  return verdict === 'signature' ? { ok: true, form: 'signed' } : verdict;
}

export function verifyAuth(cfg: AuthConfig, req: AuthRequest): AuthVerdict {
  const verdict = precheck(cfg, req);
  return verdict === 'signature' ? verifySignature(cfg, req) : verdict;
}
