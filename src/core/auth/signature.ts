// The request-signing scheme (our documented assumption; the spec does not show the algorithm):
// Signature = base64(HMAC-SHA256(secret, METHOD\nPATH_WITH_QUERY\nTIMESTAMP\nACCESS_KEY_ID\nhex(SHA-256(body))))
import { nodeCrypto } from '../nodeBuiltins.js';

export interface SignInput {
  method: string;
  pathWithQuery: string;
  timestamp: string;
  accessKeyId: string;
  body: Uint8Array | string;
}

export function stringToSign(i: SignInput): string {
  const bodyHash = nodeCrypto().createHash('sha256').update(i.body).digest('hex');
  return [i.method.toUpperCase(), i.pathWithQuery, i.timestamp, i.accessKeyId, bodyHash].join('\n');
}

export function computeSignature(secret: string, i: SignInput): string {
  return nodeCrypto().createHmac('sha256', secret).update(stringToSign(i), 'utf8').digest('base64');
}

/** Constant-time comparison, for the simulator's verification. */
export function signaturesEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && nodeCrypto().timingSafeEqual(x, y);
}
