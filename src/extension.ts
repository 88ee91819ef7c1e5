// Entry point. activate() builds the services and registers commands and views, nothing else: the
// core client (undici, fast-xml-parser, libphonenumber-js) is loaded by the features that need it,
// on first use, so opening the editor never pays for it.
import * as vscode from 'vscode';
import { configurePureL10n } from './host/pureL10n.js';
import { BalanceController } from './host/balance/controller.js';
import { registerChatTools } from './host/chat/register.js';
import { ClientProvider } from './host/clients.js';
import { registerLazyCommands } from './host/commands/lazy.js';
import { HostConfig } from './host/config.js';
import { ContextKeys } from './host/contextKeys.js';
import { DemoHandle } from './host/demoHandle.js';
import { HostLog } from './host/log.js';
import { ProfileSecrets } from './host/secrets.js';
import type { HostServices } from './host/services.js';
import { SessionState } from './host/session.js';
import { SmsDrafts } from './host/sms/draft.js';
import { SmsHistory, type SmsHistoryEntry } from './host/sms/history.js';
import { ProfileStatusBar } from './host/profileStatusBar.js';
import { BalanceStatusBar } from './host/statusBar.js';
import { AccountTreeProvider, type AccountNode } from './host/views/accountTree.js';
import { Views } from './host/views/index.js';
import { createInstancesModel } from './host/views/instancesWiring.js';
import { InstancesTreeProvider, type InstancesNode } from './host/views/instancesTree.js';
import { SmsHistoryTreeProvider } from './host/views/smsHistoryTree.js';
import { createPanelSources } from './host/webviews/clientSources.js';
import { Confirmations } from './host/confirmations.js';
import { WebviewPanels, type PanelLookup } from './host/webviews/panels.js';
import { VIEWS } from './shared/ids.js';

/** Characters of an access key id left readable in the log, enough to tell two keys apart. */
const KEY_ID_VISIBLE = 4;

/**
 * activate()'s return value for the integration tests (test/integration/log.test.ts): write a
 * line through the redacting logger and find the channel's file. Deliberately narrow: nothing
 * here reads a secret or the list of masked values. Returned only in test and development mode
 * (testApiAllowed): an installed extension exports nothing, so other extensions cannot reach it.
 */
export interface VoiceSmsTestApi {
  log: { info(message: string): void; addSecret(value: string): void };
  logUri: vscode.Uri;
  /** What the panel titled `title` shows once its current load settled (test/integration/panels.test.ts). */
  panelContent(title: string): Promise<{ viewType: string; shown: readonly unknown[] } | undefined>;
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
  confirmations: { answerNext(button: string | undefined): void; clearAnswers(): void; asked(): readonly { message: string; detail: string; buttons: readonly string[] }[] };
  /** What activation runs for a demo profile left by an earlier window (test/integration/demo.test.ts). */
  demo: { resumeIfLeftOver(): Promise<boolean> };
  /** The Sent SMS view as it shows the active profile's history (test/integration/sms.test.ts). */
  smsHistory: { entries(): SmsHistoryEntry[]; treeItems(): vscode.TreeItem[] };
  /** The Voice Instances tree as the view sees it (test/integration/instances.test.ts). */
  instancesTree: {
    getChildren(element?: unknown): unknown[];
    getTreeItem(element: unknown): vscode.TreeItem;
    /** Resolves when the instance's months have settled (loaded or failed). */
    settled(instanceId: string): Promise<void>;
  };
  /** The session as views see it, its change event, and whether a profile has stored credentials (never their values). */
  session: {
    current(): { signedIn: boolean; profile: string | undefined; instances: string[] };
    onDidChange: vscode.Event<{ signedIn: boolean; profile: string | undefined }>;
    hasCredentials(profile: string): Promise<boolean>;
  };
  /** The Account view and the balance status-bar item as they render now (test/integration/balance.test.ts). */
  balance: {
    /** Resolves once no balance load is under way. */
    settled(): Promise<void>;
    statusBar(): { visible: boolean; text: string; tooltip: string; warning: boolean };
    profileStatusBar(): { visible: boolean; text: string; tooltip: string; command: string | undefined };
    accountTree: { getChildren(element?: unknown): unknown[]; getTreeItem(element: unknown): vscode.TreeItem };
    /** How many balance readings (behind the days-left estimate) are stored for `profile` (test/integration/profileData.test.ts). */
    readings(profile: string): number;
  };
}

