// voiceSms.exportMonth { instanceId, monthId, format: 'csv'|'json'|'markdown', target: 'clipboard' |
// <absolute path>, maskIds? } (also the tree's month row and the month view's { instanceId, monthId,
// operation: 'calls' }). Missing answers are asked for; the month comes from the tree's cache when it
// is there. Returns the target written ('clipboard' or the file path), or undefined when backed out.
import { loadProjection } from '../../tools/months/projectionLoader.js';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { validationError } from '../../core/errors.js';
import { EXPORT_EXTENSIONS, formatMonthExport, isExportFormat, type ExportFormat } from '../../shared/export.js';
import { withProgress } from '../platform/errors.js';
import type { HostServices } from '../services.js';
import { monthLabel } from '../platform/monthLabel.js';
import { CONTEXT_KEYS } from '../../shared/ids.js';
import type { HostCommand } from './hostCommand.js';
import { ROW } from './menuWhen.js';
import { readPanelArgs } from './panelArgs.js';
import { pickFormat, pickTarget } from '../quickInput/exportPicks.js';
import { pickInstance, pickMonth } from './pickTarget.js';
import { isArgObject } from './runCommand.js';

interface ExportArgs {
  instanceId?: string;
  monthId?: string;
  format?: ExportFormat;
  target?: string;
  maskIds?: boolean;
}

function readExportArgs(arg: unknown): ExportArgs {
  const out: ExportArgs = { ...readPanelArgs(arg) };
  if (typeof arg !== 'object' || arg === null) return out;
  const a = arg as Record<string, unknown>;
  if (a.format !== undefined) {
    if (!isExportFormat(a.format)) throw validationError('format', vscode.l10n.t('must be "csv", "json" or "markdown"'));
    out.format = a.format;
  }
  if (a.target !== undefined) {
    if (typeof a.target !== 'string' || (a.target !== 'clipboard' && !path.isAbsolute(a.target))) {
      throw validationError('target', vscode.l10n.t('must be "clipboard" or an absolute file path'));
    }
    out.target = a.target;
  }
  if (a.maskIds !== undefined) {
    if (typeof a.maskIds !== 'boolean') throw validationError('maskIds', vscode.l10n.t('must be true or false'));
    out.maskIds = a.maskIds;
  }
  return out;
}

async function loadMonth(services: HostServices, instanceId: string, monthId: string) {
  const model = services.months;
  let state = await model.ensure(instanceId, monthId);
  if (state.status === 'error') state = await model.reload(instanceId, monthId);
  if (state.status === 'error') throw state.error;
  if (state.status !== 'loaded') throw new vscode.CancellationError();
  return state.view;
}

const title = (): string => vscode.l10n.t('Export Month');

export const command: HostCommand<ExportArgs> = {
  manifest: {
    title: 'Export Month…',
    icon: 'export',
    palette: CONTEXT_KEYS.signedIn,
    menus: [
      { menu: 'view/item/context', when: ROW.month, group: 'inline@1' },
      { menu: 'view/item/context', when: ROW.month, group: '2_export@1' },
    ],
  },
  parseArg: readExportArgs,
  // Called with a complete answer (a test, a keybinding, another extension): failures are thrown back, unshown.
  failure: {
    title,
    throwBack: (raw) => (isArgObject(raw) && raw['format'] !== undefined && raw['target'] !== undefined ? 'unshown' : false),
  },
  async run(services, args) {
    await services.clients.active();
    const instanceId = args.instanceId ?? (await pickInstance(services, { title: title(), step: 1, totalSteps: 4 }));
    if (!instanceId) return undefined;
    const monthId = args.monthId ?? (await pickMonth({ title: title(), step: 2, totalSteps: 4 }));
    if (!monthId) return undefined;
    const format = args.format ?? (await pickFormat(title()));
    if (!format) return undefined;
    const chosen =
      args.target !== undefined
        ? { target: args.target, maskIds: args.maskIds ?? false }
        : await pickTarget(title(), `${instanceId}-${monthId}.${EXPORT_EXTENSIONS[format]}`.replace(/[\\/:*?"<>|]/g, '_'));
    if (!chosen) return undefined;
    // A path from the arguments (maybe a command link's) is written only after the user agrees.
    if (args.target !== undefined && args.target !== 'clipboard') {
      const save = vscode.l10n.t('Save');
      const choice = await services.confirmations.ask(
        vscode.l10n.t('Save the export of {0} to this file?', monthLabel(monthId)),
        vscode.l10n.t('{0}\nAn existing file there is replaced.', args.target),
        save,
      );
      if (choice !== save) return undefined;
    }

    const view = await withProgress(vscode.l10n.t('Loading {0} of {1}…', monthLabel(monthId), instanceId), (signal) => {
      signal.addEventListener('abort', () => services.months.cancel(instanceId), { once: true });
      return loadMonth(services, instanceId, monthId);
    });
    // A month in progress is exported with its projection, marked as one (finished months from the cache and store).
    const projection = services.config.settings.forecastShow
      ? await loadProjection(async (m) => {
          const s = await services.months.ensure(instanceId, m, 'low');
          // A month that did not load is left out of the projection.
          if (s.status !== 'loaded') throw s.status === 'error' ? s.error : new vscode.CancellationError();
          return s;
        }, view).catch(() => undefined)
      : undefined;
    const text = formatMonthExport(view, format, { instanceId, maskIds: chosen.maskIds, ...(projection ? { projection } : {}) });
    if (chosen.target === 'clipboard') {
      await vscode.env.clipboard.writeText(text);
      void vscode.window.showInformationMessage(vscode.l10n.t('Copied {0} of {1} to the clipboard.', monthLabel(monthId), instanceId));
    } else {
      await vscode.workspace.fs.writeFile(vscode.Uri.file(chosen.target), new TextEncoder().encode(text));
      const open = vscode.l10n.t('Open');
      void vscode.window.showInformationMessage(vscode.l10n.t('Saved {0}.', chosen.target), open).then(async (choice) => {
        if (choice === open) await vscode.window.showTextDocument(vscode.Uri.file(chosen.target));
      });
    }
    services.log.info(`exported ${monthId} of ${instanceId} as ${format} to ${chosen.target === 'clipboard' ? 'the clipboard' : 'a file'}`);
    return chosen.target;
  },
};
