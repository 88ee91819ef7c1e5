// Runs a "Copy as cURL" text with sh, as a user pasting it into a terminal would, with the simulator's
// credentials in the two VOICESMS_* variables the text refers to. A shell function wraps curl to print
// the HTTP status after the body, so the copied text itself runs unchanged.
import { execFile } from 'node:child_process';
import type { SimulatorInfo } from './session.js';

export interface CurlResult {
  status: number;
  body: string;
}

const STATUS_MARK = '\n@@HTTP_STATUS@@';

export function runCopiedCurl(text: string, sim: SimulatorInfo, timeoutMs = 15_000): Promise<CurlResult> {
  const script = `curl() { command curl -w '${STATUS_MARK.replace('\n', '\\n')}%{http_code}' "$@"; }\n${text}`;
  // Only what the snippet needs: no VOICESMS_BASE_URL or other ambient VOICESMS_* values leak in.
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    VOICESMS_ACCESS_KEY_ID: sim.accessKeyId,
    VOICESMS_SECRET_ACCESS_KEY: sim.secretAccessKey,
  };
  return new Promise((resolve, reject) => {
    execFile('sh', ['-c', script], { env, timeout: timeoutMs }, (err, stdout, stderr) => {
      if (err) {
        reject(new Error(`sh exited with ${String(err.code)}: ${stderr.trim()}`));
        return;
      }
      const at = stdout.lastIndexOf(STATUS_MARK);
      if (at < 0) {
        reject(new Error(`no HTTP status in the output of the copied command: ${stdout.slice(0, 300)}`));
        return;
      }
      resolve({ status: Number(stdout.slice(at + STATUS_MARK.length).trim()), body: stdout.slice(0, at) });
    });
  });
}
