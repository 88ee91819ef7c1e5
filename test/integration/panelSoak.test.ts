// Soak: month-view panels opened, loaded and closed in code-server's extension host, over two years of months.
// A warm-up opens each of those months once, so the month cache and the editor's own caches hold all they will
// ever hold; four rounds open them again. Afterwards the window must be back where it started: no panel still
// tracked, no extra timers or handles, and the heap (after full collections) grown from the first round to the last
// by less than SOAK_HEAP_BOUND — a leak of one month view's data per panel (~50 KB) would retain twice that.
import * as assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as vscode from 'vscode';
import { DEMO_INSTANCES } from '../../src/simulator/index.js';
import type { VoiceSmsTestApi } from '../../src/shell/testApi.js';
import { useStoredProfile, type SimulatorProfile } from './simulatorProfile.js';
import { waitFor } from './waitFor.js';

const PROFILE = 'Panel soak';
/** Distinct months the soak cycles through (two years, what a user browses). */
const MONTHS = 24;
const ROUNDS = 4;
const PANELS = ROUNDS * MONTHS;
/** Half of what a leak of one month view's data per panel (~50 KB) would retain over the rounds after the first. */
const SOAK_HEAP_BOUND = ((ROUNDS - 1) * MONTHS * 50 * 1024) / 2;

// The extension host runs without --expose-gc; V8 lets a process turn it on for a fresh context (made when first needed).
let exposedGc: (() => void) | undefined;
function gc(): void {
  if (!exposedGc) {
    setFlagsFromString('--expose-gc');
    exposedGc = runInNewContext('gc') as () => void;
  }
  exposedGc();
}

/**
 * Heap in use once nothing is in flight: every panel disposed, then collections with turns of the event loop
 * between them, so that what a collection frees only after a callback (finalizers, closed channels) is gone too.
 */
async function settledHeap(api: VoiceSmsTestApi): Promise<number> {
  await waitFor('every panel disposed', () => api.footprint().openPanels === 0);
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setImmediate(r));
  }
  gc();
  return process.memoryUsage().heapUsed;
}

/** Timers, sockets and other handles the host holds now, by kind. */
function resources(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return counts;
}

/** Kinds that grew by more than the slack allowed: a keep-alive socket or a pending timer may come and go. */
function grownKinds(before: Map<string, number>, now: Map<string, number>): string[] {
  return [...now].filter(([kind, n]) => n > (before.get(kind) ?? 0) + 2).map(([kind]) => kind);
}

// Other extensions in the same host run child processes now and then (the git extension's `git`
// has three pipes), so one reading can catch a transient. A leak per panel (96 of a kind) never
// settles; a child process in flight does within seconds.
async function settledResources(before: Map<string, number>): Promise<Map<string, number>> {
  let now = resources();
  for (let tries = 0; tries < 40 && grownKinds(before, now).length > 0; tries++) {
    await new Promise((r) => setTimeout(r, 250));
    now = resources();
  }
  return now;
}

function monthBack(n: number): string {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - n);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

describe(`panel soak: ${PANELS} month views opened and closed`, function () {
  let api: VoiceSmsTestApi;
  let profile: SimulatorProfile | undefined;

  before(async function () {
    profile = await useStoredProfile(PROFILE, { profile: { voiceInstances: [...DEMO_INSTANCES] } });
    ({ api } = profile);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async function () {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await profile?.remove();
  });

  async function cycle(i: number): Promise<void> {
    const instanceId = DEMO_INSTANCES[i % DEMO_INSTANCES.length] ?? 'VI-DEMO-01';
    const title = await vscode.commands.executeCommand<string | undefined>('voiceSms.openMonthView', {
      instanceId,
      monthId: monthBack(i % MONTHS),
    });
    assert.ok(title, `panel ${i} did not open`);
    const shown = (await api.panelContent(title))?.shown ?? [];
    assert.ok(
      shown.some((m) => (m as { type?: string }).type === 'monthData'),
      `panel ${i} shows no month data: ${JSON.stringify(shown).slice(0, 200)}`,
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  }

  it(`leaves no panel, timer, handle or retained heap behind after ${PANELS} panels`, async function () {
    this.timeout(600_000);
    // Warm-up: the features bundle, the webview bundle's first load, the client's connection and every month once.
    for (let i = 0; i < MONTHS; i++) await cycle(i);
    const resourcesBefore = resources();

    // The heap after each round of every month. The first round still frees what the warm-up left (several MB
    // seen), so it is the baseline; a leak then grows every round after it.
    const rounds: number[] = [];
    for (let i = 0; i < PANELS; i++) {
      await cycle(i);
      if ((i + 1) % MONTHS === 0) rounds.push(await settledHeap(api));
    }
    const grown = rounds.at(-1)! - rounds[0]!;
    const after = api.footprint();
    const resourcesAfter = await settledResources(resourcesBefore);

    const mb = (n: number): string => (n / 1024 / 1024).toFixed(2);
    const trend = rounds.map((h) => mb(h - rounds[0]!)).join(', ');
    console.log(`    panel soak: ${PANELS} panels, heap ${mb(grown)} MB retained after round 1 (each round: ${trend} MB)`);
    assert.equal(after.openPanels, 0, 'panels still tracked after all were closed');
    for (const [kind, n] of resourcesAfter) {
      const was = resourcesBefore.get(kind) ?? 0;
      // Two of a kind may come and go (a keep-alive socket, a pending timer of the editor itself).
      assert.ok(n <= was + 2, `${kind}: ${was} before, ${n} after ${PANELS} panels`);
    }
    assert.ok(
      grown < SOAK_HEAP_BOUND,
      `retained heap grew by ${(grown / 1024 / 1024).toFixed(1)} MB (bound ${SOAK_HEAP_BOUND / 1024 / 1024} MB)`,
    );
  });
});
