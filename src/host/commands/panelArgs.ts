// The optional argument object of the panel commands (`{ instanceId, monthId }`, `{ instanceId,
// dateId }`), read and validated in one place. Pure (no vscode): keybindings, other extensions and
// tree menus hand over arbitrary values, and a bad one must be refused with the core's wording.
import { validateDateId, validateId, validateMonthId } from '../../core/model/ids.js';

export interface PanelArgs {
  instanceId?: string;
  monthId?: string;
  /** Always YYYYMMDD (YYYY-MM-DD is accepted on the way in). */
  dateId?: string;
}

/**
 * Picks the known fields out of `arg` (anything else is ignored, so a tree element carrying extra
 * fields works too). A field present with a wrong value throws a validation VoiceSmsError.
 */
export function readPanelArgs(arg: unknown): PanelArgs {
  if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return {};
  const a = arg as Record<string, unknown>;
  const out: PanelArgs = {};
  const instanceId = present(a, 'instanceId');
  if (instanceId !== undefined) out.instanceId = validateId('instanceId', instanceId);
  const monthId = present(a, 'monthId');
  if (monthId !== undefined) out.monthId = validateMonthId(monthId);
  const dateId = present(a, 'dateId');
  if (dateId !== undefined) out.dateId = validateDateId(dateId);
  return out;
}

/** Undefined when absent; a non-string value is refused as the empty string would be. */
function present(a: Record<string, unknown>, key: string): string | undefined {
  const v = a[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number' && Number.isInteger(v)) return String(v);
  return typeof v === 'string' ? v : '';
}
