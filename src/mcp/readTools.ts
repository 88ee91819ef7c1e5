// The five read-only tools over the core client, with the chat tools' text builders (src/host/chat/*Text.ts,
// vscode-free) so an agent reads the same sentences and figures as VS Code's chat.
import * as l10n from '@vscode/l10n';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { flattenResult } from '../shared/flattenResult.js';
import { activitiesToolResult } from '../host/chat/activitiesText.js';
import { inert, inertKey, isoId, quoted, quotedList } from '../host/chat/dataText.js';
import { toolError } from '../host/chat/errorText.js';
import { monthToolResult } from '../host/chat/monthText.js';
import { trendToolResult } from '../host/chat/trendText.js';
import { loadTrend, trendMonthIds } from '../host/webviews/trendLoader.js';
import { redact } from '../shared/redact.js';
import { shiftMonthId } from '../shared/protocol.js';
import { ENV } from './config.js';
import { core } from './core.js';
import type { Connection } from './context.js';
import { errorResult, failure, okResult } from './results.js';

/** Rows shown when a balance answer had no recognisable amount (the chat tool's limit). */
const MAX_BALANCE_ROWS = 40;

function currentMonthId(now: Date): string {
  return `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** A service value for structured content: the same inert, masked text the chat lines quote. */
function value(v: string): string {
  return inert(redact(v));
}

export async function getMonthView(
  c: Connection,
  input: { instanceId: string; monthId: string },
  signal: AbortSignal,
): Promise<CallToolResult> {
  const instanceId = core().validateId('instanceId', input.instanceId);
  const monthId = core().validateMonthId(input.monthId);
  const previousMonthId = shiftMonthId(monthId, -1);
  // Started together, as the panel does; the comparison's failure only drops the comparison.
  const previous = c.client.getMonthView(instanceId, previousMonthId, signal).then(
    (r) => r.view.totals,
    () => undefined,
  );
  const r = await c.client.getMonthView(instanceId, monthId, signal);
  const totals = await previous;
  const out = monthToolResult(instanceId, r.view, totals ? { monthId: previousMonthId, totals } : undefined);
  return okResult(out.text, { ...out.data });
}

export async function getTrend(
  c: Connection,
  input: { instanceId: string; months: number; endMonthId?: string | undefined },
  signal: AbortSignal,
  now = new Date(),
): Promise<CallToolResult> {
  const instanceId = core().validateId('instanceId', input.instanceId);
  const end = input.endMonthId === undefined ? currentMonthId(now) : core().validateMonthId(input.endMonthId);
  const slots = await loadTrend(
    { load: (i, m, s, priority) => c.client.getMonthView(i, m, s, priority ? { priority } : {}) },
    instanceId,
    trendMonthIds(end, input.months),
    signal,
  );
  // Every month failing (wrong secret, unknown instance) is one error, as in the chat tool.
  if (slots.every((s) => !s.result)) return failure(slots[0]?.error);
  const out = trendToolResult(
    instanceId,
    slots.map((s) => ({
      monthId: s.monthId,
      ...(s.result ? { totals: s.result.view.totals } : { error: toolError(s.error).message }),
    })),
  );
  return okResult(out.text, JSON.parse(out.json) as Record<string, unknown>);
}

export async function getDayActivities(
  c: Connection,
  input: { instanceId: string; dateId: string },
  signal: AbortSignal,
): Promise<CallToolResult> {
  const instanceId = core().validateId('instanceId', input.instanceId);
  const dateId = core().validateDateId(input.dateId);
  const r = await c.client.getDayActivities(instanceId, dateId, signal);
  const out = activitiesToolResult(instanceId, dateId, r.result);
  const values = flattenResult(r.result, '', [], out.shown).map((row) => ({ path: inertKey(row.key), value: value(row.value) }));
  return okResult(out.text, { instanceId, date: isoId(dateId), shown: out.shown, total: out.total, values });
}

export async function getBalance(c: Connection, signal: AbortSignal, now = new Date()): Promise<CallToolResult> {
  const accountId = c.settings.accountId;
  if (accountId === undefined) {
    return errorResult(
      'noAccount',
      l10n.t("No account ID is configured, so the balance cannot be read; set {0} in the MCP server's environment.", ENV.accountId),
    );
  }
  const r = await c.client.getBalance(accountId, signal);
  const b = r.balance;
  const who = l10n.t('account {0} (profile {1})', quoted(accountId, 80), quoted(c.profile, 80));
  if (b) {
    const text =
      b.currency !== undefined
        ? l10n.t('Balance of {0}: amount {1}, currency {2}, exactly as the service sent them.', who, quoted(b.amount), quoted(b.currency))
        : l10n.t('Balance of {0}: amount {1} as the service sent it; the service named no currency.', who, quoted(b.amount));
    return okResult(text, {
      accountId,
      amount: value(b.amount),
      ...(b.currency !== undefined ? { currency: value(b.currency) } : {}),
      readAt: now.toISOString(),
    });
  }
  const rows = flattenResult(r.result, '', [], MAX_BALANCE_ROWS + 1);
  const shown = rows.slice(0, MAX_BALANCE_ROWS);
  const lines = [
    l10n.t('The balance answer for {0} has no recognisable amount; its values as the service sent them:', who),
    ...shown.map((row) => `${inertKey(row.key)} = ${quoted(row.value)}`),
    ...(rows.length > MAX_BALANCE_ROWS ? [l10n.t('Truncated: showing the first {0} values.', MAX_BALANCE_ROWS)] : []),
  ];
  return okResult(lines.join('\n'), {
    accountId,
    values: shown.map((row) => ({ path: inertKey(row.key), value: value(row.value) })),
    readAt: now.toISOString(),
  });
}

export function listInstances(c: Connection, allowSend: boolean): CallToolResult {
  const { instances, accountId } = c.settings;
  const lines = [
    l10n.t('Profile {0} on {1}.', quoted(c.profile, 80), quoted(c.host, 120)),
    instances.length > 0
      ? l10n.t('Voice instances: {0}.', quotedList(instances))
      : l10n.t(
          "No voice instances are configured; list them, comma-separated, in {0} in the MCP server's environment.",
          ENV.voiceInstances,
        ),
    accountId !== undefined
      ? l10n.t('Account: {0} (get_balance reads it).', quoted(accountId, 80))
      : l10n.t('No account ID is configured ({0}), so get_balance cannot answer.', ENV.accountId),
    allowSend
      ? l10n.t('send_test_sms is enabled; every message is confirmed by the user before it is sent.')
      : l10n.t('send_test_sms is off (the server was started without --allow-send).'),
  ];
  return okResult(lines.join('\n'), {
    profile: c.profile,
    host: c.host,
    ...(accountId !== undefined ? { accountId } : {}),
    instances: [...instances],
    sendingEnabled: allowSend,
  });
}
