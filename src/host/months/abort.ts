// How a month read gives way to its caller's cancel: the caller stops waiting at once with an AbortError, while the
// load itself goes on for the others who wait for the same month (monthCache.ts, monthSource.ts).

export function abortError(): Error {
  const e = new Error('The load was cancelled.');
  e.name = 'AbortError';
  return e;
}

/** Resolves with `settling`, or rejects with an AbortError as soon as `signal` aborts. */
export function untilAborted<T>(settling: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = (): void => reject(abortError());
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    settling.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
