// The bench row "boundary: 12 month answers parsed vs scrubbed, fresh process": what the answer boundary
// (src/core/boundary.ts) adds to the parse of a cold trend's twelve answers, in a process that has run neither
// (the editor's first trend in a window runs both cold). Three profiles' credentials are known, as in a host
// that has read three stored profiles. Run as a child of bench/run.ts; prints one JSON line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { AnswerBoundary } from '../src/core/boundary.js';
import { parseEnvelope, type Envelope } from '../src/core/xml/envelope.js';
import { KnownSecrets } from '../src/shared/redact.js';

const xml = readFileSync(join(__dirname, '..', 'test', 'fixtures', 'monthView.xml'), 'utf8');
const own = { accessKeyId: 'AKIDBENCHOWN00000001', secretAccessKey: 'benchOwnSecretAccessKey/0000000000000000' };
const others = new KnownSecrets();
for (let p = 0; p < 3; p++) others.addCredentials(`AKIDBENCHPROFILE000${p}`, `benchProfileSecretAccessKey/${p}000000000000`);
const boundary = new AnswerBoundary(own, others);

let t = performance.now();
const parsed: Envelope[] = [];
for (let i = 0; i < 12; i++) parsed.push(parseEnvelope(xml));
const parseMs = performance.now() - t;
t = performance.now();
for (const env of parsed) boundary.envelope(env);
const scrubMs = performance.now() - t;
console.log(JSON.stringify({ parseMs, scrubMs }));
