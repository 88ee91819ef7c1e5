// voiceSms.startWatching { instanceIds? }: reads today's figures of up to 10 voice instances of the active profile
// again every voiceSms.watch.intervalSeconds while this window is focused (src/host/watch/). Without an argument, a
// pick of the profile's instances (those the workspace pins, or those already watched, preselected). Returns the ids
// watched, or undefined when the user backed out. Called with an argument, a refusal is thrown back.
import * as vscode from 'vscode';
import { validateId } from '../../core/model/ids.js';
import { inertLine } from '../../shared/untrustedText.js';
import { MAX_WATCHED } from '../watch/stored.js';
import { isArgObject } from './runCommand.js';
import { CONTEXT_KEYS } from '../../shared/ids.js';
import type { HostCommand } from './hostCommand.js';
import { VIEW } from './menuWhen.js';

/** Undefined: ask. Else the ids as given (validated, duplicates dropped). */
function readWatchArgs(raw: unknown): string[] | undefined {
  if (!isArgObject(raw) || raw.instanceIds === undefined) return undefined;
  const ids = raw.instanceIds;
  if (!Array.isArray(ids) || ids.some((x) => typeof x !== 'string')) {
    throw new Error(vscode.l10n.t('"instanceIds" must be a list of voice instance ids.'));
  }
  const unique = [...new Set((ids as string[]).map((id) => validateId('instanceId', id.trim())))];
  if (unique.length === 0) throw new Error(vscode.l10n.t('"instanceIds" names no voice instance.'));
  return unique;
}

function tooMany(): Error {
  return new Error(vscode.l10n.t('A watch reads at most {0} voice instances; pick fewer.', MAX_WATCHED));
}

export const command: HostCommand<string[] | undefined> = {
  manifest: {
    title: 'Start Watching Voice Instances…',
    icon: 'pulse',
    palette: `${CONTEXT_KEYS.signedIn} && ${CONTEXT_KEYS.hasInstances}`,
    menus: [
      {
        menu: 'view/title',
        when: `${VIEW.instances} && ${CONTEXT_KEYS.signedIn} && ${CONTEXT_KEYS.hasInstances} && !${CONTEXT_KEYS.watching}`,
        group: 'navigation@4',
      },
    ],
  },
  parseArg: readWatchArgs,
  failure: { title: () => vscode.l10n.t('Start Watching'), throwBack: (raw) => (isArgObject(raw) ? 'unshown' : false) },
  async run(services, asked) {
    await services.clients.assertSignedIn();
    const session = services.session.current;
    const profile = session.profile?.name;
    if (!profile) return undefined;
    const available = session.instances;
    let ids = asked;
    if (!ids) {
      if (available.length === 0) throw new Error(vscode.l10n.t('This profile has no voice instances yet.'));
      const watched = services.watch.profile === profile ? services.watch.watched : new Set<string>();
      const preselect = watched.size > 0 ? watched : new Set(services.config.settings.workspaceInstances);
      const picked = await vscode.window.showQuickPick(
        available.map((id) => ({ label: inertLine(id), id, picked: preselect.has(id) })),
        {
          title: vscode.l10n.t('Start Watching'),
          placeHolder: vscode.l10n.t(
            'Voice instances to read again every {0} s while this window is focused (at most {1})',
            services.config.settings.watchIntervalSeconds,
            MAX_WATCHED,
          ),
          canPickMany: true,
          ignoreFocusOut: true,
        },
      );
      if (!picked || picked.length === 0) return undefined;
      ids = picked.map((p) => p.id);
    }
    if (ids.length > MAX_WATCHED) throw tooMany();
    const unknown = ids.filter((id) => !available.includes(id));
    if (unknown.length > 0) {
      throw new Error(
        vscode.l10n.t(
          '{0} is not a voice instance of the profile "{1}".',
          unknown.map((id) => inertLine(id)).join(', '),
          inertLine(profile),
        ),
      );
    }
    return services.watch.start(profile, ids);
  },
};
