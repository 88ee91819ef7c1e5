// A script that reads one answer over the answer thread's size through the client and closes it: the process must
// then end by itself (the thread holds the process only while it reads). Prints "read: <outcome>" when its work is
// done, and "exit after <ms>" when the process exits: the time its event loop took to empty, measured by itself, so a
// busy machine's delay in reporting the exit to the parent is not counted.
import { writeSync } from 'node:fs';
import { createClient } from '../../../../../src/core/client.js';
import { OFF_THREAD_CHARS } from '../../../../../src/core/answerThread/reader.js';
import { KnownSecrets } from '../../../../../src/shared/redact.js';

const days: string[] = [];
for (let i = 0; days.join('').length < OFF_THREAD_CHARS * 2; i++) {
  days.push(
    `<date dateID="202401${String((i % 28) + 1).padStart(2, '0')}"><call_legs>${i}</call_legs><call_legs_in>1</call_legs_in>` +
      `<call_legs_out>2</call_legs_out><calls_unique>3</calls_unique><duration_min>4</duration_min></date>`,
  );
}
const body =
  `<?xml version="1.0" encoding="UTF-8"?><response><status><code>200</code><message>OK</message>` +
  `<timestamp>2024-06-15 14:03:27:481 +0000</timestamp></status><service><provider>P</provider><id>vvoice</id>` +
  `<version>2.10</version></service><result><monthView><currentDateID>20240615</currentDateID><calls>${days.join('')}</calls></monthView></result></response>`;

const lines: string[] = [];
const known = new KnownSecrets();
const client = createClient({
  baseUrl: 'http://127.0.0.1:9/',
  credentials: { accessKeyId: 'AKIDEXIT00000001', secretAccessKey: 'exitSecret0000000001' },
  knownSecrets: { apply: (t: string) => known.apply(t), holds: (c: string) => known.holds(c), known: () => known },
  logger: {
    trace: () => undefined,
    debug: () => undefined,
    info: (m) => lines.push(m),
    warn: (m) => lines.push(m),
    error: (m) => lines.push(m),
  },
  transport: () => ({
    send: () =>
      Promise.resolve({ status: 200, statusText: 'OK', headers: { 'content-type': 'application/xml' }, body, bytes: body.length }),
    close: () => Promise.resolve(),
  }),
});
async function main(): Promise<void> {
  // Repeated days make the model refuse the month: what matters here is that the answer went through the thread.
  const outcome = await client.getMonthView('VI-EXIT-01', '202401').then(
    (v) => `${v.view.days.length} days`,
    (e: Error) => e.message.slice(0, 40),
  );
  await client.close();
  if (!lines.some((l) => l.includes('read on the answer thread'))) throw new Error(`not read on the thread: ${lines.join(' | ')}`);
  console.log(`read: ${outcome}`);
  const doneAt = performance.now();
  process.on('exit', () => writeSync(1, `exit after ${Math.round(performance.now() - doneAt)} ms\n`));
}

void main();
