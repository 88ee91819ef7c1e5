// Everything the simulator remembers between requests: the known ids, balances, and what it received.
import { createHash } from 'node:crypto';
import { LiveTraffic } from './liveTraffic.js';
import type { ReceivedSms, RecordedRequest } from './types.js';

export interface World {
  instances: ReadonlySet<string>;
  accounts: readonly string[];
  senderIds: ReadonlySet<string>;
  startingBalanceCents: number;
  smsPriceCentsPerSegment: number;
  currency: string;
}

/** At most this many requests are remembered (a ring: the oldest go first). */
export const REQUEST_LIMIT = 500;
/** At most this many accepted SMS are remembered. */
export const RECEIVED_LIMIT = 200;

/** Appends and drops the oldest entries beyond `limit`, so a long-running simulator's memory stays flat. */
function keepLatest<T>(list: T[], item: T, limit: number): void {
  list.push(item);
  if (list.length > limit) list.splice(0, list.length - limit);
}

interface BalanceEntry {
  cents: number;
  updated: number;
}

export class SimState {
  readonly received: ReceivedSms[] = [];
  readonly requests: RecordedRequest[] = [];
  /** Every service request that arrived, refused ones included; a number costs nothing to keep. */
  requestCount = 0;
  private readonly balances = new Map<string, BalanceEntry>();
  private smsCount = 0;
  /** Today's calls growing while the demo's watch runs (liveTraffic.ts); off by default. */
  readonly live: LiveTraffic;

  constructor(
    readonly world: World,
    startedAt: number,
  ) {
    for (const account of world.accounts) this.balances.set(account, { cents: world.startingBalanceCents, updated: startedAt });
    this.live = new LiveTraffic(world.instances);
  }

  /** The balance at `now`: live calls are charged to the first account (never below zero by them). */
  balanceOf(accountId: string, now = 0): BalanceEntry | undefined {
    const b = this.balances.get(accountId);
    if (!b) return undefined;
    const charged = accountId === this.world.accounts[0] ? this.live.chargedCents(now) : 0;
    return charged > 0 ? { cents: Math.max(Math.min(b.cents, 0), b.cents - charged), updated: now } : { ...b };
  }

  /** Remembers a request that passed authentication. */
  recordRequest(request: RecordedRequest): void {
    keepLatest(this.requests, request, REQUEST_LIMIT);
  }

  /** Records an accepted SMS and charges its segments to the first account (the demo has one). */
  acceptSms(sms: Omit<ReceivedSms, 'messageId'>, segments: number): ReceivedSms {
    this.smsCount += 1;
    const digest = createHash('sha256').update(`${this.smsCount}|${sms.from}|${sms.to}|${sms.body}|${sms.at}`).digest('hex');
    const record: ReceivedSms = { ...sms, messageId: `SM${digest.slice(0, 30)}` };
    keepLatest(this.received, record, RECEIVED_LIMIT);
    const first = this.world.accounts[0];
    const entry = first === undefined ? undefined : this.balances.get(first);
    if (entry) {
      entry.cents -= segments * this.world.smsPriceCentsPerSegment;
      entry.updated = sms.at;
    }
    return record;
  }
}

/** Cents as a decimal string with two places: 12345 -> "123.45", -7 -> "-0.07". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
