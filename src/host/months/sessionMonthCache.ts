// The month cache as the host uses it: months load through the active profile's client (a finished month from the
// store when it has one), and the cache follows the session — another profile, base URL or stored secret drops it,
// so a profile switch reloads everything instead of showing the previous account's numbers. No vscode import:
// unit-tested in plain Node (create.ts builds it with the editor's storage).
import type { ClientProvider } from '../profile/clients.js';
import { DisposableStore } from '../platform/lifecycle.js';
import type { ProfileSecrets } from '../profile/secrets.js';
import type { SessionState } from '../profile/session.js';
import { MonthCache } from './monthCache.js';
import type { StoredMonths } from './storedMonths.js';

export function createSessionMonthCache(
  clients: Pick<ClientProvider, 'active'>,
  session: Pick<SessionState, 'current' | 'onDidChange'>,
  secrets: Pick<ProfileSecrets, 'onDidChange'>,
  stored?: Pick<StoredMonths, 'read' | 'offer'>,
): { dispose(): void; model: MonthCache } {
  const model = new MonthCache({
    // The profile's request scheduler (in the client) bounds and orders the loads; a second limit here
    // would hold the tree to fewer requests than the user's maxConcurrentRequests.
    concurrency: Number.POSITIVE_INFINITY,
    load: async (instanceId, monthId, signal, priority) => {
      // Below the month cache: a finished month kept by an earlier window answers without a request. The
      // current month (and anything later) is always asked.
      const profile = session.current.signedIn ? session.current.profile : undefined;
      if (stored && profile && monthId < model.currentMonth()) {
        const kept = await stored.read(profile, instanceId, monthId);
        if (kept) return kept;
      }
      const { client, profile: asked } = await clients.active();
      const result = await client.getMonthView(instanceId, monthId, signal, priority ? { priority } : {});
      // Filed under the profile's settings as read above (the demo's client asks this window's own simulator,
      // whose URL differs per window), and only if the client answered for that profile.
      if (stored && profile && asked.name === profile.name) stored.offer(profile, instanceId, monthId, result);
      return result;
    },
  });
  const disposables = new DisposableStore();
  // Bumped on each new secret, so signing in again with other keys under the same name also drops the cache.
  let secretGeneration = 0;
  const scope = (): void => {
    const p = session.current.profile;
    model.setProfile(session.current.signedIn && p ? JSON.stringify([p.name, p.baseUrl, secretGeneration]) : '');
  };
  disposables.add(session.onDidChange(scope));
  disposables.add(
    secrets.onDidChange((e) => {
      if (e.profile !== session.current.profile?.name) return;
      secretGeneration++;
      scope();
    }),
  );
  scope();
  return {
    model,
    dispose: () => {
      disposables.dispose();
      model.dispose();
    },
  };
}
