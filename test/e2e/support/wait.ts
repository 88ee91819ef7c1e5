// Polling for UI state that is redrawn as answers arrive, where a single locator wait would hold on
// to an element VS Code has already replaced.
import type { Locator } from 'playwright-core';

/** Resolves once `f` returns true (errors count as false); throws naming `what` after the timeout. */
export async function until(what: string, f: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await f().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The locator's trimmed text once it matches `re`; the error names the last text seen. */
export async function textMatching(locator: Locator, re: RegExp, timeoutMs?: number): Promise<string> {
  let last = '';
  await until(
    `text matching ${String(re)}`,
    async () => {
      last = ((await locator.textContent({ timeout: 1_000 })) ?? '').trim();
      return re.test(last);
    },
    timeoutMs,
  ).catch((e: unknown) => {
    throw new Error(`${(e as Error).message}; last seen: "${last}"`);
  });
  return last;
}

/**
 * The first value `read` returns that `ok` accepts (a read that throws counts as not yet); the error names the last
 * value and the last error, so a read that can never succeed says why instead of only timing out.
 */
export async function valueWhere<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs?: number): Promise<T> {
  let last: T | undefined;
  let lastError = '';
  await until(
    'a value',
    async () => {
      try {
        last = await read();
      } catch (e) {
        lastError = ((e as Error).message ?? String(e)).split('\n')[0] ?? '';
        throw e;
      }
      return ok(last);
    },
    timeoutMs,
  ).catch((e: unknown) => {
    throw new Error(`${(e as Error).message}; last seen: ${JSON.stringify(last)}${lastError ? `; last error: ${lastError}` : ''}`);
  });
  return last as T;
}
