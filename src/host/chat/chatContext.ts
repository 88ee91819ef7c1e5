// The chat door's ToolContext: months through the month cache (as the panels read them), the active profile's
// client, session facts and settings, the balance model (so the Account view, the status bar and the days-left
// readings see a chat tool's load too), and the palette's confirmation modal and deliver() for sending (history and
// draft behave as in the palette).
import * as vscode from 'vscode';
import { DEMO_PROFILE_NAME } from '../../shared/ids.js';
import { CHAT_DOOR } from '../../tools/index.js';
import { ToolRefusal } from '../../tools/refusal.js';
import type { ToolContext } from '../../tools/spec.js';
import { isToolErrorKind } from '../../tools/text/errorText.js';
import { loadCore } from '../bundles/coreLoader.js';
import type { HostServices } from '../services.js';
import { confirm, deliver } from '../sms/sendSmsFlow.js';
import { createOverviewSource } from '../webviews/overview/overviewSource.js';
import { monthsThroughCache } from '../months/monthSource.js';

export function chatToolContext(services: HostServices): ToolContext {
  const client = async () => (await services.clients.active()).client;
  // Months as the panels read them: through the month cache, so a month on show is not asked again.
  const month = monthsThroughCache(services.clients, services.months);
  return {
    door: CHAT_DOOR,
    core: loadCore,
    async facts() {
      const s = services.session.current;
      if (!s.profile) await services.clients.active(); // throws NotSignedInError, with its sentence
      const profile = s.profile!;
      const region = services.config.settings.smsDefaultRegion;
      return {
        profile: profile.name,
        signedIn: s.signedIn,
        demo: profile.name === DEMO_PROFILE_NAME,
        instances: [...s.instances],
        senderIds: [...profile.senderIds],
        ...(region ? { defaultRegion: region } : {}),
      };
    },
    getMonthView: (i, m, signal, priority) => month(i, m, signal, priority ?? 'normal'),
    getDayActivities: async (i, d, signal) => (await client()).getDayActivities(i, d, signal),
    forecast: () => services.config.settings.forecastShow,
    // The overview panel's path: the same cache and store, so the tool's figures are the panel's.
    overviewSource: () =>
      createOverviewSource(services.months, services.storedMonths, () =>
        services.session.current.signedIn ? services.session.current.profile : undefined,
      ),
    async readBalance(signal) {
      const state = await services.balance.model.reload(signal);
      if (signal.aborted) throw new vscode.CancellationError();
      if (state.signedOut) await services.clients.active(); // throws NotSignedInError
      if (state.noAccount) {
        throw new ToolRefusal(
          'noAccount',
          vscode.l10n.t('The active profile has no account ID, so its balance cannot be read; add one in the profile (voiceSms.profiles).'),
        );
      }
      if (state.error || !state.loaded) {
        const kind = state.error?.kind;
        throw new ToolRefusal(isToolErrorKind(kind) ? kind : 'unexpected', state.error?.message ?? '');
      }
      return state.loaded;
    },
    async confirmSend(d) {
      return confirm(services.confirmations, d, { profile: d.profile, baseUrl: (await services.clients.active()).profile.baseUrl });
    },
    async send(d, signal) {
      const delivered = await deliver(services, d.profile, d, signal);
      if (delivered.ok) return delivered.outcome.messageId === undefined ? {} : { messageId: delivered.outcome.messageId };
      throw Object.assign(new Error(delivered.message), { details: { outcomeUnknown: delivered.unknown } });
    },
    maxSegments: () => services.config.settings.smsMaxSegments,
  };
}
