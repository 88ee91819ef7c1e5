// Builds the watch activation keeps: the low-balance alert on every balance reading, and the handle that restores
// what this window watched before a reload (its engine loads with dist/features.js only when a watch runs).
import type * as vscode from 'vscode';
import type { InstancesTreeProvider } from '../host/views/instancesTree.js';
import { LowBalanceAlert } from './lowBalanceAlert.js';
import { WatchHandle, type WatchHandleDeps } from './watchHandle.js';

/** Also has the Voice Instances tree mark the watched instances. */
export function createWatch(
  ctx: vscode.ExtensionContext,
  deps: Omit<WatchHandleDeps, 'globalState'>,
  tree: Pick<InstancesTreeProvider, 'markWatched'>,
): WatchHandle {
  const watch = new WatchHandle({ ...deps, globalState: ctx.globalState }, ctx.workspaceState);
  // Its snoozes end by the watch's clock, which the test seam moves by hand.
  ctx.subscriptions.push(
    new LowBalanceAlert(deps.balance.model, deps.config, {
      log: deps.log,
      memory: ctx.globalState,
      confirmations: deps.confirmations,
      now: () => watch.clock().now(),
    }),
  );
  ctx.subscriptions.push(watch);
  tree.markWatched(watch);
  return watch;
}
