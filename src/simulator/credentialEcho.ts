import { trimTrailing } from '../shared/trim.js';

// What a server or gateway that echoes the request in its answers would say back: the credentials in every
// form a request, a log or an error page may write them. Used by the `echoCredentials` fault, and by tests
// that check no form of them survives past the client.

/** Every form of a key pair an echo may carry: plain, `id:secret`, Basic base64 (padded, unpadded, URL-safe), encoded. */
export function credentialForms(accessKeyId: string, secretAccessKey: string): string[] {
  const pair = `${accessKeyId}:${secretAccessKey}`;
  const basic = Buffer.from(pair, 'utf8').toString('base64');
  const unpadded = trimTrailing(basic, '=');
  const urlSafe = unpadded.replace(/\+/g, '-').replace(/\//g, '_');
  const forms = new Set<string>();
  for (const value of [secretAccessKey, accessKeyId, pair, basic, unpadded, urlSafe]) {
    const percent = encodeURIComponent(value);
    const formEncoded = new URLSearchParams([['x', value]]).toString().slice(2);
    forms.add(value);
    forms.add(percent);
    forms.add(percent.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()));
    forms.add(formEncoded);
    forms.add(JSON.stringify(value).slice(1, -1));
  }
  return [...forms];
}

/**
 * One line holding every form of the credentials and the request's own Signature header, shaped like a
 * gateway's complaint about the request it got.
 */
export function credentialEchoText(accessKeyId: string, secretAccessKey: string, signature: string | undefined): string {
  const forms = credentialForms(accessKeyId, secretAccessKey);
  const sig = signature ? ` Signature: ${signature} (sig=${encodeURIComponent(signature)})` : '';
  const basic = Buffer.from(`${accessKeyId}:${secretAccessKey}`, 'utf8').toString('base64');
  return `Rejected Authorization: Basic ${basic} (user ${accessKeyId}:${secretAccessKey})${sig} json={"secret":"${JSON.stringify(secretAccessKey).slice(1, -1)}"} seen: ${forms.join(' | ')}`;
}
