// The demo world the simulator serves when nothing else is asked for. The same constants feed the
// in-editor demo mode, so a demo profile and the simulator always agree on ids. Credentials are not
// here on purpose: each start draws its own (credentials.ts), read them from Simulator.credentials.

/** VI-DEMO-01 … VI-DEMO-<count> (two digits at least): the same first ids whatever the count, so tests and the bench agree. */
export function demoInstanceIds(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `VI-DEMO-${String(i + 1).padStart(2, '0')}`);
}

/** Most instances one simulator serves (`--instances`, `instanceCount`). */
export const MAX_DEMO_INSTANCES = 10_000;

/** The demo's two dozen instances: enough that an account overview says something. */
export const DEMO_INSTANCES: readonly string[] = Object.freeze(demoInstanceIds(24));
export const DEMO_ACCOUNT = 'ACC-DEMO';
export const DEMO_ACCOUNTS: readonly string[] = [DEMO_ACCOUNT];
export const DEMO_SENDER_IDS: readonly string[] = ['VSTK-TEST', '+15005550006'];

export const DEFAULT_HOST = '127.0.0.1';
/** The `Authorization` value of the signed form (docs/authentication.md: `auth.scheme`). */
export const DEFAULT_AUTH_SCHEME = 'CLOUD-V1';
/** A Timestamp further than this from the simulator's clock is refused (docs/authentication.md). */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/** Starting balance of every account, in cents, and the price of one SMS segment. */
export const DEMO_STARTING_BALANCE_CENTS = 12_345;
export const DEMO_SMS_PRICE_CENTS_PER_SEGMENT = 7;
export const DEMO_CURRENCY = 'EUR';

/** The envelope's `service` block. The version looks like a number on purpose: clients must keep it a string. */
export const SERVICE_PROVIDER = 'Northwind Cloud Communications (local simulator)';
export const SERVICE_VERSION = '2.10';
/** The envelope's service/id of what no operation owns (unknown paths, refused bodies); each service has its own (handlers/). */
export const GATEWAY_SERVICE_ID = 'api-gw';
