// The two credential forms from the spec's examples, chosen per operation (its `seedForm` in
// api/operations.ts) unless forced.
import { computeSignature } from './signature.js';

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** `seed` = the spec's examples: each operation's own form (api/operations.ts: signed for the SMS POST, basic for the GETs). */
export type AuthForm = 'seed' | 'signed' | 'basic';
export type SignatureMode = 'hmac-sha256' | 'empty';

export interface AuthOptions {
  scheme: string; // default CLOUD-V1
  form: AuthForm;
  signature: SignatureMode;
}

export const DEFAULT_AUTH: AuthOptions = { scheme: 'CLOUD-V1', form: 'seed', signature: 'hmac-sha256' };

export type CredentialForm = 'signed' | 'basic';

/** The form a request is sent with: the setting's, or under `seed` the operation's own. */
export function effectiveForm(seedForm: CredentialForm, form: AuthForm): CredentialForm {
  return form === 'seed' ? seedForm : form;
}

export interface AuthRequest {
  method: string;
  pathWithQuery: string;
  body: Uint8Array | string;
  /** Milliseconds since the epoch; injectable for known-answer tests. */
  now: number;
  /** The operation's form under `auth.form` = `seed` (its entry in api/operations.ts). */
  seedForm: CredentialForm;
}

export function authHeaders(creds: Credentials, opts: AuthOptions, req: AuthRequest): Record<string, string> {
  const timestamp = String(Math.trunc(req.now));
  const form = effectiveForm(req.seedForm, opts.form);
  if (form === 'basic') {
    const basic = Buffer.from(`${creds.accessKeyId}:${creds.secretAccessKey}`, 'utf8').toString('base64');
    return { Authorization: `Basic ${basic}`, AccessKeyId: creds.accessKeyId, Timestamp: timestamp, Signature: '' };
  }
  const signature =
    opts.signature === 'empty'
      ? ''
      : computeSignature(creds.secretAccessKey, {
          method: req.method,
          pathWithQuery: req.pathWithQuery,
          timestamp,
          accessKeyId: creds.accessKeyId,
          body: req.body,
        });
  return { Authorization: opts.scheme, AccessKeyId: creds.accessKeyId, Timestamp: timestamp, Signature: signature };
}
