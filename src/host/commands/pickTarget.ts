// The questions the panel commands ask when called without arguments: which voice instance, which
// month, which day. Each returns undefined when the user backs out (Escape), which ends the command.
import * as vscode from 'vscode';
import { dateIdOf, lastMonths, monthIdOf } from '../../core/model/month.js';
import { validateDateId } from '../../core/model/ids.js';
import { COMMANDS } from '../../shared/ids.js';
import type { HostServices } from '../services.js';
import { monthLabel } from '../platform/monthLabel.js';
import { inertLine } from '../../shared/untrustedText.js';

/** How many months the month picker offers, newest first (the current month included). */
const PICKABLE_MONTHS = 12;

interface Step {
  title: string;
  step: number;
  totalSteps: number;
}

function stepTitle(s: Step): string {
  return s.totalSteps > 1 ? `${s.title} (${s.step}/${s.totalSteps})` : s.title;
}

/** One of the profile's (and workspace's) instances; with a single instance it is chosen without asking. */
export async function pickInstance(services: HostServices, s: Step): Promise<string | undefined> {
  const instances = services.config.instances;
  if (instances.length === 1) return instances[0];
  if (instances.length === 0) {
    const add = vscode.l10n.t('Add Voice Instance');
    void vscode.window
      .showInformationMessage(vscode.l10n.t('This profile has no voice instances yet.'), add)
      .then((choice) => (choice === add ? vscode.commands.executeCommand(COMMANDS.addVoiceInstance) : undefined));
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    // A workspace may pin any string as an instance id: shown inert (no `$(icon)`), returned as written.
    instances.map((id) => ({ label: inertLine(id), id })),
    { title: stepTitle(s), placeHolder: vscode.l10n.t('Voice instance'), ignoreFocusOut: true },
  );
  return picked?.id;
}

/** One of the last twelve months (UTC, as the service counts them), newest first. */
export async function pickMonth(s: Step, now = new Date()): Promise<string | undefined> {
  const current = monthIdOf(now);
  const items = lastMonths(PICKABLE_MONTHS, current).map((monthId) => ({
    label: monthLabel(monthId),
    description: monthId === current ? vscode.l10n.t('this month') : monthId,
    monthId,
  }));
  const picked = await vscode.window.showQuickPick(items, {
    title: stepTitle(s),
    placeHolder: vscode.l10n.t('Month'),
    ignoreFocusOut: true,
  });
  return picked?.monthId;
}

/** A day typed as YYYY-MM-DD or YYYYMMDD, today (UTC) offered as the default; returns YYYYMMDD. */
export async function askDay(s: Step, now = new Date()): Promise<string | undefined> {
  const today = dateIdOf(now);
  const typed = await vscode.window.showInputBox({
    title: stepTitle(s),
    prompt: vscode.l10n.t('Day (YYYY-MM-DD or YYYYMMDD)'),
    value: `${today.slice(0, 4)}-${today.slice(4, 6)}-${today.slice(6, 8)}`,
    ignoreFocusOut: true,
    validateInput: (v) => {
      try {
        validateDateId(v);
        return undefined;
      } catch (e) {
        return e instanceof Error ? e.message : String(e);
      }
    },
  });
  return typed === undefined ? undefined : validateDateId(typed);
}
