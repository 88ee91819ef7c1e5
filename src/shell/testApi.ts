// The test seam: what activate() returns to the integration tests and `npm start`, never to users.
// Deliberately narrow: nothing here reads a secret or the list of masked values. The integration
// suites import this one type (import type, erased from their bundle) instead of re-declaring slices.
import * as vscode from 'vscode';
import type { AccountTreeProvider, AccountNode } from '../host/views/accountTree.js';
import type { BalanceStatusBar } from '../host/balance/balanceStatusBar.js';
import type { ShellServices } from './shellServices.js';
import type { InstancesNode, InstancesTreeProvider } from '../host/views/instancesTree.js';
import type { PanelLookup } from '../host/webviews/panelService.js';
import type { ProfileStatusBar } from '../host/profile/profileStatusBar.js';
import type { SmsHistoryEntry } from '../host/sms/history.js';
import type { SmsHistoryTreeProvider } from '../host/views/smsHistoryTree.js';
import { loadFeatures } from './featuresLoader.js';
import type { RaisedAlert } from '../host/watch/alertNotice.js';
import type { ManualClock } from '../host/watch/clock.js';
import type { StatusBarSnapshot } from '../host/watch/watchStatusBar.js';
import { LowBalanceAlert } from './lowBalanceAlert.js';
import { parseStoredWatch, WATCH_STATE_KEY } from '../host/watch/stored.js';
import { SNOOZE_KEY } from '../host/watch/snooze.js';
import { DEMO_PROFILE_NAME } from '../shared/ids.js';

/**
 * activate()'s return value for the integration tests (test/integration/log.test.ts): write a
 * line through the redacting logger and find the channel's file. Returned only in test and
 * development mode: an installed extension exports nothing, so other extensions cannot reach it.
 */
