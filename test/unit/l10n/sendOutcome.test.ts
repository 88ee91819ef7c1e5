// No message about an SMS whose outcome is unknown may advise trying again: for every transport
// phase in which the request may already have arrived (headers, body, overall timeout, reset, cut-off
// body, a proxy that drops it) and in every language. "Every language" is proven with a marked-up
// bundle: each message is translated to its bundle index plus its key, so the test sees exactly which
// whole messages were picked, whatever words a translation uses. Real loopback sockets only.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { configureCoreL10n, createClient, createProxyDispatcher, type ClientOptions } from '../../../src/core/index.js';
import { isVoiceSmsError } from '../../../src/core/errors.js';
import { refusedPort, startLoopback, type Loopback } from '../core/http/loopback.js';

const RETRY_ADVICE = /try(ing)? again|retry|later/i;
const bundle = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'l10n', 'bundle.l10n.json'), 'utf8')) as Record<string, unknown>;
const keys = Object.keys(bundle);
const marked = Object.fromEntries(keys.map((k, i) => [k, `«${i}»${k}`]));

/** The bundle keys a marked-up message was built from. */
function keysUsed(message: string): string[] {
  return [...message.matchAll(/«(\d+)»/g)].map((m) => keys[Number(m[1])] ?? '?');
}

interface Phase {
  name: string;
  /** true: the request may have arrived, so the outcome must be reported unknown. */
  unknown: boolean;
  options: () => Partial<ClientOptions>;
}

const sockets = new Set<Socket>();
function track(server: Server): Server {
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return server;
}

let silent: Loopback; // takes the request, never answers
let halfBody: Loopback; // headers and a part of the body, then silence
let dropping: Loopback; // destroys the socket once the request arrived
let cutOff: Loopback; // announces more bytes than it sends
let proxy: Server; // a proxy that accepts the tunnel, then drops the connection
let proxyPort = 0;
let closedPort = 0;
const dispatchers: { close(): Promise<void> }[] = [];

before(async () => {
  silent = await startLoopback(() => undefined);
  halfBody = await startLoopback((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/xml', 'Content-Length': '500' });
    res.write('<response><status><code>200</code>');
  });
  dropping = await startLoopback((req) => req.socket.destroy());
  cutOff = await startLoopback((req) => {
    req.socket.end('HTTP/1.1 200 OK\r\nContent-Type: application/xml\r\nContent-Length: 400\r\n\r\n<response>');
  });
  proxy = track(createServer());
  proxy.on('connect', (_req, socket: Socket) => {
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    socket.once('data', () => socket.destroy());
  });
  proxy.on('request', (req) => req.socket.destroy());
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  const a = proxy.address();
  proxyPort = typeof a === 'object' && a ? a.port : 0;
  closedPort = await refusedPort();
});

after(async () => {
  configureCoreL10n({});
  await Promise.all([silent.close(), halfBody.close(), dropping.close(), cutOff.close(), ...dispatchers.map((d) => d.close())]);
  for (const s of sockets) s.destroy();
  await new Promise<void>((done) => proxy.close(() => done()));
});

const PHASES: Phase[] = [
  { name: 'connect (refused: nothing sent)', unknown: false, options: () => ({ baseUrl: `http://127.0.0.1:${closedPort}` }) },
  { name: 'headers timeout', unknown: true, options: () => ({ baseUrl: silent.url, timeouts: { headersMs: 150, totalMs: 5000 } }) },
  { name: 'body timeout', unknown: true, options: () => ({ baseUrl: halfBody.url, timeouts: { bodyMs: 150, totalMs: 5000 } }) },
  { name: 'overall timeout', unknown: true, options: () => ({ baseUrl: silent.url, timeouts: { headersMs: 5000, bodyMs: 5000, totalMs: 200 } }) },
  { name: 'reset after the request arrived', unknown: true, options: () => ({ baseUrl: dropping.url }) },
  { name: 'body cut off (content-length mismatch)', unknown: true, options: () => ({ baseUrl: cutOff.url }) },
  {
    name: 'proxy failure (tunnel dropped)',
    unknown: true,
    options: () => {
      const d = createProxyDispatcher({ proxyUrl: `http://127.0.0.1:${proxyPort}`, strictSSL: true, connectMs: 1000 });
      dispatchers.push(d);
      return { baseUrl: silent.url, dispatcher: d };
    },
  },
];

async function sendThrough(phase: Phase): Promise<{ message: string; unknown: boolean }> {
  const client = createClient({ credentials: { accessKeyId: 'k', secretAccessKey: 's' }, baseUrl: '', ...phase.options() });
  try {
    await client.sendSms({ from: 'VSTK-TEST', to: '+4915123456789', body: 'hi' });
    assert.fail(`${phase.name}: the send should have failed`);
  } catch (e) {
    assert.ok(isVoiceSmsError(e), `${phase.name}: a typed error, got ${String(e)}`);
    return { message: e.message, unknown: e.details.outcomeUnknown === true };
  } finally {
    await client.close();
  }
}

void describe('an SMS whose outcome is unknown is never advised to be tried again', () => {
  for (const phase of PHASES) {
    void it(`${phase.name}: English`, async () => {
      configureCoreL10n({});
      const { message, unknown } = await sendThrough(phase);
      assert.equal(unknown, phase.unknown, `${phase.name}: outcome unknown? ${message}`);
      if (unknown) {
        assert.match(message, /The outcome of the SMS to \+49\d+\*+\d+ is unknown/);
        assert.doesNotMatch(message, RETRY_ADVICE, `${phase.name}: ${message}`);
      }
    });
    void it(`${phase.name}: any language (marked-up bundle)`, async () => {
      configureCoreL10n(marked);
      try {
        const { message, unknown } = await sendThrough(phase);
        assert.equal(unknown, phase.unknown, message);
        const used = keysUsed(message);
        assert.ok(used.length > 0, `${phase.name}: the message went through the bundle: ${message}`);
        // Nothing outside the marked messages but their filled placeholders: no English literal leaked.
        if (unknown) {
          assert.equal(used.length, 2, `${phase.name}: the failure plus the outcome sentence: ${message}`);
          for (const k of used) assert.doesNotMatch(k, RETRY_ADVICE, `${phase.name}: picked a message with retry advice: ${k}`);
        }
      } finally {
        configureCoreL10n({});
      }
    });
  }
});
