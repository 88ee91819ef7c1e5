// Runs a "Copy as cURL" text with sh, as a user pasting it into a terminal would, with the simulator's
// credentials in the two VOICESMS_* variables the text refers to. The copied command prints the answer on
// standard output and `HTTP <status>` on standard error; both are read from the text run unchanged.
import { execFile } from 'node:child_process';
import type { SimulatorInfo } from './session.js';

export interface CurlResult {
  status: number;
  body: string;
}

/** The environment a copied snippet runs in: only what it needs, no VOICESMS_BASE_URL or other ambient VOICESMS_* values. */
export function snippetEnv(sim: SimulatorInfo): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    VOICESMS_ACCESS_KEY_ID: sim.accessKeyId,
    VOICESMS_SECRET_ACCESS_KEY: sim.secretAccessKey,
  };
}

export function runCopiedCurl(text: string, sim: SimulatorInfo, timeoutMs = 15_000): Promise<CurlResult> {
  const env = snippetEnv(sim);
  return new Promise((resolve, reject) => {
    execFile('sh', ['-c', text], { env, timeout: timeoutMs }, (err, stdout, stderr) => {
      if (err) {
        reject(new Error(`sh exited with ${String(err.code)}: ${stderr.trim()}`));
        return;
      }
      const status = /^HTTP (\d{3})$/m.exec(stderr)?.[1];
      if (status === undefined) {
        reject(new Error(`no HTTP status from the copied command: ${stderr.slice(0, 300)}`));
        return;
      }
      resolve({ status: Number(status), body: stdout });
    });
  });
}
