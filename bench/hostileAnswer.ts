// The bench row of issue 19: a command failing on a 1 MB answer whose status message is built to make
// regular expressions backtrack, against the same command failing on a 1 MB answer of plain words. The
// "command" is what the host does with such a failure: the client call (scrubbed and capped at its
// boundary), the log line, the notification text and the chat tool's sentence. A ratio near 1x means the
// hostile text costs nothing beyond its size; the longest event-loop stall says the host stays responsive.
// The crowded row (issue 33): the same plain answer against a 1 MB balance answer carrying 90,000 attributes,
// and an answer just under the tag cap, each taken through the client as a trend would take twelve of them.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createClient } from '../src/core/client.js';
import { toolError } from '../src/tools/text/errorText.js';
import { RedactingLogger } from '../src/host/platform/redactingLogger.js';
import { start } from '../src/simulator/index.js';
import { asyncMsSideBySide } from './measure.js';

/** Bytes of the status message as the XML carries it (escaped): with the envelope, just under the 1 MiB operation cap. */
const MESSAGE_BYTES = 1_000_000;

const ESCAPED_EXTRA: Record<string, number> = { '<': 3, '>': 3, '&': 4, '"': 5, "'": 5 };

/** `unit` repeated until its XML-escaped form is MESSAGE_BYTES long (ASCII only, so characters are bytes). */
function fill(unit: string): string {
  let out = '';
  let size = 0;
  for (let i = 0; size < MESSAGE_BYTES; i = (i + 1) % unit.length) {
    const c = unit[i]!;
    const cost = 1 + (ESCAPED_EXTRA[c] ?? 0);
    if (size + cost > MESSAGE_BYTES) break;
    out += c;
    size += cost;
  }
  return out;
}

/**
 * Fragments that made the old URL_USERINFO and SCHEME patterns quadratic, and link, codicon, credential and
 * key=value syntax for the others, repeated. No character XML escapes, like the plain side: an entity costs the
 * parser the same whatever the text around it, and would blur what this row compares.
 */
function hostileMessage(): string {
  return fill(
    `${'a-'.repeat(500)}${'://a:'.repeat(100)}${'[a](command:x'.repeat(20)}${'$(www.'.repeat(20)}${'='.repeat(200)}x${'basic '.repeat(20)}${'token='.repeat(20)}${'+49 1'.repeat(20)} `,
  );
}

function plainMessage(): string {
  return fill('The upstream service could not complete the request and reports this long explanation. ');
}

export interface HostileAnswerResult {
  plainMs: number;
  hostileMs: number;
  ratio: number;
  smallMs: number;
  stallMs: number;
}

export async function hostileAnswerRow(smoke: boolean): Promise<HostileAnswerResult> {
  const sims = await Promise.all([start({ port: 0 }), start({ port: 0 }), start({ port: 0 })]);
  const [plainSim, hostileSim, smallSim] = sims;
  plainSim.addFault({ kind: 'status', status: 500, serviceMessage: plainMessage() });
  hostileSim.addFault({ kind: 'status', status: 500, serviceMessage: hostileMessage() });
  smallSim.addFault({ kind: 'status', status: 500 });
  const lines: string[] = [];
  const log = new RedactingLogger({
    trace: () => undefined,
    debug: () => undefined,
    info: (l) => void lines.push(l),
    warn: (l) => void lines.push(l),
    error: (l) => void lines.push(l),
  });
  const clients = sims.map((s) => createClient({ baseUrl: s.url, credentials: s.credentials, retry: { attempts: 1 }, logger: log }));
  // What a failing command does with the error: one log line, the notification text, the chat tool's sentence.
  const command = (i: number) => async (): Promise<unknown> => {
    try {
      await clients[i]!.getBalance('ACC-DEMO');
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      log.error(`Refresh Balance failed: ${message}`);
      lines.length = 0;
      return [log.userText(message), toolError(e).message];
    }
    throw new Error('the answer should have failed');
  };
  try {
    const rounds = smoke ? 2 : 9;
    const perRound = smoke ? 2 : 8;
    const ms = await asyncMsSideBySide({ plain: command(0), hostile: command(1) }, rounds, perRound);
    const small = await asyncMsSideBySide({ small: command(2) }, rounds, perRound * 4);
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    for (let i = 0; i < (smoke ? 2 : 10); i++) await command(1)();
    delay.disable();
    return {
      plainMs: ms.plain!,
      hostileMs: ms.hostile!,
      ratio: ms.ratio ?? ms.hostile! / ms.plain!,
      smallMs: small.small!,
      stallMs: delay.max / 1e6,
    };
  } finally {
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all(sims.map((s) => s.close()));
  }
}

