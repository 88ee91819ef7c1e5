// The six chat tools. Each goes through the services the views use (ClientProvider, SessionState,
// the balance model, the SMS flow), so the active profile, the offline demo and proxies apply as
// everywhere else. Every failure is thrown with one sentence (errorText.ts, results.ts), as the tool API
// documents; cancellation as CancellationError. Loaded on first use by register.ts.
import * as vscode from 'vscode';
import { loadCore } from '../bundles/coreLoader.js';
import { CHAT_TOOLS, DEMO_PROFILE_NAME } from '../../shared/ids.js';
import { shiftMonthId, TREND_MONTHS } from '../../shared/protocol.js';
import type { HostServices } from '../services.js';
import { loadTrend, trendMonthIds } from '../../tools/trendLoader.js';
import { balanceToolResult, instancesToolResult } from '../../tools/text/accountText.js';
import { activitiesToolResult } from '../../tools/text/activitiesText.js';
import { inert } from '../../tools/text/dataText.js';
import { isToolErrorKind, toolError } from '../../tools/text/errorText.js';
import { fail, guarded, textResult } from './results.js';
import { monthToolResult } from '../../tools/text/monthText.js';
import { sendTestSmsTool } from './sendTestSmsTool.js';
import { trendToolResult } from '../../tools/text/trendText.js';

export type ChatToolName = (typeof CHAT_TOOLS)[keyof typeof CHAT_TOOLS];
export type ChatTools = Record<ChatToolName, vscode.LanguageModelTool<Record<string, unknown>>>;

/** Without a count, the trend tool answers for as many months as the trend panel shows. */
export const DEFAULT_TREND_MONTHS = TREND_MONTHS;
export const MAX_TREND_MONTHS = 24;

function str(input: Record<string, unknown>, key: string): string {
  const v = input[key];
  return typeof v === 'string' ? v : '';
}

/** The id checks the core applies to every request, so a bad id becomes a readable result before any request. */
function ids(input: Record<string, unknown>): { instanceId: string } {
  return { instanceId: loadCore().validateId('instanceId', str(input, 'instanceId')) };
}

function currentMonthId(): string {
  const d = new Date();
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

export function createChatTools(services: HostServices): ChatTools {
  const client = async () => (await services.clients.active()).client;
  return {
    [CHAT_TOOLS.getMonthView]: {
      prepareInvocation: (options) => ({
        invocationMessage: vscode.l10n.t(
          'Reading the calls of {0} for {1}',
          inert(str(options.input, 'instanceId'), 60),
          inert(str(options.input, 'monthId'), 10),
        ),
      }),
      invoke: (options, token) =>
        guarded(token, async (signal) => {
          const { instanceId } = ids(options.input);
          const monthId = loadCore().validateMonthId(str(options.input, 'monthId'));
          const c = await client();
          const previousMonthId = shiftMonthId(monthId, -1);
          // Started together, as the panel does; the comparison's failure only drops the comparison.
          const previous = c.getMonthView(instanceId, previousMonthId, signal).then(
            (r) => r.view.totals,
            () => undefined,
          );
          const r = await c.getMonthView(instanceId, monthId, signal);
          const totals = await previous;
          const out = monthToolResult(instanceId, r.view, totals ? { monthId: previousMonthId, totals } : undefined);
          return textResult(out.text, out.json);
        }),
    },
    [CHAT_TOOLS.getTrend]: {
      prepareInvocation: (options) => ({
        invocationMessage: vscode.l10n.t('Reading the monthly totals of {0}', inert(str(options.input, 'instanceId'), 60)),
      }),
      invoke: (options, token) =>
        guarded(token, async (signal) => {
          const { instanceId } = ids(options.input);
          const raw = options.input['months'];
          const count =
            raw === undefined
              ? DEFAULT_TREND_MONTHS
              : typeof raw === 'number' && Number.isInteger(raw) && raw >= 1 && raw <= MAX_TREND_MONTHS
                ? raw
                : undefined;
          if (count === undefined) {
            return fail({ kind: 'validation', message: vscode.l10n.t('months must be a whole number from 1 to {0}.', MAX_TREND_MONTHS) });
          }
          const end =
            options.input['endMonthId'] === undefined ? currentMonthId() : loadCore().validateMonthId(str(options.input, 'endMonthId'));
          const c = await client();
          const slots = await loadTrend(
            { load: (i, m, s, priority) => c.getMonthView(i, m, s, priority ? { priority } : {}) },
            instanceId,
            trendMonthIds(end, count),
            signal,
          );
          if (signal.aborted) throw new vscode.CancellationError();
          const failed = slots.filter((s) => !s.result);
          // Every month failing the same way (signed out, unknown instance, refused credentials) is one error.
          if (failed.length === slots.length) return fail(toolError(slots[0]?.error));
          const out = trendToolResult(
            instanceId,
            slots.map((s) => ({
              monthId: s.monthId,
              ...(s.result ? { totals: s.result.view.totals } : { error: toolError(s.error).message }),
            })),
          );
          return textResult(out.text, out.json);
        }),
    },
    [CHAT_TOOLS.getDayActivities]: {
      prepareInvocation: (options) => ({
        invocationMessage: vscode.l10n.t(
          'Reading the activities of {0} on {1}',
          inert(str(options.input, 'instanceId'), 60),
          inert(str(options.input, 'dateId'), 10),
        ),
      }),
      invoke: (options, token) =>
        guarded(token, async (signal) => {
          const { instanceId } = ids(options.input);
          const dateId = loadCore().validateDateId(str(options.input, 'dateId'));
          const r = await (await client()).getDayActivities(instanceId, dateId, signal);
          return textResult(activitiesToolResult(instanceId, dateId, r.result).text);
        }),
    },
    [CHAT_TOOLS.getBalance]: {
      prepareInvocation: () => ({ invocationMessage: vscode.l10n.t('Reading the account balance') }),
      invoke: (_options, token) =>
        guarded(token, async (signal) => {
          // Through the balance model, so the Account view, the status bar and the days-left readings see this load too.
          const state = await services.balance.model.reload(signal);
          if (signal.aborted) throw new vscode.CancellationError();
          if (state.signedOut) await services.clients.active(); // throws NotSignedInError, with its sentence
          if (state.noAccount) {
            return fail({
              kind: 'noAccount',
              message: vscode.l10n.t(
                'The active profile has no account ID, so its balance cannot be read; add one in the profile (voiceSms.profiles).',
              ),
            });
          }
          if (state.error || !state.loaded) {
            const kind = state.error?.kind;
            return fail({
              message: toolError(new Error(state.error?.message ?? '')).message,
              kind: isToolErrorKind(kind) ? kind : 'unexpected',
            });
          }
          const out = balanceToolResult(state.loaded);
          return textResult(out.text, out.json);
        }),
    },
    [CHAT_TOOLS.listInstances]: {
      invoke: (_options, token) =>
        guarded(token, async () => {
          const s = services.session.current;
          if (!s.profile) await services.clients.active(); // throws NotSignedInError
          const profile = s.profile!;
          const out = instancesToolResult({
            profile: profile.name,
            signedIn: s.signedIn,
            demo: profile.name === DEMO_PROFILE_NAME,
            instances: [...s.instances],
            senderIds: [...profile.senderIds],
          });
          return textResult(out.text, out.json);
        }),
    },
    [CHAT_TOOLS.sendTestSms]: sendTestSmsTool(services),
  };
}
