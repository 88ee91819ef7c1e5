// Which certificate authorities the service's (and an https proxy's) certificate is checked against.
// undici uses Node's bundled roots only; behind TLS interception that fails where the editor succeeds,
// because the editor also trusts the operating system's store (`http.systemCertificates`). So the
// client trusts, together: Node's bundled roots, the OS store, `voiceSms.tls.caFile` and
// NODE_EXTRA_CA_CERTS (which an explicit CA list would otherwise drop).
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import * as path from 'node:path';
import type * as Tls from 'node:tls';
import { nodeCrypto, nodeTls as tls } from '../nodeBuiltins.js';
import { fullSettingKey, SETTINGS } from '../../shared/ids.js';
import { formOf, VoiceSmsError, type AdviceFor } from '../errors.js';
import * as l10n from '@vscode/l10n';

/** The setting that names a CA file; messages point at it. */
export const CA_FILE_SETTING = fullSettingKey(SETTINGS.tlsCaFile);
/** The same outside the editor: the MCP server's environment variable (src/mcp/config.ts ENV.caFile). */
export const CA_FILE_VARIABLE = 'VOICESMS_CA_FILE';

export interface TrustInputs {
  /** The editor's `http.systemCertificates` (default true): also trust the operating system's store. */
  systemCertificates: boolean;
  /** `voiceSms.tls.caFile`: a PEM (or DER) file of extra trusted certificates; empty: none. */
  caFile?: string;
  /** Where NODE_EXTRA_CA_CERTS (and SSL_CERT_FILE for the Linux fallback) are read from. */
  env: Readonly<Record<string, string | undefined>>;
  /** Where `caFile` came from, for the messages: the setting ('editor', default), VOICESMS_CA_FILE ('process') or a form. */
  advice?: AdviceFor;
}

/** A certificate named in a report (CA file and extra certificates only: the stores hold hundreds). */
export interface CertSummary {
  subject: string;
  validTo: string;
  expired: boolean;
}

export type TrustSource =
  | { kind: 'bundled'; count: number }
  | { kind: 'system'; count: number; from: string }
  /** Asked for, but this editor's Node cannot read the OS store (why says which); `http.systemCertificates: false` gives 'off'. */
  | { kind: 'system'; count: 0; unavailable: 'off' | 'unsupported' | 'empty' }
  | { kind: 'caFile'; path: string; count: number; certs: CertSummary[] }
  /** NODE_EXTRA_CA_CERTS; `problem` when the file could not be used (Node itself only warns then). */
  | { kind: 'extra'; path: string; count: number; certs: CertSummary[]; problem?: string };

export interface TrustStore {
  /** What went into `ca`, in order, for logs and Check Connection. */
  readonly sources: readonly TrustSource[];
  /** Every trusted certificate, PEM, without duplicates. */
  readonly ca: readonly string[];
  /** One TLS context for every connection of a client (building it per connection parses every certificate). */
  secureContext(): Tls.SecureContext;
}

/** What the running Node offers; replaced in tests to play an older editor or another platform. */
export interface TrustPlatform {
  platform: NodeJS.Platform;
  /** Node ≥ 22.15's tls.getCACertificates; absent on older Node (VS Code 1.100's extension host runs Node 20). */
  getCACertificates?: (type: 'system') => string[];
  bundled: readonly string[];
  readFile(file: string): Buffer;
}

function nodePlatform(): TrustPlatform {
  const t = tls() as typeof Tls & { getCACertificates?: (type: string) => string[] };
  const getCACertificates = t.getCACertificates;
  return {
    platform: process.platform,
    ...(typeof getCACertificates === 'function' ? { getCACertificates: (type: 'system') => getCACertificates.call(t, type) } : {}),
    bundled: t.rootCertificates,
    readFile: (file) => readFileSync(file),
  };
}

// Where Linux distributions keep their CA bundle, for a Node without tls.getCACertificates (SSL_CERT_FILE first).
const LINUX_BUNDLES = [
  '/etc/ssl/certs/ca-certificates.crt', // Debian, Ubuntu, Arch, Gentoo
  '/etc/pki/tls/certs/ca-bundle.crt', // Fedora, RHEL
  '/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem', // CentOS, RHEL 7+
  '/etc/ssl/ca-bundle.pem', // openSUSE
  '/etc/ssl/cert.pem', // Alpine
];

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * Reads every source the inputs name. Throws VoiceSmsError('validation') naming voiceSms.tls.caFile when that
 * file cannot be used: the user asked for it, and going on without it would fail later with a vaguer message.
 */
