// The answer thread's entry (reader.ts starts it). Built, both imports below come from dist/core.js beside it (the
// core exports them; esbuild.mjs threadSharesCore), so the thread ships no second copy of the boundary and the parser.
import { parentPort, workerData } from 'node:worker_threads';
import { configureCoreL10n } from '../l10n.js';
import { readAnswerJob } from './work.js';
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
