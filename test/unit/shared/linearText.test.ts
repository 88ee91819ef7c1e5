// Every sanitizer that sees service or user text runs in linear time: fast-check builds adversarial strings
// up to 1 MB (short fragments that regular expressions stumble on — `a-a-a-`, `://a:`, `<script<script`,
// `====x`, `token=token=` — repeated, with a rejecting tail) and each call must finish within a bound no
// quadratic pattern meets at that size (the old URL_USERINFO and SCHEME took 2.5 s and 5 s on 100 KB).
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { AnswerBoundary } from '../../../src/core/boundary.js';
import { sanitizeExcerpt } from '../../../src/core/http/excerpt.js';
import { KnownSecrets, redact } from '../../../src/shared/redact.js';
import { breakSchemes, inertLine, inertText, markdownText } from '../../../src/shared/untrustedText.js';
import { inert, inertKey, quoted } from '../../../src/tools/text/dataText.js';
import { RedactingLogger } from '../../../src/host/platform/redactingLogger.js';
import { parseEnvelope } from '../../../src/core/xml/envelope.js';
import { escapeXml } from '../../../src/simulator/xml.js';

/** Per call on up to 1 MB, generous for a loaded 2-core machine: linear passes take tens of milliseconds. */
const BOUND_MS = 2500;
const MAX_BYTES = 1024 * 1024;

const FRAGMENTS = [
  'a',
  'A',
  '-',
  '.',
  '+',
  '1',
  '0',
  ':',
  '/',
  '//',
  '://',
  '=',
  '%3D',
  '%2B',
  ' ',
  '\t',
  '\n',
  '<',
  '>',
  '<!--',
  '<script',
  '</',
  '"',
  "'",
  '[',
  ']',
  '(',
  ')',
  '](',
  '$(',
  'www.',
  'http',
  'command',
  'vscode-',
  '@',
  '&#',
  ';',
  '\\',
  'secret',
  'token',
  'basic ',
  'Basic QUtJRDpzZWNyZXQ',
  'authorization: ',
  'access_key_id=',
  '<secret>',
  '\u202e',
  '_',
  // Escapes and look-alikes the known-secret search reads through (spelledText.ts).
  '%E2%80',
  '%u00',
  '&#x1',
  '&#12',
  '&amp;',
  '\\u00',
  '\u0301',
  '\u0327',
  'ﬁ',
  '\u200b',
  '\u00ad',
  // Issue 50's: quoted-printable (`=` with and without hex, soft breaks), `\x`, HTML names, marks without a base.
  '=2',
  '=E2=80',
  '=\n',
  '=',
  '\\x2',
  '&sol',
  '&VerticalLin',
  '\u0301\u0301',
];

const hostile = fc
  .record({
    unit: fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 5 }),
    size: fc.integer({ min: 16 * 1024, max: MAX_BYTES }),
    tail: fc.constantFrom('', '!', ' ', 'x', '\u0000', '@', '>'),
  })
  .map(({ unit, size, tail }) => {
    const u = unit.join('');
    return u.repeat(Math.ceil(size / u.length)).slice(0, size - tail.length) + tail;
  });

const known = new KnownSecrets();
known.addCredentials('AKIDLINEAR1', 'a-a-a-secret:/=');
known.add('short');
known.add('with spaces ~*');
const boundary = new AnswerBoundary({ accessKeyId: 'AKIDLINEAR1', secretAccessKey: 'a-a-a-secret:/=' }, known);

const drop = (): void => undefined;
const logger = new RedactingLogger({ trace: drop, debug: drop, info: drop, warn: drop, error: drop });
logger.addCredentials('AKIDLINEAR1', 'a-a-a-secret:/=');

const SANITIZERS: Record<string, (text: string) => unknown> = {
  redact: (t) => redact(t, known),
  'KnownSecrets.apply': (t) => known.apply(t),
  inertText,
  inertLine: (t) => inertLine(t, 1000),
  markdownText,
  breakSchemes,
  sanitizeExcerpt: (t) => sanitizeExcerpt(t),
  'chat inert': (t) => inert(t, 1000),
  'chat inertKey': (t) => inertKey(t),
  'chat quoted': (t) => quoted(t, 1000),
  'log line + userText': (t) => {
    logger.error(t);
    return logger.userText(t);
  },
  // The whole answer is capped at 1 MB before parsing: the text as its status message, escaped, within that.
  'envelope parse': (t) => {
    try {
      return parseEnvelope(
        `<response><status><code>500</code><message>${escapeXml(t)
          .slice(0, MAX_BYTES - 100)
          .replace(/&[a-z]*$/, '')}</message></status><result/></response>`,
      );
    } catch {
      return undefined; // refused (too much markup, malformed): also an answer, as long as it comes quickly
    }
  },
  'boundary.response': (t) =>
    boundary.response({ status: 500, statusText: t.slice(0, 4096), headers: { location: t.slice(0, 4096) }, body: t, bytes: t.length }, [
      'abcdef0123456789',
    ]),
};

/** CPU time, not the wall clock: the unit runner's other files share the cores, and a bound is about this work. */
function timed(run: () => unknown): number {
  const t0 = process.cpuUsage();
  run();
  const used = process.cpuUsage(t0);
  return (used.user + used.system) / 1000;
}

void describe('sanitizers run in linear time on adversarial text up to 1 MB (security)', () => {
  for (const [name, sanitize] of Object.entries(SANITIZERS)) {
    void it(name, () => {
      // The fixed worst cases of the audit first, then generated ones.
      for (const text of [
        'a-'.repeat(MAX_BYTES / 2),
        '://a:'.repeat(MAX_BYTES / 5),
        '<script'.repeat(MAX_BYTES / 7),
        '='.repeat(MAX_BYTES) + 'x',
        'a' + '\u0301\u0327'.repeat(MAX_BYTES / 2),
        '%E2%80'.repeat(MAX_BYTES / 6),
        '&#x61;&amp;'.repeat(MAX_BYTES / 11),
        '\\u0061+'.repeat(MAX_BYTES / 7),
      ]) {
        const ms = timed(() => sanitize(text));
        assert.ok(ms < BOUND_MS, `${name} took ${Math.round(ms)} ms on ${JSON.stringify(text.slice(0, 12))}…`);
      }
      fc.assert(
        fc.property(hostile, (text) => {
          const ms = timed(() => sanitize(text));
          return ms < BOUND_MS;
        }),
        { numRuns: 12 },
      );
    });
  }
});
