// voiceSms.addVoiceInstance { instanceId } | { instanceIds, addValid? } | { file, addValid? }: adds voice
// instances to the active profile (user settings) so they show in the Voice Instances view. Without an
// argument it asks for one id or a pasted list, or imports a file (instanceListInput.ts). A list goes in with
// one settings write; a list with an invalid entry adds nothing until the user says so (`addValid: true` asks first).
// Returns the id for a single id, the report (core/model/idList.ts InstanceListReport) for a list or a file,
// or undefined when the user backed out or it was refused (shown).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { validationError } from '../../core/errors.js';
import { validateId } from '../../core/model/ids.js';
import { lookAlikeOf } from '../../shared/idRules.js';
import {
  checkEntryCount,
  checkListSize,
  decodeListFile,
  isCsvName,
  markAdded,
  planInstanceList,
  readCsvFirstColumn,
  splitPastedList,
  type InstanceListReport,
  type ListEntry,
} from '../../core/model/idList.js';
import { inertLine } from '../../shared/untrustedText.js';
import type { HostServices } from '../services.js';
import { CONTEXT_KEYS } from '../../shared/ids.js';
import type { HostCommand } from './hostCommand.js';
import { VIEW } from './menuWhen.js';
import { addTitle, askList, chooseForInvalid, summaryOf, type ListSource } from './instanceListInput.js';
import { addProfileInstances, changeProfileInstances } from './instanceSettings.js';
import { readListFileBytes } from './listFile.js';
import { readPanelArgs } from './panelArgs.js';
import { isArgObject } from './runCommand.js';

interface AddArgs {
  instanceId?: string;
  instanceIds?: string[];
  /** An absolute path of a text or CSV file. */
  file?: string;
  /** Add the valid ids of a list that also has invalid ones (otherwise nothing is added). */
  addValid?: boolean;
}

function readAddArgs(raw: unknown): AddArgs {
  const out: AddArgs = { ...readPanelArgs(raw) };
  if (!isArgObject(raw)) return out;
  if (raw.instanceIds !== undefined) {
    if (!Array.isArray(raw.instanceIds) || !raw.instanceIds.every((v) => typeof v === 'string')) {
      throw validationError('instanceIds', vscode.l10n.t('must be a list of strings'));
    }
    out.instanceIds = raw.instanceIds;
  }
  if (raw.file !== undefined) {
    if (typeof raw.file !== 'string' || !path.isAbsolute(raw.file)) {
      throw validationError('file', vscode.l10n.t('must be an absolute file path'));
    }
    out.file = raw.file;
  }
  if (raw.addValid !== undefined) {
    if (typeof raw.addValid !== 'boolean') throw validationError('addValid', vscode.l10n.t('must be true or false'));
    out.addValid = raw.addValid;
  }
  const given = [out.instanceId, out.instanceIds, out.file].filter((v) => v !== undefined).length;
  if (given > 1) throw validationError('instanceId', vscode.l10n.t('give one of instanceId, instanceIds or file'));
  return out;
}

/**
 * The entries of a file: CSV (first column, a heading row allowed) by its name, otherwise a list like a paste. A
 * file on disk is read up to the cap whatever its size claims (listFile.ts); another file system's is asked its
 * size first and checked again once read. Either way a file that is not text is refused (decodeListFile).
 */
async function readListFile(uri: vscode.Uri): Promise<{ entries: ListEntry[]; csv: boolean }> {
  let bytes: Uint8Array;
  if (uri.scheme === 'file') bytes = await readListFileBytes(uri.fsPath);
  else {
    checkListSize((await vscode.workspace.fs.stat(uri)).size);
    bytes = await vscode.workspace.fs.readFile(uri);
  }
  const text = decodeListFile(bytes);
  const csv = isCsvName(uri.path);
  return { entries: csv ? readCsvFirstColumn(text) : splitPastedList(text), csv };
}

function ownInstances(services: HostServices): string[] {
  return services.config.activeProfile?.voiceInstances ?? [];
}

/** Writes the report's new ids in one settings write and says what happened (log, and a notification if asked). */
async function apply(services: HostServices, report: InstanceListReport, notify: boolean): Promise<InstanceListReport> {
  const written = report.notAdded.length > 0 ? await addProfileInstances(services, report.notAdded) : [];
  if (written === 'noProfile') {
    throw new Error(vscode.l10n.t('The active profile is not in your user settings, so its voice instances cannot be changed here.'));
  }
  const done = markAdded(report, written);
  logReport(services, done);
  if (notify) void vscode.window.showInformationMessage(summaryOf(done));
  return done;
}

