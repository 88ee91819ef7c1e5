// The page's side of the MCP Apps protocol (SEP-1865): JSON-RPC 2.0 with the host window over postMessage. Only what
// the page uses: ui/initialize and its initialized notification, the tool result and host-context notifications the
// host sends, tools/call and the size-changed notification the page sends, and an answer to the host's ping and
// teardown. The Apps SDK's own App does the same with the protocol SDK and zod under it (about 230 KB minified);
// test/unit/mcp/apps.browser.test.ts holds this side to the SDK's AppBridge. (The SDK's own types for these messages
// are not reachable from here: its declarations re-export them without a file extension.)
import type { CallToolResult, Implementation } from '@modelcontextprotocol/sdk/types.js';

/** The Apps protocol version this page speaks (the SDK's LATEST_PROTOCOL_VERSION for ext-apps 1.7). */
export const APPS_PROTOCOL_VERSION = '2026-01-26';
/** How long the page waits for the host's answer to a request, as the SDK's App waits by default. */
const REQUEST_TIMEOUT_MS = 60_000;

/** What the page reads of the host's context (the spec's McpUiHostContext): the theme and the style variables. */
export interface HostContext {
  theme?: 'light' | 'dark';
  styles?: { variables?: Record<string, string | undefined> };
}

interface Message {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
  result?: unknown;
  error?: { code?: unknown; message?: unknown };
}

export interface HostEvents {
  /** `ui/notifications/tool-result`: the result of the tool the host called, to draw. */
  toolResult(result: CallToolResult): void;
  /** The host's context after `ui/initialize` or a `ui/notifications/host-context-changed` merged into it. */
  context(ctx: HostContext): void;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export class HostBridge {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private hostContext: HostContext = {};

  /** `host`: the window that drew the page (window.parent); only its messages are read. */
  constructor(
    private readonly host: Window,
    private readonly on: HostEvents,
  ) {
    window.addEventListener('message', (e) => {
      if (e.source === host && isObject(e.data) && e.data['jsonrpc'] === '2.0') this.receive(e.data);
    });
  }

  /** ui/initialize, then ui/notifications/initialized; the host's context goes to `on.context`. */
  async connect(appInfo: Implementation): Promise<void> {
    const result = await this.request('ui/initialize', { appInfo, appCapabilities: {}, protocolVersion: APPS_PROTOCOL_VERSION });
    const context = isObject(result) ? result['hostContext'] : undefined;
    this.hostContext = isObject(context) ? context : {};
    this.post({ method: 'ui/notifications/initialized', params: {} });
    this.on.context(this.hostContext);
  }

  /** tools/call through the host: the host decides, calls the server and answers with the tool's result. */
  callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    return this.request('tools/call', { name, arguments: args }) as Promise<CallToolResult>;
  }

  /** ui/notifications/size-changed: the page's content size, so the host can fit its frame to it. */
  sizeChanged(width: number, height: number): void {
    this.post({ method: 'ui/notifications/size-changed', params: { width, height } });
  }

  private post(message: Omit<Message, 'jsonrpc'>): void {
    // The page runs in an opaque origin (a sandboxed frame without allow-same-origin): no origin to name.
    this.host.postMessage({ jsonrpc: '2.0', ...message }, '*');
  }

  private request(method: string, params: object): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => settle(() => reject(new Error(`the host did not answer ${method}`))), REQUEST_TIMEOUT_MS);
      const settle = (done: () => void): void => {
        clearTimeout(timer);
        this.pending.delete(id);
        done();
      };
      this.pending.set(id, { resolve: (v) => settle(() => resolve(v)), reject: (e) => settle(() => reject(e)) });
      this.post({ id, method, params });
    });
  }

  private receive(m: Message): void {
    if (typeof m.method !== 'string') {
      // An answer to one of the page's requests.
      const waiting = typeof m.id === 'number' ? this.pending.get(m.id) : undefined;
      if (!waiting) return;
      if (m.error !== undefined) waiting.reject(new Error(typeof m.error.message === 'string' ? m.error.message : 'the host refused'));
      else waiting.resolve(m.result);
      return;
    }
    if (m.id !== undefined) {
      // A request from the host: ping and teardown need nothing done; any other is not offered.
      const known = m.method === 'ping' || m.method === 'ui/resource-teardown';
      this.post(known ? { id: m.id, result: {} } : { id: m.id, error: { code: -32601, message: `${m.method} is not offered` } });
      return;
    }
    if (m.method === 'ui/notifications/tool-result' && isObject(m.params)) this.on.toolResult(m.params as CallToolResult);
    else if (m.method === 'ui/notifications/host-context-changed' && isObject(m.params)) {
      this.hostContext = { ...this.hostContext, ...m.params };
      this.on.context(this.hostContext);
    }
  }
}
