// A real loopback HTTP server for transport tests, which records each request and the socket it
// arrived on (so keep-alive reuse is observable) and closes every connection on shutdown.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  socketId: number;
}

export interface Loopback {
  url: string;
  port: number;
  seen: Seen[];
  connections: () => number;
  close(): Promise<void>;
}

export async function startLoopback(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<Loopback> {
  const seen: Seen[] = [];
  const ids = new WeakMap<Socket, number>();
  const open = new Set<Socket>();
  let nextId = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, socketId: ids.get(req.socket) ?? -1 });
      handler(req, res, body);
    });
  });
  server.on('connection', (s: Socket) => {
    ids.set(s, ++nextId);
    open.add(s);
    s.on('close', () => open.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    connections: () => nextId,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port that was free a moment ago and now has nobody listening: connecting to it is refused. */
export async function refusedPort(): Promise<number> {
  const lb = await startLoopback(() => undefined);
  await lb.close();
  return lb.port;
}
