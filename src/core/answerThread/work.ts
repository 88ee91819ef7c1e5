// One answer read as the client reads it on its own thread (boundary.ts, xml/envelope.ts), for the answer thread
// (worker.ts): the boundary is built from the secrets the job carries, so the thread keeps no secret between answers.
import { KnownSecrets } from '../../shared/redact.js';
import type { ReadEnvelope } from '../api/response.js';
import { AnswerBoundary } from '../boundary.js';
import { parseEnvelope } from '../xml/envelope.js';
import type { AnswerDone, AnswerJob } from './job.js';

export function readAnswerJob(job: AnswerJob): AnswerDone {
  const known = job.known ? KnownSecrets.rebuilt(job.known) : undefined;
  const host = known && { apply: (t: string) => known.apply(t), holds: (c: string) => known.holds(c), known: () => known };
  const boundary = new AnswerBoundary(job.credentials, host);
  const res = boundary.response(job.raw, job.carried);
  let read: ReadEnvelope;
  try {
    read = { envelope: boundary.envelope(parseEnvelope(res.body), res) };
  } catch (e) {
    // Kept whatever the body looks like: a 2xx answer that is no envelope quotes why (api/response.ts).
    read = { parseError: e instanceof Error ? e.message : String(e) };
  }
  return { id: job.id, res, read };
}
