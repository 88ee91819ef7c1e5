// The simulator's control endpoint (src/simulator/control.ts) as the e2e suites use it: what SMS it
// accepted and which faults to arm. Works for the runner's simulator and the in-editor demo alike; both
// want their control token (the runner's simulator prints it, the demo gets the runner's from the environment).
import { DEMO_CONTROL_TOKEN_ENV } from '../../../src/shared/ids.js';

/** A simulator and the X-Sim-Token of its /__sim endpoints. */
export interface ControlTarget {
  baseUrl: string;
  controlToken: string;
}

/** The in-editor demo's simulator at `baseUrl`, with the token the e2e runner gave the editor. */
export function demoTarget(baseUrl: string): ControlTarget {
  const controlToken = process.env[DEMO_CONTROL_TOKEN_ENV];
  if (!controlToken) throw new Error(`${DEMO_CONTROL_TOKEN_ENV} is not set: run the e2e suite with npm run test:e2e`);
  return { baseUrl, controlToken };
}

const tokenHeader = (t: ControlTarget): Record<string, string> => ({ 'x-sim-token': t.controlToken });

/** One SMS the simulator accepted. */
export interface ReceivedSms {
  from: string;
  to: string;
  body: string;
  messageId: string;
}

/** Every SMS the simulator at `baseUrl` accepted so far, oldest first. */
export async function receivedSms(target: ControlTarget): Promise<ReceivedSms[]> {
  const res = await fetch(`${target.baseUrl}/__sim/received`, { headers: tokenHeader(target) });
  if (res.status !== 200) throw new Error(`GET ${target.baseUrl}/__sim/received answered ${res.status}`);
  return (await res.json()) as ReceivedSms[];
}

/** The requests the simulator at `target` served (method, path, and its clock on arrival), oldest first (its log keeps the latest ones). */
export async function requestsServed(target: ControlTarget): Promise<{ method: string; path: string; time: number }[]> {
  const res = await fetch(`${target.baseUrl}/__sim/requests`, { headers: tokenHeader(target) });
  if (res.status !== 200) throw new Error(`GET ${target.baseUrl}/__sim/requests answered ${res.status}`);
  return (await res.json()) as { method: string; path: string; time: number }[];
}

/** Arms one fault; throws when the simulator refuses it. */
export async function armFault(target: ControlTarget, fault: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${target.baseUrl}/__sim/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...tokenHeader(target) },
    body: JSON.stringify(fault),
  });
  if (res.status !== 200) throw new Error(`the simulator refused the fault ${JSON.stringify(fault)}: ${res.status} ${await res.text()}`);
}

/** Removes every armed fault (never throws: used in after hooks). */
export async function clearFaults(target: ControlTarget): Promise<void> {
  await fetch(`${target.baseUrl}/__sim/faults`, { method: 'DELETE', headers: tokenHeader(target) }).catch(() => undefined);
}

/** Every credential pair read from a demo simulator in this run: the runner's secrets scan looks for them. */
export const demoCredentialsSeen: { accessKeyId: string; secretAccessKey: string }[] = [];

/** The credentials the simulator at `target` drew when it started (random on every start). */
export async function demoCredentials(target: ControlTarget): Promise<{ accessKeyId: string; secretAccessKey: string }> {
  const res = await fetch(`${target.baseUrl}/__sim/credentials`, { headers: tokenHeader(target) });
  if (res.status !== 200) throw new Error(`GET ${target.baseUrl}/__sim/credentials answered ${res.status}`);
  const creds = (await res.json()) as { accessKeyId: string; secretAccessKey: string };
  demoCredentialsSeen.push(creds);
  return creds;
}
