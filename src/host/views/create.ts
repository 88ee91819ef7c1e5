// The views activation builds: the Voice Instances, Sent SMS and Account trees with their models, and
// the balance and profile status-bar items. Nothing loads here: the balance loads when the Account view
// or the status bar first wants it, and months when the tree expands.
import * as vscode from 'vscode';
import { VIEWS } from '../../shared/ids.js';
import { BalanceController } from '../balance/controller.js';
import type { ClientProvider } from '../profile/clients.js';
import type { HostConfig } from '../profile/config.js';
import type { ContextKeys } from '../platform/contextKeys.js';
import type { HostLog } from '../platform/log.js';
import { ProfileStatusBar } from '../profile/profileStatusBar.js';
import type { ProfileSecrets } from '../profile/secrets.js';
import type { SessionState } from '../profile/session.js';
import { SmsHistory } from '../sms/history.js';
import { BalanceStatusBar } from '../balance/balanceStatusBar.js';
import { AccountTreeProvider } from './accountTree.js';
import { Views } from './index.js';
import type { MonthCache } from '../months/monthCache.js';
import { InstancesTreeProvider } from './instancesTree.js';
import { SmsHistoryTreeProvider } from './smsHistoryTree.js';

export interface ViewDeps {
  log: HostLog;
  config: HostConfig;
  secrets: ProfileSecrets;
  session: SessionState;
  contextKeys: ContextKeys;
  clients: ClientProvider;
}

/** Builds the views and status bars; everything is added to ctx.subscriptions. */
export function createViews(ctx: vscode.ExtensionContext, deps: ViewDeps, months: MonthCache) {
  const { log, config, session, contextKeys, clients } = deps;
  const instancesTree = new InstancesTreeProvider(months, session, config, log);
  const smsHistory = new SmsHistory(ctx.globalState);
  const smsHistoryTree = new SmsHistoryTreeProvider(smsHistory, session, contextKeys);
  const balance = new BalanceController(clients, session, config, log, ctx.globalState);
  const balanceDeps = { balance, session, config, guard: log };
  const accountTree = new AccountTreeProvider(balanceDeps);
  const views = new Views({ [VIEWS.instances]: instancesTree, [VIEWS.smsHistory]: smsHistoryTree, [VIEWS.account]: accountTree });
  const instancesView = views.view(VIEWS.instances);
  if (instancesView) instancesTree.attach(instancesView);
  const accountView = views.view(VIEWS.account);
  if (accountView) balance.attach(accountView);
  const balanceStatus = new BalanceStatusBar(balanceDeps);
  const profileStatus = new ProfileStatusBar(session);
  ctx.subscriptions.push(smsHistoryTree, balance, accountTree, balanceStatus, profileStatus, views, instancesTree);
  return {
    views,
    instancesTree,
    smsHistory,
    smsHistoryTree,
    balance,
    accountTree,
    balanceStatus,
    profileStatus,
  };
}