export function resolveTrust(inputs: TrustInputs, p: TrustPlatform = nodePlatform()): TrustStore {
  const sources: TrustSource[] = [{ kind: 'bundled', count: p.bundled.length }];
  const all: string[] = [...p.bundled];

  const system = inputs.systemCertificates ? readSystem(p, inputs.env) : { unavailable: 'off' as const };
  if ('certs' in system) {
    sources.push({ kind: 'system', count: system.certs.length, from: system.from });
    all.push(...system.certs);
  } else {
    sources.push({ kind: 'system', count: 0, unavailable: system.unavailable });
  }

  const caFile = inputs.caFile?.trim() ?? '';
  if (caFile !== '') {
    const inEnv = inputs.advice !== undefined && inputs.advice !== 'editor';
    const name = formOf(inputs.advice)?.caFile ?? (inEnv ? CA_FILE_VARIABLE : CA_FILE_SETTING);
    const file = expandHome(caFile);
    // The MCP server's problems reach the agent: they name the variable, never its value (a path says who
    // and where; a secret pasted into the wrong variable would be repeated).
    if (!path.isAbsolute(file)) {
      throw caFileError(
        name,
        inEnv
          ? l10n.t('The CA file in {0} must be an absolute path.', name)
          : l10n.t('The CA file in {0} must be an absolute path (it is "{1}").', name, caFile),
      );
    }
    let data: Buffer;
    try {
      data = p.readFile(file);
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      const why = typeof code === 'string' ? code : String(err);
      throw caFileError(
        name,
        inEnv
          ? l10n.t(
              'The CA file in {0} could not be read ({1}); correct the path or clear {0}.',
              name,
              typeof code === 'string' ? code : 'unreadable',
            )
          : l10n.t('The CA file in {0} could not be read ({1}: {2}); correct the path or clear the setting.', name, why, file),
        err,
      );
    }
    let certs: string[];
    try {
      certs = readCertificates(data);
    } catch (err) {
      throw caFileError(
        name,
        inEnv
          ? l10n.t(
              "The CA file in {0} holds no certificate; export your organisation's root certificate as PEM (Base-64) and point {0} at that file.",
              name,
            )
          : l10n.t(
              "The CA file in {0} ({1}) holds no certificate; export your organisation's root certificate as PEM (Base-64) and point the setting at that file.",
              name,
              file,
            ),
        err,
      );
    }
    sources.push({ kind: 'caFile', path: file, count: certs.length, certs: certs.map(summarize) });
    all.push(...certs);
  }

  const extra = inputs.env.NODE_EXTRA_CA_CERTS?.trim() ?? '';
  if (extra !== '') {
    try {
      const certs = readCertificates(p.readFile(extra));
      sources.push({ kind: 'extra', path: extra, count: certs.length, certs: certs.map(summarize) });
      all.push(...certs);
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      sources.push({ kind: 'extra', path: extra, count: 0, certs: [], problem: typeof code === 'string' ? code : 'no certificate' });
    }
  }

  const ca = [...new Set(all.map((pem) => pem.trim()))];
  let context: Tls.SecureContext | undefined;
  return {
    sources,
    ca,
    secureContext: () => (context ??= tls().createSecureContext({ ca })),
  };
}

/** True when the store trusts more than Node's bundled roots (otherwise Node's defaults do the same). */
export function addsToNodeDefaults(store: TrustStore): boolean {
  return store.sources.some((s) => s.kind !== 'bundled' && s.count > 0);
}

function readSystem(
  p: TrustPlatform,
  env: TrustInputs['env'],
): { certs: string[]; from: string } | { unavailable: 'unsupported' | 'empty' } {
  if (p.getCACertificates) {
    try {
      const certs = p.getCACertificates('system');
      if (certs.length > 0) return { certs, from: 'node' };
    } catch {
      // fall through to the bundle files (Linux) or "unavailable"
    }
  }
  if (p.platform !== 'linux') return { unavailable: p.getCACertificates ? 'empty' : 'unsupported' };
  for (const file of [env.SSL_CERT_FILE, ...LINUX_BUNDLES]) {
    if (!file) continue;
    try {
      const certs = readCertificates(p.readFile(file));
      if (certs.length > 0) return { certs, from: file };
    } catch {
      // not on this distribution
    }
  }
  return { unavailable: 'empty' };
}

/** PEM blocks of a bundle, or the one certificate of a DER file; throws when there is none. */
function readCertificates(data: Buffer): string[] {
  const blocks = data.toString('latin1').match(PEM_BLOCK);
  if (blocks) {
    // Parsing each block refuses a damaged one here, with the file named, instead of at connect time.
    return blocks.map((b) => new (nodeCrypto().X509Certificate)(b).toString());
  }
  return [new (nodeCrypto().X509Certificate)(data).toString()];
}

function summarize(pem: string): CertSummary {
  const x = new (nodeCrypto().X509Certificate)(pem);
  const validTo = new Date(x.validTo);
  return { subject: x.subject.replace(/\n/g, ', '), validTo: validTo.toISOString(), expired: validTo.getTime() < Date.now() };
}

function expandHome(file: string): string {
  return file === '~' || file.startsWith('~/') || file.startsWith('~\\') ? path.join(homedir(), file.slice(1)) : file;
}

function caFileError(field: string, message: string, cause?: unknown): VoiceSmsError {
  return new VoiceSmsError('validation', message, { field }, cause === undefined ? undefined : { cause });
}

/** One English line for the log: where the trusted CAs come from. */
export function describeTrust(store: TrustStore): string {
  return store.sources
    .map((s) => {
      switch (s.kind) {
        case 'bundled':
          return `${s.count} bundled with Node`;
        case 'system':
          return 'unavailable' in s ? `OS store ${s.unavailable}` : `${s.count} from the OS store (${s.from === 'node' ? 'Node' : s.from})`;
        case 'caFile':
          return `${s.count} from ${s.path} (${CA_FILE_SETTING})`;
        case 'extra':
          return s.problem ? `NODE_EXTRA_CA_CERTS ${s.path} unusable (${s.problem})` : `${s.count} from ${s.path} (NODE_EXTRA_CA_CERTS)`;
      }
    })
    .join(' + ');
}
