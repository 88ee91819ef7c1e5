// What activate() builds once and every command and view receives. The shell's objects (panels, watch, demo) are
// named here by what the features may do with them, so no feature room imports the shell.
import type { BalanceController } from './balance/controller.js';
import type { ClientProvider } from './profile/clients.js';
import type { Confirmations } from './platform/confirmations.js';
import type { HostConfig } from './profile/config.js';
import type { ContextKeys } from './platform/contextKeys.js';
import type { DemoService } from './demo/demoService.js';
import type { HostLog } from './platform/log.js';
import type { ProfileStorage } from './profile/profileData.js';
import type { ProfileSecrets } from './profile/secrets.js';
import type { SessionState } from './profile/session.js';
import type { SmsDrafts } from './sms/draft.js';
import type { SmsHistory } from './sms/history.js';
import type { Views } from './views/index.js';
import type { MonthCache } from './months/monthCache.js';
import type { StoredMonths } from './months/storedMonths.js';
import type { PanelService } from './webviews/panelService.js';
import type { WatchService } from './watch/watchService.js';
import type { WindowPlace } from './platform/windowPlace.js';

export interface HostServices {
  readonly log: HostLog;
  readonly config: HostConfig;
  readonly secrets: ProfileSecrets;
  readonly session: SessionState;
  readonly contextKeys: ContextKeys;
  readonly views: Views;
  /** The active profile's core client, built on first use. */
  readonly clients: ClientProvider;
  /** The panels of every kind (src/panels/index.ts): open, reuse, restore. */
  readonly panels: PanelService;
  /** The month cache: the tree, panels, overview, exports and chat tools read months through it. */
  readonly months: MonthCache;
  /** Finished months kept on disk across windows, beneath the month cache (cleared with a profile's data). */
  readonly storedMonths: StoredMonths;
  /** The offline demo: the simulator in this extension host and its profile. */
  readonly demo: DemoService;
  /** Sent SMS history, the last draft that did not go out and the last sent SMS (globalState, per profile). */
  readonly sms: { readonly history: SmsHistory; readonly drafts: SmsDrafts };
  /** Everything kept per profile, deleted together when the profile goes; later stores join with registerProfileData. */
  readonly profileData: ProfileStorage[];
  /** The active profile's balance (Account view, status bar, refreshBalance). */
  readonly balance: BalanceController;
  /** Modal questions before destructive or argument-driven actions (answerable only by tests). */
  readonly confirmations: Confirmations;
  /** This window's watch of today's figures (voiceSms.startWatching): what is watched, and the running watch. */
  readonly watch: WatchService;
  /** Where this window's extension host runs (vscode.env.remoteName; tests may pretend another place). */
  readonly place: WindowPlace;
}
