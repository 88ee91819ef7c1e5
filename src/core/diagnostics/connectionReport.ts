// Check Connection: one report of what the product does for the active profile — proxy, TLS trust, auth,
// clock skew against the service's envelope timestamp, round trip, service identity — each line with a
// verdict. Pure: the host gathers the facts and runs the probe; nothing secret is an input here. Ids,
// local paths and the proxy's path and query are masked (reportMask.ts): the report is meant to be pasted.
import * as l10n from '@vscode/l10n';
import type { VoiceSmsClient } from '../client.js';
import type { NetworkPath } from '../connect.js';
import type { ProxyDecision } from '../http/proxyRules.js';
import { monthIdOf } from '../model/month.js';
import type { TrustSource } from '../http/trust.js';
import { maskPath, maskProxyUrl, reportMasker, type ReportPrivacy } from './reportMask.js';

export type Verdict = 'ok' | 'warn' | 'fail';

export interface ReportLine {
  label: string;
  value: string;
  verdict: Verdict;
}

/** The signed form's Timestamp is refused beyond this difference (our documented assumption; the simulator enforces it). */
const SIGNED_SKEW_LIMIT_MS = 5 * 60_000;
/** Half of it already earns a warning: a drifting clock gets there. */
const SKEW_WARN_MS = 60_000;
const SLOW_MS = 2_000;

export interface ConnectionCheck {
  profileName: string;
  /** The base URL; the host is shown, never credentials (a base URL holds none). */
  baseUrl: string;
  /** The bundled client's proxy decision with the proxy's credentials already removed. */
  proxy: ProxyDecision;
  /** Which client carries the requests (absent: the bundled one, as before the editor's stack existed). */
  path?: NetworkPath;
  /** Undefined for plain-http (loopback) base URLs. */
  trust?: readonly TrustSource[] | { error: string };
  auth: { form: string; scheme: string; signature: string };
  /** What every line hides wherever it appears (ids, local paths). */
  privacy?: ReportPrivacy;
  probe:
    | {
        ok: true;
        operation: string;
        elapsedMs: number;
        localMidpoint: number;
        serviceTime?: Date;
        service: { provider: string; id: string; version: string };
      }
    | { ok: false; operation: string; elapsedMs: number; message: string; kind?: string }
    | { ok: false; operation: undefined; message: string };
}

/**
 * One real request through the profile's client, timed on this clock: the balance when there is an account
 * id, else this month of `instanceId`. Rethrows only the caller's abort.
 */
export async function probeConnection(
  client: VoiceSmsClient,
  target: { accountId?: string | undefined; instanceId?: string | undefined },
  signal?: AbortSignal,
): Promise<ConnectionCheck['probe']> {
  const { accountId, instanceId } = target;
  const operation = accountId ? `GET balance (${accountId})` : instanceId ? `GET calls (${instanceId})` : undefined;
  if (operation === undefined) {
    return {
      ok: false,
      operation: undefined,
      message: l10n.t('The profile has neither an account id nor a voice instance to send a request for.'),
    };
  }
  const t0 = Date.now();
  try {
    const answer = accountId
      ? await client.getBalance(accountId, signal)
      : await client.getMonthView(instanceId ?? '', monthIdOf(new Date()), signal);
    const t1 = Date.now();
    const { status, service } = answer.envelope;
    return {
      ok: true,
      operation,
      elapsedMs: answer.elapsedMs,
      localMidpoint: (t0 + t1) / 2,
      ...(status.timestamp ? { serviceTime: status.timestamp } : {}),
      service: { provider: service.provider, id: service.id, version: service.version },
    };
  } catch (e) {
    if (signal?.aborted) throw e;
    const kind = (e as { kind?: unknown }).kind;
    return {
      ok: false,
      operation,
      elapsedMs: Date.now() - t0,
      message: e instanceof Error ? e.message : String(e),
      ...(typeof kind === 'string' ? { kind } : {}),
    };
  }
}

export function clockSkewVerdict(skewMs: number): Verdict {
  const abs = Math.abs(skewMs);
  if (abs > SIGNED_SKEW_LIMIT_MS) return 'fail';
  if (abs > SKEW_WARN_MS) return 'warn';
  return 'ok';
}

