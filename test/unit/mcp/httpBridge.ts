// Test-only: the built dist/mcp.js, which speaks stdio, reached over Streamable HTTP on loopback, for tools that
// only take a URL (the MCP conformance suite). Nothing of our own speaks the protocol here: each HTTP session is the
// protocol SDK's StreamableHTTPServerTransport on one side and its StdioClientTransport, which starts a server
// process of its own, on the other; JSON-RPC messages pass between them unchanged. The server is the shipped
// process, not an McpServer rebuilt in the test, so its start-up and main.ts are what the suite meets.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';

export interface Bridge {
  /** The endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string;
  /** Everything the servers wrote on stderr, in order. */
  stderr(): string;
  /** Closes every session (each server's stdin, so it exits) and the HTTP server. */
  close(): Promise<void>;
}

interface Session {
  http: StreamableHTTPServerTransport;
  stdio: StdioClientTransport;
}

/** A request body of at most 1 MiB, parsed as JSON; undefined when it is not JSON. */
async function jsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 1 << 20) return undefined;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** `node <mcpJs> ...args` per session, with exactly `env`, behind `http://127.0.0.1:<port>/mcp`. */
export async function startBridge(mcpJs: string, env: Record<string, string>, args: string[] = []): Promise<Bridge> {
  const sessions = new Map<string, Session>();
  const starting = new Set<Session>();
  let err = '';

  const open = async (): Promise<Session> => {
    const stdio = new StdioClientTransport({ command: process.execPath, args: [mcpJs, ...args], env, stderr: 'pipe' });
    const http = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        starting.delete(session);
        sessions.set(id, session);
      },
    });
    const session: Session = { http, stdio };
    starting.add(session);
    // Whatever the client sends goes to the server process; whatever the process answers or asks goes back on the
    // stream the SDK keeps for it (a response on its request's stream, anything else on the GET stream).
    http.onmessage = (message) => void stdio.send(message).catch((e: unknown) => (err += `[bridge] to the server: ${String(e)}\n`));
    stdio.onmessage = (message) => void http.send(message).catch((e: unknown) => (err += `[bridge] to the client: ${String(e)}\n`));
    http.onclose = () => {
      if (http.sessionId) sessions.delete(http.sessionId);
      void stdio.close();
    };
    stdio.onclose = () => void http.close();
    await stdio.start();
    stdio.stderr?.on('data', (d: Buffer) => (err += d.toString('utf8')));
    await http.start();
    return session;
  };

  const server = createServer((req, res) => {
    void (async () => {
      if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') {
        res.writeHead(404).end();
        return;
      }
      const id = req.headers['mcp-session-id'];
      const known = typeof id === 'string' ? sessions.get(id) : undefined;
      if (known) {
        await known.http.handleRequest(req, res);
        return;
      }
      // A new session starts only with an initialize request without a session id; anything else is refused as a
      // Streamable HTTP server refuses it: an unknown session 404, no session 400.
      const body = req.method === 'POST' ? await jsonBody(req) : undefined;
      if (id === undefined && isInitializeRequest(body)) {
        await (await open()).http.handleRequest(req, res, body);
        return;
      }
      const unknown = id !== undefined;
      res.writeHead(unknown ? 404 : 400, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: null,
          error: { code: -32000, message: unknown ? 'Session not found' : 'Bad Request: no valid session id' },
        }),
      );
    })().catch((e: unknown) => {
      err += `[bridge] ${String(e)}\n`;
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stderr: () => err,
    async close() {
      for (const s of [...sessions.values(), ...starting]) await s.stdio.close().catch(() => undefined);
      sessions.clear();
      starting.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
