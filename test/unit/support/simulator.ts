// What a test leaves at a simulator it shares with the next one: requests still being answered (a load the test
// cancelled can still be on its way, and would meet the next test's fault), faults, recorded requests and SMS.
// Most suites start a simulator per test instead (a few ms on loopback); these helpers serve the few that share one.
import type { Simulator } from '../../../src/simulator/types.js';

/**
 * Resolves once the simulator has answered everything that reached it: three polls in a row, 10 ms apart, find
 * nothing in flight (a request a client has written is counted only once the server has read it). Past `deadlineMs`
 * it rejects, naming how many requests were still open.
 */
async function simulatorIdle(sim: Simulator, deadlineMs = 10_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  let quietTurns = 0;
  while (quietTurns < 3) {
    if (Date.now() > until) throw new Error(`the simulator still answers ${sim.inFlight} request(s) after ${deadlineMs} ms`);
    quietTurns = sim.inFlight === 0 ? quietTurns + 1 : 0;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Faults, recorded requests and SMS gone, after everything in flight has been answered. */
export async function resetSimulator(sim: Simulator): Promise<void> {
  await simulatorIdle(sim);
  sim.clearFaults();
  sim.requests.length = 0;
  sim.received.length = 0;
}