/** The report's lines, every value masked (see reportMask.ts). */
export function buildConnectionReport(c: ConnectionCheck): ReportLine[] {
  const mask = reportMasker(c.privacy);
  return reportLines(c).map((l) => ({ ...l, value: mask(l.value) }));
}

function reportLines(c: ConnectionCheck): ReportLine[] {
  const lines: ReportLine[] = [];
  const host = hostOf(c.baseUrl);
  lines.push({ label: l10n.t('Profile'), value: `${c.profileName} (${host})`, verdict: 'ok' });

  const path = c.path ?? { kind: 'bundled', why: 'outsideEditor' };
  lines.push(networkLine(path));
  const p = c.proxy;
  if (path.kind === 'editor') {
    lines.push(editorProxyLine(path));
  } else if (p.proxy !== undefined) {
    lines.push({
      label: l10n.t('Proxy'),
      value: l10n.t('{0} (from {1})', maskProxyUrl(p.proxy), p.source === 'http.proxy' ? 'http.proxy' : 'HTTPS_PROXY/HTTP_PROXY'),
      verdict: 'ok',
    });
  } else {
    const why = {
      loopback: l10n.t('none: loopback hosts always go direct'),
      noProxy: l10n.t('none: the host is listed in http.noProxy or NO_PROXY'),
      notConfigured: l10n.t('none: neither http.proxy nor HTTPS_PROXY/HTTP_PROXY is set'),
    }[p.reason];
    lines.push({ label: l10n.t('Proxy'), value: why, verdict: 'ok' });
  }

  lines.push(trustLine(c.trust));

  const form = c.auth.form === 'seed' ? l10n.t('seed (signed for SMS, basic for reads)') : c.auth.form;
  lines.push({
    label: l10n.t('Authentication'),
    value: l10n.t('form {0}, scheme {1}, signature {2}', form, c.auth.scheme, c.auth.signature),
    verdict: c.auth.signature === 'empty' ? 'warn' : 'ok',
  });

  const probe = c.probe;
  if (probe.operation === undefined) {
    lines.push({ label: l10n.t('Request'), value: probe.message, verdict: 'fail' });
    return lines;
  }
  if (!probe.ok) {
    lines.push({
      label: l10n.t('Request'),
      value: l10n.t('{0} failed after {1} ms: {2}', probe.operation, probe.elapsedMs, probe.message),
      verdict: 'fail',
    });
    return lines;
  }
  lines.push({
    label: l10n.t('Round trip'),
    value: l10n.t('{0} answered in {1} ms', probe.operation, probe.elapsedMs),
    verdict: probe.elapsedMs > SLOW_MS ? 'warn' : 'ok',
  });
  if (probe.serviceTime) {
    const skew = probe.localMidpoint - probe.serviceTime.getTime();
    const verdict = clockSkewVerdict(skew);
    const seconds = (Math.abs(skew) / 1000).toFixed(1);
    // Whole sentences per case, so translations never assemble fragments.
    const value =
      verdict === 'fail'
        ? skew < 0
          ? l10n.t(
              "this computer's clock is {0} s behind the service: signed requests are refused beyond 5 minutes; correct the system clock",
              seconds,
            )
          : l10n.t(
              "this computer's clock is {0} s ahead of the service: signed requests are refused beyond 5 minutes; correct the system clock",
              seconds,
            )
        : skew < 0
          ? l10n.t("this computer's clock is {0} s behind the service (signed requests are refused beyond 5 minutes)", seconds)
          : l10n.t("this computer's clock is {0} s ahead of the service (signed requests are refused beyond 5 minutes)", seconds);
    lines.push({ label: l10n.t('Clock skew'), value, verdict });
  } else {
    lines.push({ label: l10n.t('Clock skew'), value: l10n.t('unknown: the answer carried no readable timestamp'), verdict: 'warn' });
  }
  const s = probe.service;
  lines.push({
    label: l10n.t('Service'),
    value: `${s.provider || '?'} / ${s.id || '?'} / ${s.version || '?'}`,
    verdict: s.id ? 'ok' : 'warn',
  });
  return lines;
}

function networkLine(path: NetworkPath): ReportLine {
  const label = l10n.t('Network');
  if (path.kind === 'editor')
    return { label, value: l10n.t("the editor's network stack (http.proxySupport: {0})", path.proxySupport), verdict: 'ok' };
  return {
    label,
    value:
      path.why === 'loopback'
        ? l10n.t("the bundled client: loopback hosts never take the editor's proxy support")
        : l10n.t('the bundled client'),
    verdict: 'ok',
  };
}

