// What a test leaves at a simulator it shares with the next one: requests still being answered (a load the test
// cancelled can still be on its way, and would meet the next test's fault), faults, recorded requests and SMS.
// Most suites start a simulator per test instead (a few ms on loopback); these helpers serve the few that share one.
import type { Simulator } from '../../../src/simulator/types.js';

/**
 * Resolves once the simulator has answered everything that reached it, polled until `deadlineMs`; then rejects,
 * naming how many requests were still open. Waits a few turns of the event loop first, so a request already
 * written by a client but not yet read by the server is counted too.
 */
export async function simulatorIdle(sim: Simulator, deadlineMs = 10_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  let quietTurns = 0;
  // Three polls in a row with nothing in flight: one 0 may fall between a request's arrival and its reading.
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
