// What each stage of `npm test` reports for the closing table: its test count, failures and time. A stage script
// writes test-results/stages/<stage>.json when it ends; scripts/test/run.ts clears the folder first and reads it last.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { testResultsDir } from '../editor/paths.js';

export interface StageCounts {
  tests: number;
  failed: number;
  ok: boolean;
}

export interface StageRecord extends StageCounts {
  seconds?: number;
  files?: number;
}

const dir = path.join(testResultsDir, 'stages');

export function recordStage(stage: string, record: StageRecord): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${stage}.json`), JSON.stringify(record) + '\n');
}

export function readStage(stage: string): StageRecord | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dir, `${stage}.json`), 'utf8')) as StageRecord;
  } catch {
    return undefined;
  }
}

export function clearStages(): void {
  rmSync(dir, { recursive: true, force: true });
}