/** What the editor's stack did with the probe: the proxy it picked (PAC, OS, setting) or direct. */
function editorProxyLine(path: Extract<NetworkPath, { kind: 'editor' }>): ReportLine {
  const label = l10n.t('Proxy');
  if (path.proxySupport === 'off')
    return { label, value: l10n.t('none: http.proxySupport is off, so the editor routes nothing and requests go direct'), verdict: 'ok' };
  const r = path.lastRoute;
  if (!r) return { label, value: l10n.t('chosen by the editor per request; no request has completed yet'), verdict: 'ok' };
  if (r.proxy === undefined)
    return { label, value: l10n.t('none: the editor did not route the request (its proxy support is not active here)'), verdict: 'ok' };
  if (r.proxy === 'DIRECT')
    return { label, value: l10n.t('none: the editor chose a direct connection for the last request'), verdict: 'ok' };
  const value = r.proxyAuthorization
    ? l10n.t('{0} (chosen by the editor for the last request; Proxy-Authorization from http.proxyAuthorization)', r.proxy)
    : path.proxyAuthorization
      ? l10n.t('{0} (chosen by the editor for the last request; http.proxyAuthorization could not be handed to it)', r.proxy)
      : l10n.t('{0} (chosen by the editor for the last request)', r.proxy);
  return { label, value, verdict: path.proxyAuthorization && !r.proxyAuthorization ? 'warn' : 'ok' };
}

function trustLine(trust: ConnectionCheck['trust']): ReportLine {
  const label = l10n.t('TLS trust');
  if (!trust) return { label, value: l10n.t('not used: plain HTTP to a loopback host'), verdict: 'ok' };
  if ('error' in trust) return { label, value: trust.error, verdict: 'fail' };
  let verdict: Verdict = 'ok';
  const parts = trust.map((s) => {
    switch (s.kind) {
      case 'bundled':
        return l10n.t('{0} bundled with Node', s.count);
      case 'system':
        if ('unavailable' in s) {
          if (s.unavailable !== 'off') verdict = 'warn';
          return s.unavailable === 'off'
            ? l10n.t('OS store off (http.systemCertificates)')
            : l10n.t("OS store unavailable in this editor's Node; use voiceSms.tls.caFile");
        }
        return l10n.t('{0} from the OS store', s.count);
      case 'caFile':
        if (s.certs.some((x) => x.expired)) verdict = 'warn';
        return l10n.t(
          '{0} from {1} (voiceSms.tls.caFile: {2})',
          s.count,
          maskPath(s.path),
          s.certs.map((x) => `${x.subject}${x.expired ? ' EXPIRED' : ''}`).join('; '),
        );
      case 'extra':
        if (s.problem) {
          verdict = 'warn';
          return l10n.t('NODE_EXTRA_CA_CERTS {0} unusable ({1})', maskPath(s.path), s.problem);
        }
        return l10n.t('{0} from {1} (NODE_EXTRA_CA_CERTS)', s.count, maskPath(s.path));
    }
  });
  return { label, value: parts.join(' + '), verdict };
}

/** Plain text for a support ticket: a header naming versions and time, then one line per check, verdict first. */
export function formatConnectionReport(
  lines: readonly ReportLine[],
  about: { version: string; editorVersion: string; platform: string; at: Date },
): string {
  const header = l10n.t(
    'Voice & SMS Toolkit {0}, VS Code {1}, {2}: connection check at {3}',
    about.version,
    about.editorVersion,
    about.platform,
    about.at.toISOString(),
  );
  const width = Math.max(...lines.map((l) => l.label.length));
  return [header, '', ...lines.map((l) => `[${l.verdict.toUpperCase().padEnd(4)}] ${l.label.padEnd(width)}  ${l.value}`)].join('\n') + '\n';
}

/**
 * The issue body for a report: the text exactly as shown, inside a code fence longer than any run of
 * backticks in it, so nothing in the report (a service message) can close the fence and add markdown.
 */
export function issueBody(text: string): string {
  let longest = 0;
  let run = 0;
  for (const ch of text) {
    run = ch === '`' ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}text\n${text}${text.endsWith('\n') ? '' : '\n'}${fence}\n`;
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}