export interface VoiceSmsTestApi {
  log: { info(message: string): void; addSecret(value: string): void };
  logUri: vscode.Uri;
  /**
   * What the panel titled `title` shows once its current load settled, its page, and the last messages posted to that
   * page (test/integration/panels.test.ts, livePanels.test.ts).
   */
  panelContent(
    title: string,
  ): Promise<{ viewType: string; shown: readonly unknown[]; posted: readonly unknown[]; html: string } | undefined>;
  /** Loads a month again through the month cache, as a watch's tick does (low priority); resolves with its settled status. */
  reloadMonth(instanceId: string, monthId: string): Promise<string>;
  /**
   * The active profile's request scheduler now: requests waiting for a slot and requests holding one, so a test can
   * tell a load has joined the queue (test/integration/overview.test.ts); undefined before the profile's first request.
   */
  requestQueue(): { queued: number; inFlight: number } | undefined;
  /** Posts `message` to the panel titled `title` as its webview would (a button press); false when no such panel. */
  panelPost(title: string, message: unknown): Promise<boolean>;
  /** Panels tracked right now (test/integration/panelSoak.test.ts). */
  footprint(): { openPanels: number };
  /** Stores (or, with undefined, deletes) a profile's credentials, for tests that set a profile up without the sign-in UI. Never reads one. */
  storeCredentials(profile: string, credentials: { accessKeyId: string; secretAccessKey: string } | undefined): Promise<void>;
  /**
   * Answers the next modal question (sign out, replace a profile, clear the SMS history, export to a
   * path) without a dialog, and lists the questions asked. Tests only: commands never skip the question.
   */
  confirmations: {
    answerNext(button: string | undefined): void;
    /** The next question (a notification's too) waits until the test calls the returned function with its answer. */
    answerLater(): (button: string | undefined) => void;
    clearAnswers(): void;
    asked(): readonly { message: string; detail: string; buttons: readonly string[] }[];
  };
  /**
   * Every key the extension holds in workspace state, global state and secret storage (test/integration/profileData.test.ts),
   * and the state keys whose stored value contains `text`. Secrets are listed by key only, never read.
   */
  storage: {
    keys(): Promise<{ workspace: string[]; global: string[]; secrets: string[] }>;
    keysHolding(text: string): string[];
    /**
     * Global state as every store of the extension writes and reads it (test/integration/orderedState.test.ts).
     * Each `name` is kept under `voiceSms.test.<name>`, so the test cannot change what the extension keeps.
     */
    global: { update(name: string, value: unknown): Promise<void>; get(name: string): unknown };
  };
  /**
   * What activation runs for a demo profile left by an earlier window; where this window's own simulator answers
   * (undefined while none runs here) and whether a resume is under way (test/integration/demo.test.ts).
   */
  demo: { resumeIfLeftOver(): Promise<boolean>; state(): { ownBaseUrl: string | undefined; resuming: boolean } };
  /** The Sent SMS view as it shows the active profile's history (test/integration/sms.test.ts). */
  smsHistory: { entries(): SmsHistoryEntry[]; treeItems(): vscode.TreeItem[] };
  /** The Voice Instances tree as the view sees it (test/integration/instances.test.ts). */
  instancesTree: {
    getChildren(element?: unknown): unknown[];
    getTreeItem(element: unknown): vscode.TreeItem;
    /** Resolves when the instance's months have settled (loaded or failed). */
    settled(instanceId: string): Promise<void>;
    /** The tree's redraw requests: the row asked for, or undefined for the whole tree. */
    onDidChange(listener: (element: unknown) => void): vscode.Disposable;
  };
  /**
   * The finished months on disk (test/integration/storedMonths.test.ts): `dropMonthCache` forgets every month held
   * in memory, as a new window starts, so only the disk store remains; `flush` writes what waits for its batch.
   */
  storedMonths: {
    dir: string;
    files(): Promise<string[]>;
    flush(): Promise<void>;
    dropMonthCache(): void;
  };
  /** The session as views see it, its change event, and whether a profile has stored credentials (never their values). */
  session: {
    current(): { signedIn: boolean; profile: string | undefined; instances: string[] };
    onDidChange: vscode.Event<{ signedIn: boolean; profile: string | undefined }>;
    hasCredentials(profile: string): Promise<boolean>;
  };
  /** Set Up MCP Server as if this window ran on a remote machine named `remoteName` (undefined: local); `reset` ends it. */
  place: { pretendRemote(remoteName: string | undefined, platform?: NodeJS.Platform): void; reset(): void };
  /** The Account view and the balance status-bar item as they render now (test/integration/balance.test.ts). */
  balance: {
    /** Resolves once no balance load is under way. */
    settled(): Promise<void>;
    statusBar(): { visible: boolean; text: string; tooltip: string; warning: boolean };
    profileStatusBar(): { visible: boolean; text: string; tooltip: string; command: string | undefined };
    accountTree: { getChildren(element?: unknown): unknown[]; getTreeItem(element: unknown): vscode.TreeItem };
    /** How many balance readings (behind the days-left estimate) are stored for `profile` (test/integration/profileData.test.ts). */
    readings(profile: string): number;
    /**
     * What the balance does when a window starts, played again `minutesLater` after now (default 0): the stored
     * reading when it is recent then, else a load; resolves once settled (test/integration/startup.test.ts).
     */
    newWindow(minutesLater?: number): Promise<void>;
  };
  /**
   * The watch (test/integration/watch.test.ts). `drive` hands it a clock that moves only by `advance` and a focus
   * the test sets, so "one read per interval" and "none while unfocused" take no real interval; `release` gives
   * both back to the editor. Requests still go to the simulator over HTTP in real time.
   */
  watch: {
    drive(focused: boolean): void;
    setFocused(focused: boolean): Promise<void>;
    /** Moves the driven clock forward, each read that falls due on the way running (and settling) in turn. */
    advance(ms: number): Promise<void>;
    settled(): Promise<void>;
    release(): void;
    /**
     * The folder closed and opened again `msLater` by the driven clock: the watch stays stored, the window's
     * runner ends, the clock moves with nothing running, then a new window's start decides (reload or Resume?).
     */
    reopen(msLater: number): Promise<void>;
    /** The watch's clock now (the driven one after drive). */
    now(): number;
    /** What is kept in workspace state, as parsed (undefined: nothing). */
    stored(): { profile: string; instanceIds: string[]; aliveAt?: number } | undefined;
    state():
      | {
          profile: string | undefined;
          watched: string[];
          readsStarted: number;
          failures: number;
          heldUntil?: number;
          problem?: string;
          now: number;
          readings: { instanceId: string; legs?: number; change?: number; readAt?: number }[];
          statusBar: StatusBarSnapshot;
        }
      | undefined;
  };
  /** Answers the next Export question (format, then where to) with the item labelled `label` instead of a quick pick. */
  answerNextExportPick(label: string): void;
  /** Alerts raised in this window; `anotherWindow` decides the low-balance alert as a second window sharing the global state would. */
  alerts: {
    raised(): readonly RaisedAlert[];
    anotherWindowObservesBalance(): Promise<boolean>;
    /** The snoozes as stored in the global state ({ [kind]: end, ms }). */
    snoozes(): unknown;
  };
}

