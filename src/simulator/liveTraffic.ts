// Calls that keep arriving today, for the offline demo's watch: while live traffic is on, every instance gains a
// call leg every few seconds (its own steady pace, from its id), and each new leg is charged to the first account,
// so a watch sees today's row grow and the balance fall to the low-balance threshold within a couple of minutes.
// Off by default: tests and the demo without a watch see the deterministic days of traffic.ts only.
import { hash32 } from './random.js';

/** What a new leg costs the account in the demo (cents): set so 123.45 EUR falls below 5 EUR in about two minutes. */
export const LIVE_CENTS_PER_LEG = 40;

/** Milliseconds between two new legs of one instance: 4–12 s, fixed per instance. */
export function livePeriodMs(instanceId: string): number {
  return 4000 + (hash32(`live|${instanceId}`) % 8001);
}

export class LiveTraffic {
  /** Legs added while on, per instance and day, from the runs that ended (a run that goes on is added at read time). */
  private readonly banked = new Map<string, number>();
  private since: number | undefined;
  private sinceDate = '';

  constructor(private readonly instances: ReadonlySet<string>) {}

  get on(): boolean {
    return this.since !== undefined;
  }

  /** Turns it on or off at `now`; legs added so far stay (today's row does not shrink back). */
  set(on: boolean, now: number, dateId: string): void {
    if (on === this.on) return;
    if (on) {
      this.since = now;
      this.sinceDate = dateId;
      return;
    }
    for (const id of this.instances) this.banked.set(key(id, this.sinceDate), this.legs(id, this.sinceDate, now));
    this.since = undefined;
  }

  /**
   * `legs` more calls on every instance on `dateId` at once, charged like the others: what a couple of minutes of
   * live traffic bring, for tests that must not wait for them (the control endpoint POST /__sim/live).
   */
  add(legs: number, dateId: string): void {
    for (const id of this.instances) this.banked.set(key(id, dateId), (this.banked.get(key(id, dateId)) ?? 0) + legs);
  }

  /** Extra legs of `instanceId` on `dateId` at `now`. */
  legs(instanceId: string, dateId: string, now: number): number {
    const banked = this.banked.get(key(instanceId, dateId)) ?? 0;
    if (this.since === undefined || dateId !== this.sinceDate || !this.instances.has(instanceId)) return banked;
    return banked + Math.floor(Math.max(0, now - this.since) / livePeriodMs(instanceId));
  }

  /** What the extra legs of every instance cost so far (cents). */
  chargedCents(now: number): number {
    let legs = 0;
    const dates = new Set([...this.banked.keys()].map((k) => (JSON.parse(k) as [string, string])[1]));
    if (this.since !== undefined) dates.add(this.sinceDate);
    for (const id of this.instances) for (const d of dates) legs += this.legs(id, d, now);
    return legs * LIVE_CENTS_PER_LEG;
  }
}

function key(instanceId: string, dateId: string): string {
  return JSON.stringify([instanceId, dateId]);
}
