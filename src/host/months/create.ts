// Builds the month cache and the finished-months store beneath it, once per window. The tree, the panels, the
// account overview, exports, the watch and the chat tools all read months through this one cache.
import * as vscode from 'vscode';
import { loadCore } from '../bundles/coreLoader.js';
import type { ClientProvider } from '../profile/clients.js';
import type { HostConfig } from '../profile/config.js';
import type { HostLog } from '../platform/log.js';
import type { ProfileSecrets } from '../profile/secrets.js';
import type { SessionState } from '../profile/session.js';
import type { MonthCache } from './monthCache.js';
import { createSessionMonthCache } from './sessionMonthCache.js';
import { lazyStoredMonths, type StoredMonths } from './storedMonths.js';

export interface MonthsDeps {
  log: HostLog;
  config: HostConfig;
  secrets: ProfileSecrets;
  session: SessionState;
  clients: ClientProvider;
}

/** The month cache and the store beneath it; both are added to ctx.subscriptions. */
export function createMonths(ctx: vscode.ExtensionContext, deps: MonthsDeps): { months: MonthCache; storedMonths: StoredMonths } {
  const { log, config, secrets, session, clients } = deps;
  // Finished months kept across windows (settings storeFinishedMonths, storedMonthsLimit).
  const dir = vscode.Uri.joinPath(ctx.globalStorageUri, 'finished-months').fsPath;
  const storedMonths = lazyStoredMonths(
    dir,
    () =>
      new (loadCore().MonthStore)({
        dir,
        enabled: () => config.settings.storeFinishedMonths,
        limit: () => config.settings.storedMonthsLimit,
        // Every stored string through the log's mask: no stored profile's credential reaches the disk.
        scrub: (text) => log.redact(text),
        // A stored answer is read back through the client's boundary, with the same secrets as a network one.
        knownSecrets: log.knownSecrets,
        log,
      }),
  );
  const cache = createSessionMonthCache(clients, session, secrets, storedMonths);
  ctx.subscriptions.push(storedMonths, cache);
  return { months: cache.model, storedMonths };
}
