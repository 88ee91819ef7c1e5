// The simulator-only control endpoints, so that tests in another process (extension host, browser
// end-to-end) can inject faults and count SMS. The server lets a request in only with a loopback Host and
// the X-Sim-Token (guard.ts); POST bodies must be application/json on top of that.
//
//   POST   /__sim/faults    body: a Fault as JSON -> adds it;  body {"clear": true} -> removes all
//   DELETE /__sim/faults    removes all faults
//   GET    /__sim/faults    the faults still armed
//   GET    /__sim/received  the accepted SMS (latest 200): [{ from, to, body, messageId, at }]
//   GET    /__sim/requests  authenticated service requests (latest 500): [{ method, path, time }] (no headers)
//   GET    /__sim/credentials  { accessKeyId, secretAccessKey }: random on every start, so tests in
//                          another process (the e2e runner and the in-editor demo) read them here
//   POST   /__sim/live     body {"legs": n} -> n more calls today on every instance, charged to the first account
//                          (what live traffic brings in minutes, at once: the e2e watch test reads them at its next tick)
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FaultList } from './faults.js';
import type { SimState } from './state.js';

export const CONTROL_PREFIX = '/__sim/';
const MAX_CONTROL_BODY = 64 * 1024;

function json(res: ServerResponse, status: number, value: unknown): void {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(body.length) });
  res.end(body);
}

export function handleControl(
  method: string,
  path: string,
  req: IncomingMessage,
  body: Buffer,
  res: ServerResponse,
  faults: FaultList,
  state: SimState,
  credentials: { accessKeyId: string; secretAccessKey: string },
  /** The simulator's day now (YYYYMMDD): where POST /__sim/live adds its calls. */
  today: string,
): void {
  const route = `${method} ${path}`;
  if (route === 'GET /__sim/credentials') return json(res, 200, credentials);
  if (route === 'GET /__sim/received') return json(res, 200, state.received);
  if (route === 'GET /__sim/requests')
    return json(
      res,
      200,
      state.requests.map(({ method: m, path: p, time }) => ({ method: m, path: p, time })),
    );
  if (route === 'GET /__sim/faults') return json(res, 200, faults.list());
  if (route === 'DELETE /__sim/faults') {
    faults.clear();
    return json(res, 200, { faults: 0 });
  }
  if (route === 'POST /__sim/faults' || route === 'POST /__sim/live') {
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') return json(res, 415, { error: 'Send the body as application/json.' });
    if (body.length > MAX_CONTROL_BODY) return json(res, 413, { error: 'The body is too large.' });
    let value: unknown;
    try {
      value = JSON.parse(body.toString('utf8'));
    } catch {
      return json(res, 400, { error: 'The body is not valid JSON.' });
    }
    if (route === 'POST /__sim/live') {
      const legs = (value as { legs?: unknown } | null)?.legs;
      if (typeof legs !== 'number' || !Number.isInteger(legs) || legs < 1 || legs > 100_000) {
        return json(res, 400, { error: 'Send {"legs": n} with n a whole number from 1 to 100000.' });
      }
      state.live.add(legs, today);
      return json(res, 200, { legs });
    }
    if (typeof value === 'object' && value !== null && (value as { clear?: unknown }).clear === true) {
      faults.clear();
      return json(res, 200, { faults: 0 });
    }
    try {
      faults.add(value);
    } catch (e) {
      return json(res, 400, { error: e instanceof Error ? e.message : String(e) });
    }
    return json(res, 200, { faults: faults.list().length });
  }
  return json(res, 404, {
    error:
      'Unknown control endpoint. Known: POST|GET|DELETE /__sim/faults, GET /__sim/received, GET /__sim/requests, GET /__sim/credentials, POST /__sim/live.',
  });
}
