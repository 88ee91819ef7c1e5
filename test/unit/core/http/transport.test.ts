import { afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { Agent } from 'undici';
import * as nodeHttp from 'node:http';
import * as nodeHttps from 'node:https';
import { NodeHttpTransport } from '../../../../src/core/http/nodeTransport.js';
import { Transport, type HttpTransport, type TransportOptions } from '../../../../src/core/http/transport.js';
import { mayHaveReachedServer } from '../../../../src/core/http/transportErrors.js';
import { failure as failureOf } from './harness.js';
import { refusedPort, startLoopback, type Loopback } from './loopback.js';

const MB = 1024 * 1024;

// One contract, two transports: the bundled undici client and Node's http/https modules (what the editor
// patches with its proxy support; here Node's own, unpatched).
const KINDS = {
  undici: (o: TransportOptions): HttpTransport => new Transport(o),
  'node http/https': (o: TransportOptions): HttpTransport =>
    new NodeHttpTransport({ ...o, modules: { http: nodeHttp, https: nodeHttps }, ownAgents: true }),
};

for (const [kind, make] of Object.entries(KINDS))
  void describe(`Transport (${kind})`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      // Run every cleanup even if one fails, so no server or socket outlives its test.
      const results = await Promise.allSettled(
        cleanups
          .splice(0)
          .reverse()
          .map((c) => c()),
      );
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    });

    async function server(handler: Parameters<typeof startLoopback>[0]): Promise<Loopback> {
      const lb = await startLoopback(handler);
      cleanups.push(() => lb.close());
      return lb;
    }

    function transport(o: Partial<TransportOptions> = {}): HttpTransport {
      const t = make({ connectMs: 2000, headersMs: 2000, bodyMs: 2000, maxResponseBytes: 5 * MB, ...o });
      cleanups.push(() => t.close());
      return t;
    }

    const failure = (p: Promise<unknown>) => failureOf(p, 'expected the request to fail');

    void it('returns status, headers and the body text, and reuses one kept-alive connection', async () => {
      const lb = await server((_req, res) => {
        res.setHeader('content-type', 'application/xml');
        res.end('<response>é</response>');
      });
      const t = transport();
      const a = await t.send({ method: 'GET', url: new URL(`${lb.url}/v1/a`), headers: { Accept: 'application/xml' } });
      const b = await t.send({ method: 'GET', url: new URL(`${lb.url}/v1/b`), headers: {} });
      assert.equal(a.status, 200);
      assert.equal(a.body, '<response>é</response>');
      assert.equal(a.headers['content-type'], 'application/xml');
      assert.equal(b.status, 200);
      assert.equal(lb.seen.length, 2);
      assert.equal(lb.seen[0]?.socketId, lb.seen[1]?.socketId, 'both requests must travel on the same socket');
      assert.equal(lb.connections(), 1);
      assert.equal(lb.seen[0]?.headers.accept, 'application/xml');
    });

    void it('reads the body as UTF-8 without a leading byte order mark, counting every byte that came', async () => {
      const lb = await server((req, res) => {
        const text = Buffer.from(req.url === '/inside' ? '<r>\uFEFF\uFEFF</r>' : '<r>é</r>', 'utf8');
        res.end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), text]));
      });
      const t = transport();
      const led = await t.send({ method: 'GET', url: new URL(`${lb.url}/led`), headers: {} });
      assert.equal(led.body, '<r>é</r>');
      assert.equal(led.bytes, 3 + 9);
      // Only the one opening the body: a mark within it is text (as a decoder reads it).
      const inside = await t.send({ method: 'GET', url: new URL(`${lb.url}/inside`), headers: {} });
      assert.equal(inside.body, '<r>\uFEFF\uFEFF</r>');
    });

    void it('returns a redirect as it is, never following it', async () => {
      const lb = await server((req, res) => {
        if (req.url === '/moved') res.writeHead(302, { location: '/elsewhere' }).end();
        else res.end('followed');
      });
      const r = await transport().send({ method: 'GET', url: new URL(`${lb.url}/moved`), headers: {} });
      assert.equal(r.status, 302);
      assert.equal(r.headers['location'], '/elsewhere');
      assert.deepEqual(
        lb.seen.map((s) => s.url),
        ['/moved'],
      );
    });

    void it('sends a POST body as given', async () => {
      const lb = await server((_req, res) => res.end('ok'));
      const t = transport();
      await t.send({
        method: 'POST',
        url: new URL(`${lb.url}/v1/message/sms`),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
        body: 'to=%2B1&body=hi',
      });
      assert.equal(lb.seen[0]?.method, 'POST');
      assert.equal(lb.seen[0]?.body, 'to=%2B1&body=hi');
    });

    void it('reports a refused connection as a network error that certainly did not reach the server', async () => {
      const port = await refusedPort();
      const err = await failure(transport().send({ method: 'POST', url: new URL(`http://127.0.0.1:${port}/x`), headers: {}, body: 'a' }));
      assert.equal(err.kind, 'network');
      assert.equal(err.details.causeCode, 'ECONNREFUSED');
      assert.match(err.message, new RegExp(`127\\.0\\.0\\.1:${port}.*refused.*base URL`));
      assert.equal(mayHaveReachedServer(err), false);
    });

    void it('reports an unresolvable host as a DNS network error naming the host', async () => {
      const err = await failure(transport().send({ method: 'GET', url: new URL('http://no-such-host.invalid/'), headers: {} }));
      assert.equal(err.kind, 'network');
      assert.match(err.details.causeCode ?? '', /^(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL)$/);
      assert.match(err.message, /no-such-host\.invalid.*resolved/);
      assert.equal(mayHaveReachedServer(err), false);
    });

    void it('reports a socket reset after the request as a network error that may have reached the server', async () => {
      const lb = await server((req) => req.socket.destroy());
      const err = await failure(transport().send({ method: 'POST', url: new URL(`${lb.url}/x`), headers: {}, body: 'a' }));
      assert.equal(err.kind, 'network');
      assert.equal(lb.seen.length, 1);
      assert.equal(mayHaveReachedServer(err), true);
    });

    void it('times out waiting for headers, naming the phase and the limit', async () => {
      const lb = await server(() => undefined); // never answers
      const t0 = performance.now();
      const err = await failure(transport({ headersMs: 200 }).send({ method: 'GET', url: new URL(`${lb.url}/x`), headers: {} }));
      assert.equal(err.kind, 'timeout');
      assert.equal(err.details.causeCode, 'UND_ERR_HEADERS_TIMEOUT');
      assert.match(err.message, /within 200 ms \(waiting for the response headers\)/);
      assert.ok(performance.now() - t0 < 3000);
      assert.equal(mayHaveReachedServer(err), true);
    });

    void it('times out when the body stalls', async () => {
      const lb = await server((_req, res) => {
        res.writeHead(200);
        res.write('<respo'); // and then nothing
      });
      const err = await failure(transport({ bodyMs: 200 }).send({ method: 'GET', url: new URL(`${lb.url}/x`), headers: {} }));
      assert.equal(err.kind, 'timeout');
      assert.equal(err.details.causeCode, 'UND_ERR_BODY_TIMEOUT');
      assert.match(err.message, /200 ms \(reading the response body\)/);
    });

    void it('times out connecting when the TLS handshake never completes', async () => {
      // A TCP listener that accepts and stays silent: an https:// connect stalls in the handshake.
      const sockets = new Set<Socket>();
      const tcp = createTcpServer((s) => {
        sockets.add(s);
        s.on('error', () => undefined);
      });
      await new Promise<void>((r) => tcp.listen(0, '127.0.0.1', r));
      cleanups.push(
        () =>
          new Promise<void>((r) => {
            for (const s of sockets) s.destroy();
            tcp.close(() => r());
          }),
      );
      const addr = tcp.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      const err = await failure(
        transport({ connectMs: 200 }).send({ method: 'POST', url: new URL(`https://127.0.0.1:${port}/x`), headers: {}, body: 'a' }),
      );
      assert.equal(err.kind, 'timeout');
      assert.equal(err.details.causeCode, 'UND_ERR_CONNECT_TIMEOUT');
      assert.match(err.message, /connect to 127\.0\.0\.1:\d+ within 200 ms/);
      assert.equal(mayHaveReachedServer(err), false);
    });

    void it('refuses a response whose Content-Length exceeds the cap without reading it', async () => {
      let written = 0;
      const lb = await server((_req, res) => {
        res.writeHead(200, { 'content-length': String(40 * MB) });
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        const pump = (): void => {
          while (written < 40 * MB && !res.destroyed) {
            written += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
        };
        pump();
      });
      const err = await failure(transport().send({ method: 'GET', url: new URL(`${lb.url}/big`), headers: {} }));
      assert.equal(err.kind, 'http');
      assert.equal(err.details.causeCode, 'RESPONSE_TOO_LARGE');
      assert.match(err.message, /larger than the 5 MB limit \(it announces 40 MB\)/);
    });

    void it('cuts off a 40 MB streamed body at the cap instead of buffering it', async () => {
      let written = 0;
      let closedEarly = false;
      const lb = await server((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/xml' }); // chunked: no length up front
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        res.on('close', () => (closedEarly = written < 40 * MB));
        const pump = (): void => {
          while (written < 40 * MB && !res.destroyed) {
            written += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          if (!res.destroyed) res.end();
        };
        pump();
      });
      const before = process.memoryUsage().arrayBuffers;
      const t0 = performance.now();
      const err = await failure(transport().send({ method: 'GET', url: new URL(`${lb.url}/big`), headers: {} }));
      const took = performance.now() - t0;
      assert.equal(err.kind, 'http');
      assert.equal(err.details.causeCode, 'RESPONSE_TOO_LARGE');
      assert.equal(err.details.httpStatus, 200);
      assert.ok(took < 5000, `should fail fast, took ${took} ms`);
      // Let the server notice the closed socket, then check that it never got to write it all.
      await new Promise((r) => setTimeout(r, 100));
      assert.ok(closedEarly, `server wrote ${written} bytes: the client kept reading past the cap`);
      const grew = process.memoryUsage().arrayBuffers - before;
      assert.ok(grew < 30 * MB, `buffers grew by ${grew} bytes`);
    });

    void it('accepts a body just under the cap', async () => {
      const lb = await server((_req, res) => res.end('x'.repeat(1000)));
      const r = await transport({ maxResponseBytes: 1000 }).send({ method: 'GET', url: new URL(`${lb.url}/x`), headers: {} });
      assert.equal(r.bytes, 1000);
    });

    void it('rejects promptly with the abort reason when the signal aborts mid-request', async () => {
      const lb = await server(() => undefined);
      const ac = new AbortController();
      const reason = new Error('user cancelled');
      setTimeout(() => ac.abort(reason), 50);
      const t0 = performance.now();
      await assert.rejects(transport().send({ method: 'GET', url: new URL(`${lb.url}/x`), headers: {} }, ac.signal), (e) => e === reason);
      assert.ok(performance.now() - t0 < 1000);
    });

    if (kind === 'undici')
      void it('uses a caller-supplied dispatcher and leaves it open on close()', async () => {
        const lb = await server((_req, res) => res.end('ok'));
        const agent = new Agent();
        cleanups.push(() => agent.close());
        let dispatched = 0;
        const counting = agent.compose((dispatch) => (opts, handler) => {
          dispatched++;
          return dispatch(opts, handler);
        });
        const t = new Transport({ connectMs: 1000, headersMs: 1000, bodyMs: 1000, maxResponseBytes: MB, dispatcher: counting });
        await t.send({ method: 'GET', url: new URL(`${lb.url}/x`), headers: {} });
        await t.close();
        assert.equal(dispatched, 1);
        assert.equal(agent.closed, false);
        const again = await t.send({ method: 'GET', url: new URL(`${lb.url}/y`), headers: {} });
        assert.equal(again.status, 200);
      });
  });
