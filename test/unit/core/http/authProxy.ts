// A small forwarding proxy for tests, as a company's would be: CONNECT tunnels (https targets) and absolute-URL
// requests (http targets), optionally requiring Basic authentication (407 + Proxy-Authenticate), with a table
// of host names it resolves itself (a test name such as sim.voicesms.test -> 127.0.0.1). It records every
// request it sees, with the Proxy-Authorization it carried, so a test can tell "went through" from "went direct".
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

interface ProxySeen {
  method: string;
  /** host:port for CONNECT, the absolute URL otherwise. */
  target: string;
  proxyAuthorization?: string;
  /** Whether the proxy let it through (false: answered 407). */
  allowed: boolean;
}

export interface AuthProxy {
  url: string;
  port: number;
  seen: ProxySeen[];
  close(): Promise<void>;
}

export interface AuthProxyOptions {
  /** The Proxy-Authorization value the proxy accepts; absent: no authentication required. */
  authorization?: string;
  /** Host names the proxy resolves itself (lower case) -> address. */
  hosts?: Record<string, string>;
}

export async function startAuthProxy(o: AuthProxyOptions = {}): Promise<AuthProxy> {
  const seen: ProxySeen[] = [];
  const sockets = new Set<Socket>();
  const resolve = (host: string): string => o.hosts?.[host.toLowerCase()] ?? host;
  const admit = (req: IncomingMessage, target: string): boolean => {
    const auth = req.headers['proxy-authorization'];
    const allowed = o.authorization === undefined || auth === o.authorization;
    seen.push({ method: req.method ?? '', target, ...(auth !== undefined ? { proxyAuthorization: auth } : {}), allowed });
    return allowed;
  };
  const server: Server = createServer((req, res) => {
    const target = req.url ?? '';
    if (!admit(req, target)) {
      res.writeHead(407, { 'Proxy-Authenticate': 'Basic realm="test proxy"', 'Content-Length': '0' }).end();
      return;
    }
    const url = new URL(target);
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    const upstream = httpRequest(
      { host: resolve(url.hostname), port: url.port || 80, path: url.pathname + url.search, method: req.method, headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const target = req.url ?? '';
    if (!admit(req, target)) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test proxy"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const [host, port] = [target.slice(0, target.lastIndexOf(':')), Number(target.slice(target.lastIndexOf(':') + 1))];
    const upstream = connect(port, resolve(host.replace(/^\[|\]$/g, '')), () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    close: () =>
      new Promise<void>((ok) => {
        for (const s of sockets) s.destroy();
        server.close(() => ok());
      }),
  };
}

/** The Basic Proxy-Authorization value for user:password. */
export function basicAuth(user: string, password: string): string {
  return 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64');
}
