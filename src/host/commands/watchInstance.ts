// voiceSms.watchInstance { instanceId } (an instance row's context menu): adds the instance to this window's watch,
// starting one when none runs. voiceSms.unwatchInstance { instanceId } (the row's menu once watched, and the watch's
// status-bar tooltip): stops reading it; the watch ends with its last instance. Both return the ids watched after.
import * as vscode from 'vscode';
import { COMMANDS, CONTEXT_KEYS } from '../../shared/ids.js';
import { MAX_WATCHED } from '../watch/stored.js';
import type { HostCommand } from './hostCommand.js';
import { ROW } from './menuWhen.js';
import { readPanelArgs, type PanelArgs } from './panelArgs.js';

function instanceOf(args: PanelArgs): string {
  if (!args.instanceId) throw new Error(vscode.l10n.t('"instanceId" names no voice instance.'));
  return args.instanceId;
}

export const watchInstance: HostCommand<PanelArgs> = {
  manifest: {
    title: 'Watch',
    icon: 'pulse',
    palette: false,
    menus: [{ menu: 'view/item/context', when: `${ROW.unwatchedInstance} && ${CONTEXT_KEYS.signedIn}`, group: '4_watch@1' }],
  },
  parseArg: readPanelArgs,
  failure: { title: () => vscode.l10n.t('Watch') },
  async run(services, args) {
    const instanceId = instanceOf(args);
    await services.clients.assertSignedIn();
    const profile = services.session.current.profile?.name;
    if (!profile) return undefined;
    const ids = services.watch.profile === profile ? [...services.watch.watched] : [];
    if (ids.includes(instanceId)) return ids;
    if (ids.length >= MAX_WATCHED) throw new Error(vscode.l10n.t('A watch reads at most {0} voice instances; pick fewer.', MAX_WATCHED));
    // Through Start Watching, which checks the id belongs to the profile.
    return vscode.commands.executeCommand<string[] | undefined>(COMMANDS.startWatching, { instanceIds: [...ids, instanceId] });
  },
};

export const unwatchInstance: HostCommand<PanelArgs> = {
  manifest: {
    title: 'Stop Watching',
    icon: 'debug-stop',
    palette: false,
    menus: [{ menu: 'view/item/context', when: ROW.watchedInstance, group: '4_watch@1' }],
  },
  parseArg: readPanelArgs,
  failure: { title: () => vscode.l10n.t('Stop Watching') },
  async run(services, args) {
    const instanceId = instanceOf(args);
    const profile = services.watch.profile;
    const left = [...services.watch.watched].filter((id) => id !== instanceId);
    if (!profile || left.length === services.watch.watched.size) return [...services.watch.watched];
    if (left.length === 0) {
      await services.watch.stop();
      return [];
    }
    return services.watch.start(profile, left);
  },
};
