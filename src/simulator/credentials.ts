// The simulator's credentials when none are given: random on every start, so no value anyone could
// read in this repository opens a running simulator (or the demo profile's requests to it).
import { randomBytes } from 'node:crypto';

export interface SimulatorCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** A fresh access key id (`DEMO-` + 16 hex digits) and a 256-bit secret (64 hex digits). */
export function randomCredentials(): SimulatorCredentials {
  return {
    accessKeyId: `DEMO-${randomBytes(8).toString('hex').toUpperCase()}`,
    secretAccessKey: randomBytes(32).toString('hex'),
  };
}
