// Polls until `f` gives a value (anything but undefined or false), or fails naming what it waited for.
export async function waitFor<T>(
  what: string,
  f: () => T | undefined | false | Promise<T | undefined | false>,
  // Under mocha's 30 s a test, so a miss names what it waited for; 15 s was overrun beside the e2e suites on 2 cores.
  timeoutMs = 25_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await f();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
