// Loads dist/simulator.js (a separate bundle) only when the offline demo starts, so the activation
// bundle and every session that never runs the demo carry none of the simulator.
import * as path from 'node:path';

export type SimulatorModule = typeof import('../../simulator/index.js');

let loaded: SimulatorModule | undefined;

export function loadSimulator(): SimulatorModule {
  // A computed path, so esbuild leaves this require alone instead of inlining the simulator.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require(path.join(__dirname, 'simulator.js')) as SimulatorModule;
  return loaded;
}
