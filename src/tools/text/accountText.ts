// voiceSms_getBalance's and voiceSms_listInstances's results. The amount and the currency are the
// service's strings as sent (never reformatted), quoted as data. vscode-free, unit-tested in plain Node.
import * as l10n from '@vscode/l10n';
import type { Balance } from '../../core/index.js';
import { redact } from '../../shared/redact.js';
import { inert, inertKey, quoted, quotedList } from './dataText.js';

/** Rows shown when the answer had no recognisable amount. */
const MAX_BALANCE_ROWS = 40;

/** A balance reading as both doors have it (the editor's balance model adds the days-left estimate). */
export interface ToolBalance {
  profile: string;
  accountId: string;
  /** Undefined when the answer had no recognisable amount; `rows` then carries it. */
  balance?: Balance;
  rows: Array<{ key: string; value: string }>;
  /** When it was read, in ms since the epoch. */
  at: number;
  estimate?: { daysLeft: number };
}

/** Days as the Account view rounds them: whole days from 10 up, one decimal below. */
function roundDays(est: { daysLeft: number }): number {
  return est.daysLeft >= 10 ? Math.round(est.daysLeft) : Math.round(est.daysLeft * 10) / 10;
}

export function balanceToolResult(loaded: ToolBalance, options: { estimates?: boolean } = {}): { text: string; json: string } {
  const lines: string[] = [];
  const b = loaded.balance;
  if (b) {
    lines.push(
      b.currency !== undefined
        ? l10n.t(
            'Balance of account {0} (profile {1}): amount {2}, currency {3}, exactly as the service sent them.',
            quoted(loaded.accountId, 80),
            quoted(loaded.profile, 80),
            quoted(b.amount),
            quoted(b.currency),
          )
        : l10n.t(
            'Balance of account {0} (profile {1}): amount {2} as the service sent it; the service named no currency.',
            quoted(loaded.accountId, 80),
            quoted(loaded.profile, 80),
            quoted(b.amount),
          ),
    );
  } else {
    lines.push(
      l10n.t(
        'The balance answer for account {0} (profile {1}) has no recognisable amount; its values as the service sent them:',
        quoted(loaded.accountId, 80),
        quoted(loaded.profile, 80),
      ),
    );
    for (const r of loaded.rows.slice(0, MAX_BALANCE_ROWS)) lines.push(`${inertKey(r.key)} = ${quoted(r.value)}`);
    if (loaded.rows.length > MAX_BALANCE_ROWS)
      lines.push(l10n.t('Truncated: showing {0} of {1} values.', MAX_BALANCE_ROWS, loaded.rows.length));
  }
  const est = loaded.estimate;
  // Only the editor keeps balance readings to estimate from; elsewhere the line would only confuse.
  if (options.estimates !== false)
    lines.push(
      est
        ? l10n.t(
            "About {0} days left at this month's rate, estimated from the balance readings this editor took (the service reports no spend).",
            roundDays(est),
          )
        : l10n.t(
            'No days-left estimate yet: it needs two balance readings this month, at least an hour apart, with the balance going down.',
          ),
    );
  // The JSON part carries the same inert, capped strings as the sentence: a model reads both.
  const data = {
    profile: inert(loaded.profile, 80),
    accountId: inert(loaded.accountId, 80),
    ...(b
      ? { amount: inert(b.amount, 80), ...(b.currency !== undefined ? { currency: inert(b.currency, 80) } : {}) }
      : { values: loaded.rows.slice(0, MAX_BALANCE_ROWS).map((r) => ({ path: inertKey(r.key), value: inert(r.value) })) }),
    ...(est ? { daysLeft: roundDays(est) } : {}),
    readAt: new Date(loaded.at).toISOString(),
  };
  return { text: lines.join('\n'), json: JSON.stringify(data) };
}

export interface InstancesInfo {
  profile: string;
  signedIn: boolean;
  demo: boolean;
  instances: readonly string[];
  senderIds: readonly string[];
}

/** What a door says instead of the editor's own advice (the MCP server has no commands, only its environment). */
export interface InstancesHints {
  noInstances: string;
  noSenders: string;
}

export function instancesToolResult(info: InstancesInfo, hints?: InstancesHints): { text: string; json: string } {
  const name = quoted(info.profile, 80);
  const lines = [
    info.demo
      ? l10n.t('Active profile: {0}, the offline demo (a built-in simulator on this computer: no real calls, messages or costs).', name)
      : info.signedIn
        ? l10n.t('Active profile: {0}, signed in.', name)
        : l10n.t('Active profile: {0}, not signed in (no stored credentials); run "Voice & SMS: Sign In".', name),
    info.instances.length > 0
      ? l10n.t('Voice instances: {0}.', quotedList(info.instances))
      : (hints?.noInstances ?? l10n.t('No voice instances are configured; the user can add one with "Voice & SMS: Add Voice Instance".')),
    info.senderIds.length > 0
      ? l10n.t('Sender identities: {0}.', quotedList(info.senderIds))
      : (hints?.noSenders ?? l10n.t('No sender identities are configured; voiceSms_sendTestSms then needs "from".')),
  ];
  // What the text masks (quoted() redacts phone numbers), the data masks too.
  const data = {
    ...info,
    profile: inert(redact(info.profile), 80),
    instances: info.instances.map((i) => inert(redact(i), 130)),
    senderIds: info.senderIds.map((i) => inert(redact(i), 80)),
  };
  return { text: lines.join('\n'), json: JSON.stringify(data) };
}
