// The alerts a watch's read can raise: call legs above voiceSms.alerts.callLegsAbove, and a day unusual for the
// hour (voiceSms.alerts.unusualDay, the rule of src/shared/unusualDays.ts). Each at most once per kind, instance and day, whichever window reads it: the
// days already alerted are kept in the global state every window shares (alertRules.ts). The engine hands over only
// readings whose day this computer's clock allows (engine.ts). No vscode import: runner.ts hands it the state, the
// settings and the way an alert is shown, and plain-Node tests feed it a flapping service.
import * as l10n from '@vscode/l10n';
import { inertLine } from '../../shared/untrustedText.js';
import type { MonthState } from '../months/monthCache.js';
import { CALL_LEGS_KEY_PREFIX, alertedOn, callLegsDue, UNUSUAL_KEY_PREFIX, withAlertedDay } from './alertRules.js';
import type { ReadOutcome } from './engine.js';
import { todayLegs } from './readings.js';
import { unusualDay, type DayCount } from './unusualDay.js';

/** The global state, as vscode.Memento has it. */
export interface AlertMemory {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

export type WatchAlertKind = 'callLegs' | 'unusualDay';

export interface WatchAlertsDeps {
  profile: string;
  memory: AlertMemory;
  settings(): { callLegsAbove: number; unusualDay: boolean };
  /** Days before `todayId` of the months in hand (historyOf), for the unusual-day comparison. */
  history(instanceId: string, todayId: string): DayCount[];
  /** Shows and logs one alert; `at` is the month view its button opens. */
  raise(kind: WatchAlertKind, message: string, at: { instanceId: string; monthId: string }): void;
  /** This computer's clock: how much of today has gone. */
  now(): number;
  weekdayName?: (weekday: number) => string;
}

export class WatchAlerts {
  /** One read's alerts at a time: a second read waits, so it sees the days the first one stored. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly deps: WatchAlertsDeps) {}

  /** The alerts `outcome` calls for; resolves once they are raised and remembered. */
  onRead(outcome: ReadOutcome): Promise<void> {
    const run = this.queue.then(() => this.decide(outcome));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async decide(outcome: ReadOutcome): Promise<void> {
    const { memory, profile } = this.deps;
    const settings = this.deps.settings();
    for (const { instanceId, state } of outcome.loaded) {
      const today = todayLegs(state.view);
      if (!today) continue;
      const at = { instanceId, monthId: outcome.monthId };
      const legsKey = CALL_LEGS_KEY_PREFIX + JSON.stringify([profile, instanceId]);
      const threshold = settings.callLegsAbove;
      const legsMark = memory.get<unknown>(legsKey);
      if (callLegsDue(threshold, today, legsMark)) {
        await memory.update(legsKey, withAlertedDay(legsMark, today.dateId));
        this.deps.raise(
          'callLegs',
          l10n.t(
            '{0} has {1} call legs today, above {2} (setting voiceSms.alerts.callLegsAbove).',
            inertLine(instanceId),
            today.legs,
            threshold,
          ),
          at,
        );
      }
      if (!settings.unusualDay) continue;
      const unusualKey = UNUSUAL_KEY_PREFIX + JSON.stringify([profile, instanceId]);
      const unusualMark = memory.get<unknown>(unusualKey);
      if (alertedOn(unusualMark, today.dateId)) continue;
      const verdict = unusualDay(
        {
          instanceId: inertLine(instanceId),
          today: { dateId: today.dateId, callLegs: today.legs },
          history: this.deps.history(instanceId, today.dateId),
          now: this.deps.now(),
        },
        this.deps.weekdayName,
      );
      if (!verdict) continue;
      await memory.update(unusualKey, withAlertedDay(unusualMark, today.dateId));
      this.deps.raise('unusualDay', verdict.message, at);
    }
  }
}

/** The days before `todayId` in the months in hand (loaded in the month cache; nothing is asked for this). */
export function historyOf(
  months: { months(n: number): string[]; state(instanceId: string, monthId: string): MonthState },
  monthsInHand: number,
  instanceId: string,
  todayId: string,
): DayCount[] {
  const out: DayCount[] = [];
  for (const monthId of months.months(monthsInHand)) {
    const s = months.state(instanceId, monthId);
    const view = s.status === 'loaded' ? s.view : s.status === 'loading' ? s.previous : undefined;
    for (const d of view?.days ?? []) if (!d.future && d.dateId < todayId) out.push({ dateId: d.dateId, callLegs: d.callLegs });
  }
  return out;
}