export interface CrowdedAnswerResult {
  plainMs: number;
  crowdedMs: number;
  ratio: number;
  /** A month view just under the tag cap (MAX_MARKUP), the most elements an answer may carry. */
  manyTagsMs: number;
  manyTags: number;
  /** How the month view ended: read, or the end of its error (the model refuses its repeated days). */
  tagsOutcome: string;
  stallMs: number;
  /** How the crowded answer ended: refused (the parse error's first words) or read. */
  outcome: string;
}

/** Tags per simulated day of the `oversized` month view (a date with five counters). */
const TAGS_PER_DATE = 12;
const DATE_BYTES = 178;

export async function crowdedAnswerRow(smoke: boolean): Promise<CrowdedAnswerResult> {
  const sims = await Promise.all([start({ port: 0 }), start({ port: 0 }), start({ port: 0 })]);
  const [plainSim, crowdedSim, tagsSim] = sims;
  plainSim.addFault({ kind: 'status', status: 500, serviceMessage: plainMessage() });
  crowdedSim.addFault({ kind: 'crowded', match: { operation: 'balance' } });
  const dates = 1_600;
  // The envelope and month view around the dates take about 400 bytes (faultWriters.ts writeOversized).
  tagsSim.addFault({ kind: 'oversized', sizeBytes: 400 + dates * DATE_BYTES });
  const log = new RedactingLogger({
    trace: () => undefined,
    debug: () => undefined,
    info: () => undefined,
    warn: () => undefined,
    error: () => undefined,
  });
  const clients = sims.map((s) => createClient({ baseUrl: s.url, credentials: s.credentials, retry: { attempts: 1 }, logger: log }));
  let outcome = 'read';
  let tagsOutcome = '';
  // What the host does with the answer either way: read it, or log and show the failure.
  const run = (call: () => Promise<unknown>) => async (): Promise<unknown> => {
    try {
      return await call();
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      log.error(`Refresh Balance failed: ${message}`);
      return [log.userText(message), toolError(e).message];
    }
  };
  const plain = run(() => clients[0]!.getBalance('ACC-DEMO'));
  const crowded = run(() =>
    clients[1]!.getBalance('ACC-DEMO').then(
      (r) => ((outcome = 'read'), r),
      (e: unknown) => {
        outcome = `refused: …${(e instanceof Error ? e.message : String(e)).slice(-110)}`;
        throw e;
      },
    ),
  );
  const manyTags = run(() =>
    clients[2]!.getMonthView('VV-DEMO-1', '202406').then(
      (r) => ((tagsOutcome = 'read'), r),
      (e: unknown) => {
        tagsOutcome = (e instanceof Error ? e.message : String(e)).slice(-80);
        throw e;
      },
    ),
  );
  try {
    const rounds = smoke ? 2 : 9;
    const perRound = smoke ? 1 : 4;
    const ms = await asyncMsSideBySide({ plain, crowded }, rounds, perRound);
    const tags = await asyncMsSideBySide({ manyTags }, rounds, perRound);
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    for (let i = 0; i < (smoke ? 2 : 12); i++) await crowded();
    delay.disable();
    return {
      plainMs: ms.plain!,
      crowdedMs: ms.crowded!,
      ratio: ms.ratio ?? ms.crowded! / ms.plain!,
      manyTagsMs: tags.manyTags!,
      manyTags: dates * TAGS_PER_DATE,
      tagsOutcome,
      stallMs: delay.max / 1e6,
      outcome,
    };
  } finally {
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all(sims.map((s) => s.close()));
  }
}
