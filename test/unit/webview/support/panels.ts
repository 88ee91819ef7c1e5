// One harness per test file and the way its tests use it: withPanel opens a fresh page showing a panel,
// runs the test's steps on it and closes the page whatever happens, so a failing step leaks no context.
import { after, before } from 'node:test';
import type { WebviewEntry } from '../../../../src/host/webviews/html.js';
import { openPanel, startHarness, type Harness, type PanelPage } from './harness.js';

type PanelOptions = NonNullable<Parameters<typeof openPanel>[2]>;

export interface WithPanel {
  <T>(entry: WebviewEntry, steps: (p: PanelPage) => Promise<T>): Promise<T>;
  <T>(entry: WebviewEntry, options: PanelOptions, steps: (p: PanelPage) => Promise<T>): Promise<T>;
}

/** Starts the harness (one browser, it is heavy) before the calling file's tests and closes it after them. */
export function panelHarness(): WithPanel {
  let harness: Harness | undefined;
  before(async () => {
    harness = await startHarness();
  });
  after(async () => {
    await harness?.close();
  });
  return async <T>(
    entry: WebviewEntry,
    optionsOrSteps: PanelOptions | ((p: PanelPage) => Promise<T>),
    maybeSteps?: (p: PanelPage) => Promise<T>,
  ): Promise<T> => {
    const [options, steps] = typeof optionsOrSteps === 'function' ? [{}, optionsOrSteps] : [optionsOrSteps, maybeSteps];
    if (!harness) throw new Error('withPanel runs inside a test, after the harness has started');
    if (!steps) throw new Error('withPanel needs the steps to run');
    const p = await openPanel(harness, entry, options);
    try {
      return await steps(p);
    } finally {
      await p.close();
    }
  };
}