export function activate(ctx: vscode.ExtensionContext): VoiceSmsTestApi | undefined {
  const started = performance.now();
  // First: titles, panel errors and credential checks come from vscode-free modules (pureL10n.ts).
  configurePureL10n(vscode.env.language, vscode.l10n.bundle);

  const log = HostLog.create();
  ctx.subscriptions.push(log);
  const secrets = new ProfileSecrets(ctx.secrets, (c) => {
    log.addCredentials(c.accessKeyId, c.secretAccessKey, KEY_ID_VISIBLE);
  });
  const config = new HostConfig(log);
  const contextKeys = new ContextKeys();
  const session = new SessionState(config, secrets, contextKeys, log);
  const clients = new ClientProvider(config, secrets, log);
  const instances = createInstancesModel(clients, session, secrets);
  const instancesTree = new InstancesTreeProvider(instances.model, session, config, log);
  const smsHistory = new SmsHistory(ctx.globalState);
  const smsHistoryTree = new SmsHistoryTreeProvider(smsHistory, session, contextKeys);
  ctx.subscriptions.push(smsHistoryTree);
  // The balance loads only after activation, when the Account view or the status bar wants it.
  const balance = new BalanceController(clients, session, config, log, ctx.globalState);
  const accountTree = new AccountTreeProvider(balance, session, config, log);
  ctx.subscriptions.push(balance, accountTree);
  const views = new Views({ [VIEWS.instances]: instancesTree, [VIEWS.smsHistory]: smsHistoryTree, [VIEWS.account]: accountTree });
  const instancesView = views.view(VIEWS.instances);
  if (instancesView) instancesTree.attach(instancesView);
  const accountView = views.view(VIEWS.account);
  if (accountView) balance.attach(accountView);
  const balanceStatus = new BalanceStatusBar(balance, session, config, log);
  const profileStatus = new ProfileStatusBar(session);
  ctx.subscriptions.push(balanceStatus, profileStatus);
  ctx.subscriptions.push(secrets, config, session, views, clients, instances, instancesTree);

  // Panels look the client up on every load, so they follow sign-in and profile changes.
  const sources = createPanelSources(clients, log);
  const panels = new WebviewPanels({ extensionUri: ctx.extensionUri, ...sources, log });
  ctx.subscriptions.push(panels);
  panels.registerSerializers();

  const demo = new DemoHandle({ log, config, secrets, session, contextKeys, sms: { history: smsHistory }, balance }, ctx.globalState);
  ctx.subscriptions.push(demo);
  // Each window's demo requests go to its own simulator, whatever URL the shared demo profile holds.
  clients.setBaseUrlOverride((profile) => demo.ownBaseUrl(profile));

  const confirmations = new Confirmations();
  const services: HostServices = { log, config, secrets, session, contextKeys, views, clients, panels, instances: instances.model, demo,
    sms: { history: smsHistory, drafts: new SmsDrafts(ctx.workspaceState) }, balance, confirmations };
  registerLazyCommands(ctx, services);
  registerChatTools(ctx, services);

  // Sets hasHistory for the profile active now (the tree refreshes on every session change too).
  smsHistoryTree.refresh();
  // Sets demoActive; a demo profile left by an earlier window gets a fresh simulator, in the
  // background (not awaited: activation never waits for or loads the simulator itself).
  void demo.resumeIfLeftOver();
  // Not awaited: reading SecretStorage may take a moment and the views already show "signed out".
  void session.refresh();

  // One line per window: what activation cost (npm run bench reads it; users see it in the log).
  log.info(`Activated in ${(performance.now() - started).toFixed(1)} ms.`);
  if (!testApiAllowed(ctx.extensionMode)) return undefined;
  return {
    log: { info: (message) => log.info(message), addSecret: (value) => log.addSecret(value) },
    logUri: ctx.logUri,
    panelContent: (title) => panelContent(panels.find(title)),
    panelPost: async (title, message) => {
      const open = panels.find(title);
      if (open) await open.post(message);
      return open !== undefined;
    },
    footprint: () => ({ openPanels: panels.openCount }),
    storeCredentials: (profile, credentials) => (credentials ? secrets.store(profile, credentials) : secrets.delete(profile)),
    confirmations: { answerNext: (button) => confirmations.answerNext(button), clearAnswers: () => confirmations.clearAnswers(), asked: () => confirmations.asked() },
    demo: { resumeIfLeftOver: () => demo.resumeIfLeftOver() },
    smsHistory: {
      entries: () => smsHistoryTree.getChildren(),
      treeItems: () => smsHistoryTree.getChildren().map((e) => smsHistoryTree.getTreeItem(e)),
    },
    instancesTree: {
      getChildren: (element) => instancesTree.getChildren(element as InstancesNode | undefined),
      getTreeItem: (element) => instancesTree.getTreeItem(element as InstancesNode),
      settled: async (instanceId) => {
        const months = instances.model.months(config.settings.monthsInTree);
        await Promise.all(months.map((m) => instances.model.ensure(instanceId, m)));
      },
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
    },
    session: {
      current: () => ({ signedIn: session.current.signedIn, profile: session.current.profile?.name, instances: [...session.current.instances] }),
      onDidChange: (listener, thisArg, disposables) =>
        session.onDidChange((snap) => {
          listener.call(thisArg, { signedIn: snap.signedIn, profile: snap.profile?.name });
        }, undefined, disposables),
      hasCredentials: async (profile) => (await secrets.get(profile)) !== undefined,
    },
  };
}

/** The test seam ships only to the integration host (Test) and `npm start` (Development), never to users (Production). */
function testApiAllowed(mode: vscode.ExtensionMode): boolean {
  return mode === vscode.ExtensionMode.Test || mode === vscode.ExtensionMode.Development;
}

async function panelContent(open: PanelLookup | undefined): Promise<{ viewType: string; shown: readonly unknown[] } | undefined> {
  if (!open) return undefined;
  await open.loading;
  return { viewType: open.viewType, shown: open.shown() };
}

export function deactivate(): void {
  // Everything is in ctx.subscriptions, which the editor disposes.
}