function logReport(services: HostServices, r: InstanceListReport): void {
  services.log.info(
    `voice instance list: ${r.entries.length} entries; added ${r.added.length}, already listed ${r.alreadyListed.length}, ` +
      `repeated ${r.repeated.length}, invalid ${r.invalid.length}, valid but not added ${r.notAdded.length}` +
      (r.header ? `, column heading on line ${r.header.line}` : ''),
  );
  for (const i of r.invalid) services.log.info(`voice instance list, line ${i.line}: ${i.reason}`);
}

/** A list handed over by a program: added at once when clean or with `addValid`, otherwise only reported. */
async function addGiven(
  services: HostServices,
  entries: readonly ListEntry[],
  csv: boolean,
  addValid: boolean,
): Promise<InstanceListReport> {
  const report = planInstanceList(entries, ownInstances(services), { firstIsHeader: csv });
  if (report.invalid.length > 0 && !(addValid && report.notAdded.length > 0 && (await confirmAddValid(services, report)))) {
    logReport(services, report);
    return report;
  }
  return apply(services, report, false);
}

/**
 * `addValid` from a program asks first, as an export to a path does: the user sees how many go in and how many
 * are left out (modal; the integration host answers through the test API).
 */
async function confirmAddValid(services: HostServices, report: InstanceListReport): Promise<boolean> {
  const add = vscode.l10n.t('Add Valid Instances');
  const shown = report.notAdded.slice(0, 10).map((id) => inertLine(id, 80));
  const detail = [
    vscode.l10n.t('{0} of {1} entries are invalid and are left out.', report.invalid.length, report.entries.length),
    vscode.l10n.t('To add: {0}', shown.join(', ') + (report.notAdded.length > shown.length ? ', …' : '')),
  ].join('\n');
  const question = vscode.l10n.t(
    'Add {0} voice instances to profile "{1}"?',
    report.notAdded.length,
    services.config.activeProfile?.name ?? '',
  );
  return (await services.confirmations.ask(question, detail, add)) === add;
}

async function addOne(services: HostServices, instanceId: string): Promise<string> {
  const like = lookAlikeOf(instanceId, ownInstances(services));
  if (like !== undefined) throw validationError('instanceId', vscode.l10n.t('looks the same as {0}, which is already listed', like));
  const result = await changeProfileInstances(services, instanceId, 'add');
  services.log.info(`voice instance ${instanceId}: ${result === 'added' ? 'added to' : 'already in'} the active profile`);
  if (result === 'noProfile') {
    throw new Error(vscode.l10n.t('The active profile is not in your user settings, so its voice instances cannot be changed here.'));
  }
  return instanceId;
}

/** The questions, in a loop: "Edit the List" goes back to the input box with the text as it was. */
async function askAndAdd(services: HostServices): Promise<string | InstanceListReport | undefined> {
  let initial = '';
  for (;;) {
    const source: ListSource | undefined = await askList(ownInstances(services), initial);
    if (!source) return undefined;
    const { entries, csv } =
      source.kind === 'file' ? await readListFile(source.uri) : { entries: splitPastedList(source.text), csv: false };
    // One id typed: as always, no report.
    const [only] = entries;
    if (source.kind === 'text' && entries.length === 1 && only) return addOne(services, validateId('instanceId', only.text));
    if (entries.length === 0) {
      if (source.kind === 'file') void vscode.window.showInformationMessage(vscode.l10n.t('The file holds no ids.'));
      return undefined;
    }
    const report = planInstanceList(entries, ownInstances(services), { firstIsHeader: csv });
    if (report.invalid.length === 0) return apply(services, report, true);
    const choice = await chooseForInvalid(report, source.kind === 'text');
    if (choice === 'addValid') return apply(services, report, true);
    if (choice === 'edit' && source.kind === 'text') {
      initial = source.text;
      continue;
    }
    logReport(services, report);
    return report;
  }
}

export const command: HostCommand<AddArgs> = {
  manifest: {
    title: 'Add Voice Instance…',
    icon: 'add',
    palette: CONTEXT_KEYS.signedIn,
    menus: [{ menu: 'view/title', when: `${VIEW.instances} && ${CONTEXT_KEYS.signedIn}`, group: 'navigation@1' }],
  },
  parseArg: readAddArgs,
  // Given ids (a program, a test): the failure is shown and also thrown back.
  failure: {
    title: addTitle,
    throwBack: (raw) => (isArgObject(raw) && (raw.instanceId != null || raw.instanceIds != null || raw.file != null) ? 'shown' : false),
  },
  async run(services, args) {
    await services.clients.active();
    if (args.instanceId !== undefined) return addOne(services, args.instanceId);
    if (args.instanceIds !== undefined) {
      const entries = args.instanceIds.map((text, i) => ({ text, line: i + 1 }));
      return addGiven(services, checkEntryCount(entries), false, args.addValid ?? false);
    }
    if (args.file !== undefined) {
      const { entries, csv } = await readListFile(vscode.Uri.file(args.file));
      return addGiven(services, entries, csv, args.addValid ?? false);
    }
    return askAndAdd(services);
  },
};
