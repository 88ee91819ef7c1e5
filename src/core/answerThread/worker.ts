// The answer thread's entry (reader.ts starts it). It takes the core from dist/core.js beside it (esbuild.mjs), so
// the thread ships no second copy of the boundary and the parser.
import { parentPort, workerData } from 'node:worker_threads';
import { configureCoreL10n, readAnswerJob } from '../index.js';
import type { AnswerDone, AnswerJob, AnswerThreadData } from './job.js';

configureCoreL10n((workerData as AnswerThreadData | undefined)?.l10n);

parentPort?.on('message', (job: AnswerJob) => {
  let done: AnswerDone;
  try {
    done = readAnswerJob(job);
  } catch {
    done = { id: job.id, failed: true };
  }
  parentPort?.postMessage(done);
});