/** The views and status bars the seam reads, beside the services every command gets. */
export interface TestApiParts {
  instancesTree: InstancesTreeProvider;
  smsHistoryTree: SmsHistoryTreeProvider;
  accountTree: AccountTreeProvider;
  balanceStatus: BalanceStatusBar;
  profileStatus: ProfileStatusBar;
}

/** The seam in Test (the integration host) and Development (`npm start`) mode; undefined for users (Production). */
export function testApi(ctx: vscode.ExtensionContext, services: ShellServices, parts: TestApiParts): VoiceSmsTestApi | undefined {
  if (ctx.extensionMode !== vscode.ExtensionMode.Test && ctx.extensionMode !== vscode.ExtensionMode.Development) return undefined;
  const { log, panels, secrets, confirmations, demo, months: monthCache, config, balance, session, watch, clients } = services;
  const { instancesTree, smsHistoryTree, accountTree, balanceStatus, profileStatus } = parts;
  let clock: ManualClock | undefined;
  let focused = true;
  const settled = async (): Promise<void> => {
    await watch.current?.settled();
  };
  const advance = async (ms: number): Promise<void> => {
    if (!clock) return; // watch.drive() first: the editor's clock is not moved by hand
    await clock.advanceSettling(ms, settled);
  };
  return {
    log: { info: (message) => log.info(message), addSecret: (value) => log.addSecret(value) },
    logUri: ctx.logUri,
    panelContent: (title) => panelContent(panels.find(title)),
    panelPost: async (title, message) => {
      const open = panels.find(title);
      if (open) await open.post(message);
      return open !== undefined;
    },
    reloadMonth: async (instanceId, monthId) => (await monthCache.reload(instanceId, monthId, 'low')).status,
    requestQueue: () => {
      const name = config.activeProfile?.name;
      return name === undefined ? undefined : clients.queueOf(name);
    },
    footprint: () => ({ openPanels: panels.openCount }),
    storeCredentials: (profile, credentials) => (credentials ? secrets.store(profile, credentials) : secrets.delete(profile)),
    confirmations: {
      answerNext: (button) => confirmations.answerNext(button),
      answerLater: () => confirmations.answerLater(),
      clearAnswers: () => confirmations.clearAnswers(),
      asked: () => confirmations.asked(),
    },
    storage: {
      keys: async () => ({
        workspace: [...ctx.workspaceState.keys()],
        global: [...ctx.globalState.keys()],
        // SecretStorage.keys() is newer than the API we build against (1.100); the editors we test with have it.
        // Without it the list is empty, which the test notices (it expects the credentials' key while signed in).
        secrets: [...((await (ctx.secrets as { keys?(): Thenable<readonly string[]> }).keys?.()) ?? [])],
      }),
      keysHolding: (text) =>
        [ctx.workspaceState, ctx.globalState].flatMap((m) => m.keys().filter((k) => JSON.stringify(m.get(k) ?? null).includes(text))),
      global: {
        update: async (name, value) => ctx.globalState.update(`voiceSms.test.${name}`, value),
        get: (name) => ctx.globalState.get(`voiceSms.test.${name}`),
      },
    },
    demo: {
      resumeIfLeftOver: () => demo.resumeIfLeftOver(),
      state: () => ({ ownBaseUrl: demo.ownBaseUrl(DEMO_PROFILE_NAME), resuming: demo.resuming(DEMO_PROFILE_NAME) !== undefined }),
    },
    smsHistory: {
      entries: () => smsHistoryTree.getChildren(),
      treeItems: () => smsHistoryTree.getChildren().map((e) => smsHistoryTree.getTreeItem(e)),
    },
    instancesTree: {
      getChildren: (element) => instancesTree.getChildren(element as InstancesNode | undefined),
      getTreeItem: (element) => instancesTree.getTreeItem(element as InstancesNode),
      settled: async (instanceId) => {
        const months = monthCache.months(config.settings.monthsInTree);
        await Promise.all(months.map((m) => monthCache.ensure(instanceId, m)));
      },
      onDidChange: (listener) => instancesTree.onDidChangeTreeData(listener),
    },
    storedMonths: {
      dir: services.storedMonths.dir,
      files: () => services.storedMonths.files(),
      flush: () => services.storedMonths.flush(),
      dropMonthCache: () => monthCache.reset(),
    },
    balance: {
      settled: async () => {
        while (balance.model.current.loading) await new Promise((r) => setTimeout(r, 20));
      },
      statusBar: () => balanceStatus.snapshot,
      profileStatusBar: () => profileStatus.snapshot,
      accountTree: {
        getChildren: (element) => accountTree.getChildren(element as AccountNode | undefined),
        getTreeItem: (element) => accountTree.getTreeItem(element as AccountNode),
      },
      readings: (profile) => balance.model.readingCount(profile),
      newWindow: async (minutesLater = 0) => {
        balance.startUp(Date.now() + minutesLater * 60_000);
        while (balance.model.current.loading) await new Promise((r) => setTimeout(r, 20));
      },
    },
    watch: {
      drive: (f) => {
        focused = f;
        clock = new (loadFeatures().ManualClock)(Date.now());
        watch.drive(clock, focused);
      },
      setFocused: async (f) => {
        focused = f;
        watch.drive(clock, focused);
        // A read due at once (the last one older than the interval) runs now, as the editor's clock would.
        await advance(0);
      },
      advance,
      settled,
      release: () => {
        clock = undefined;
        watch.drive(undefined, undefined);
      },
      reopen: async (msLater) => {
        await watch.windowClosed();
        clock?.advance(msLater);
        watch.windowOpened();
        await settled();
      },
      now: () => watch.clock().now(),
      stored: () => {
        const s = parseStoredWatch(ctx.workspaceState.get(WATCH_STATE_KEY));
        return s && { profile: s.profile, instanceIds: s.instanceIds, ...(s.aliveAt !== undefined ? { aliveAt: s.aliveAt } : {}) };
      },
      state: () => {
        const run = watch.current;
        if (!run) return undefined;
        const s = run.engine.snapshot;
        return {
          profile: watch.profile,
          watched: [...watch.watched],
          readsStarted: s.readsStarted,
          failures: s.failures,
          ...(s.heldUntil !== undefined ? { heldUntil: s.heldUntil } : {}),
          ...(s.problem !== undefined ? { problem: s.problem } : {}),
          now: watch.clock().now(),
          readings: s.readings.map((r) => ({
            instanceId: r.instanceId,
            ...(r.legs !== undefined ? { legs: r.legs } : {}),
            ...(r.legs !== undefined && r.baseline ? { change: r.legs - (r.baseline.dateId === r.dateId ? r.baseline.legs : 0) } : {}),
            ...(r.readAt !== undefined ? { readAt: r.readAt } : {}),
          })),
          statusBar: run.statusBar.snapshot,
        };
      },
    },
    answerNextExportPick: (label) => loadFeatures().answerNextExportPick(label),
    alerts: {
      raised: () => [...loadFeatures().raisedAlerts()],
      snoozes: () => ctx.globalState.get(SNOOZE_KEY),
      anotherWindowObservesBalance: async () => {
        const other = new LowBalanceAlert({ onDidChange: () => ({ dispose() {} }) }, config, {
          log,
          memory: ctx.globalState,
          confirmations,
          now: () => watch.clock().now(),
        });
        try {
          return await other.observe(balance.model.current);
        } finally {
          other.dispose();
        }
      },
    },
    place: { pretendRemote: (name, platform) => services.place.pretend(name, platform), reset: () => services.place.reset() },
    session: {
      current: () => ({
        signedIn: session.current.signedIn,
        profile: session.current.profile?.name,
        instances: [...session.current.instances],
      }),
      onDidChange: (listener, thisArg, disposables) =>
        session.onDidChange(
          (snap) => {
            listener.call(thisArg, { signedIn: snap.signedIn, profile: snap.profile?.name });
          },
          undefined,
          disposables,
        ),
      hasCredentials: async (profile) => (await secrets.get(profile)) !== undefined,
    },
  };
}

async function panelContent(
  open: PanelLookup | undefined,
): Promise<{ viewType: string; shown: readonly unknown[]; posted: readonly unknown[]; html: string } | undefined> {
  if (!open) return undefined;
  await open.loading;
  return { viewType: open.viewType, shown: open.shown(), posted: [...open.posted()], html: open.panel.webview.html };
}
