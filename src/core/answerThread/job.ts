// What crosses between the host's thread and the answer thread (reader.ts, worker.ts): plain data only.
import type { ReadEnvelope } from '../api/response.js';
import type { HttpResponse } from '../http/transport.js';

export interface AnswerJob {
  id: number;
  raw: HttpResponse;
  /** Values the request carried (its Signature, a Basic token): masked though they are no known secret. */
  carried: string[];
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The host's known secrets as KnownSecrets.written() gives them; absent when the host knows none. */
  known?: Array<[string, number]>;
}

/** The answer scrubbed, and its envelope read and cleaned (or why not); `failed`: the reader does the work itself. */
export type AnswerDone = { id: number; res: HttpResponse; read: ReadEnvelope } | { id: number; failed: true };

/** What the thread is started with: the language the core speaks (core/l10n.ts). */
export interface AnswerThreadData {
  l10n?: Record<string, string>;
}
