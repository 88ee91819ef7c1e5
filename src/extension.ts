// Entry point, read as a table of contents: activate() builds the services, the views and the panels, registers
// commands and chat tools, and starts the background reads; nothing else. The core client (undici, fast-xml-parser,
// libphonenumber-js) is loaded by the features that need it, on first use, so opening the editor never pays for it.
import * as vscode from 'vscode';
import { configurePureL10n } from './host/platform/pureL10n.js';
import { registerChatTools } from './shell/chatTools.js';
import { refreshMcpCopyAfterUpdate } from './shell/mcpAfterUpdate.js';
import { createProfile } from './host/profile/createProfile.js';
import { registerLazyCommands } from './shell/commandStubs.js';
import { Confirmations } from './host/platform/confirmations.js';
import { WindowPlace } from './host/platform/windowPlace.js';
import { DemoHandle } from './shell/demoHandle.js';
import { loadFeatures } from './shell/featuresLoader.js';
import type { ShellServices } from './shell/shellServices.js';
import { dropLegacyDrafts, SmsDrafts } from './host/sms/draft.js';
import { profileDataOf } from './host/profile/profileData.js';
import { testApi, type VoiceSmsTestApi } from './shell/testApi.js';
import { createViews } from './host/views/create.js';
import { createMonths } from './host/months/create.js';
import { allPanelSources } from './host/webviews/clientSources.js';
import { PanelRegistry } from './shell/panelRegistry.js';
import { createWatch } from './shell/watch.js';
import { withOrderedState } from './host/platform/orderedState.js';

export function activate(editorContext: vscode.ExtensionContext): VoiceSmsTestApi | undefined {
  const started = performance.now();
  const ctx = withOrderedState(editorContext); // one write queue per memento for every store (orderedState.ts: why)
  // First: titles, panel errors and credential checks come from vscode-free modules (pureL10n.ts).
  configurePureL10n(vscode.env.language, vscode.l10n.bundle);

  // The profile: log, secrets, settings, session, and the active profile's client.
  const profile = createProfile(ctx);
  const { log, clients, session } = profile;

  // The month cache (and the store beneath it), then the trees and status bars; nothing loads yet.
  const months = createMonths(ctx, profile);
  const shown = createViews(ctx, profile, months.months);
  // Panels look the client up on every load (so they follow sign-in) and read months through the month cache.
  const panels = new PanelRegistry({ extensionUri: ctx.extensionUri, ...allPanelSources(profile, months), log });
  panels.registerSerializers();

  // Everything kept per profile, in the one list that removing a profile walks (profile/profileData.ts).
  const drafts = new SmsDrafts(ctx.globalState);
  const profileData = profileDataOf({ ...shown, ...months, drafts, balance: shown.balance.model });
  void dropLegacyDrafts(ctx.workspaceState);
  const demo = new DemoHandle({ ...profile, profileData }, ctx.globalState, (s, memento) => new (loadFeatures().DemoMode)(s, memento));
  ctx.subscriptions.push(panels, demo);
  clients.setBaseUrlOverride(demo); // each window's demo requests go to its own simulator, whatever the profile's URL
  const confirmations = new Confirmations();
  const services: ShellServices = {
    ...profile,
    views: shown.views,
    panels,
    ...months,
    demo,
    sms: { history: shown.smsHistory, drafts },
    profileData,
    balance: shown.balance,
    confirmations,
    watch: createWatch(ctx, { ...profile, months: months.months, balance: shown.balance, demo, confirmations }, shown.instancesTree),
    place: new WindowPlace(),
  };
  registerLazyCommands(ctx, services);
  registerChatTools(ctx, services);

  // Sets hasHistory for the profile active now (the tree refreshes on every session change too).
  shown.smsHistoryTree.refresh();
  // Sets demoActive; a demo left by an earlier window gets a fresh simulator in the background (never awaited).
  void demo.resumeIfLeftOver();
  refreshMcpCopyAfterUpdate(ctx, log);
  // Not awaited (SecretStorage may take a moment; the views show "signed out"); the line says when the window knows.
  void session.refresh().then((s) => log.info(s.signedIn ? 'Start-up: signed in.' : 'Start-up: signed out, nothing to read.'));
  // One line per window: what activation cost (npm run bench reads it; users see it in the log).
  log.info(`Activated in ${(performance.now() - started).toFixed(1)} ms.`);
  return testApi(ctx, services, shown);
}

/** Everything is in ctx.subscriptions, which the editor disposes. */
export function deactivate(): void {}
