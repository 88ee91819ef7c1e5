// A private certificate authority made in the test, as a company's TLS-inspecting proxy or internal PKI has:
// a root that no store trusts, and server certificates it signs for loopback. Used by the plain-Node trust
// tests and by the integration suite in the editor (both start an HTTPS simulator with its certificates).
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { webcrypto } from 'node:crypto';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const HOUR = 3_600_000;

interface ServerCertOptions {
  /** Host names and IP addresses the certificate names; default 127.0.0.1 and localhost. */
  hosts?: string[];
  notBefore?: Date;
  notAfter?: Date;
}

export interface PrivateCa {
  /** The root certificate, PEM: what a user would put in voiceSms.tls.caFile. */
  caPem: string;
  /** A server certificate signed by the root, with its private key (PEM). */
  serverCert(o?: ServerCertOptions): Promise<{ key: string; cert: string }>;
}

let serial = 1;
function nextSerial(): string {
  serial += 1;
  return serial.toString(16).padStart(2, '0');
}

export async function createPrivateCa(commonName = 'Voice SMS Test Root CA'): Promise<PrivateCa> {
  const caKeys = await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify']);
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: nextSerial(),
    name: `CN=${commonName}`,
    notBefore: new Date(Date.now() - HOUR),
    notAfter: new Date(Date.now() + 48 * HOUR),
    keys: caKeys,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  return {
    caPem: ca.toString('pem'),
    async serverCert(o = {}) {
      const hosts = o.hosts ?? ['127.0.0.1', 'localhost'];
      const keys = await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify']);
      const cert = await x509.X509CertificateGenerator.create({
        serialNumber: nextSerial(),
        subject: `CN=${hosts[0] ?? 'localhost'}`,
        issuer: ca.subject,
        notBefore: o.notBefore ?? new Date(Date.now() - HOUR),
        notAfter: o.notAfter ?? new Date(Date.now() + 24 * HOUR),
        publicKey: keys.publicKey,
        signingKey: caKeys.privateKey,
        signingAlgorithm: ALG,
        extensions: [
          new x509.BasicConstraintsExtension(false, undefined, true),
          new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
          new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
          new x509.SubjectAlternativeNameExtension(
            hosts.map((h) => (/^[\d.]+$|:/.test(h) ? { type: 'ip' as const, value: h } : { type: 'dns' as const, value: h })),
          ),
          await x509.AuthorityKeyIdentifierExtension.create(caKeys.publicKey),
        ],
      });
      const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey);
      return { key: x509.PemConverter.encode(pkcs8, 'PRIVATE KEY'), cert: cert.toString('pem') };
    },
  };
}
