// Run as a child process by trust.test.ts, so that NODE_EXTRA_CA_CERTS and SSL_CERT_FILE are real process
// environment, read by Node at start as in the editor's extension host. Prints one JSON line.
import { createClient, resolveTrust } from '../../../../src/core/index.js';

interface Args {
  baseUrl: string;
  accountId: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** false: no trust store at all (what the client did before it had one). */
  trust: boolean;
  systemCertificates: boolean;
}

async function main(): Promise<void> {
  const a = JSON.parse(process.argv[2] ?? '{}') as Args;
  const trust = a.trust ? resolveTrust({ systemCertificates: a.systemCertificates, env: process.env }) : undefined;
  const client = createClient({ baseUrl: a.baseUrl, credentials: a.credentials, retry: { attempts: 1 }, ...(trust ? { trust } : {}) });
  try {
    await client.getBalance(a.accountId);
    console.log(JSON.stringify({ ok: true, sources: trust?.sources.map((s) => `${s.kind}:${s.count}`) ?? [] }));
  } catch (err) {
    const e = err as { message?: string; details?: { causeCode?: string } };
    console.log(JSON.stringify({ ok: false, code: e.details?.causeCode, message: e.message }));
  } finally {
    await client.close();
  }
}

void main();
