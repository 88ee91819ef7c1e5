// The simulator's control endpoint (src/simulator/control.ts) as the e2e suites use it: what SMS it
// accepted and which faults to arm. Works for the runner's simulator and the in-editor demo alike.

/** One SMS the simulator accepted. */
export interface ReceivedSms {
  from: string;
  to: string;
  body: string;
  messageId: string;
}

/** Every SMS the simulator at `baseUrl` accepted so far, oldest first. */
export async function receivedSms(baseUrl: string): Promise<ReceivedSms[]> {
  const res = await fetch(`${baseUrl}/__sim/received`);
  if (res.status !== 200) throw new Error(`GET ${baseUrl}/__sim/received answered ${res.status}`);
  return (await res.json()) as ReceivedSms[];
}

/** Arms one fault; throws when the simulator refuses it. */
export async function armFault(baseUrl: string, fault: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${baseUrl}/__sim/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) });
  if (res.status !== 200) throw new Error(`the simulator refused the fault ${JSON.stringify(fault)}: ${res.status} ${await res.text()}`);
}

/** Removes every armed fault (never throws: used in after hooks). */
export async function clearFaults(baseUrl: string): Promise<void> {
  await fetch(`${baseUrl}/__sim/faults`, { method: 'DELETE' }).catch(() => undefined);
}
