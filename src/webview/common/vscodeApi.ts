// Typed access to the page-side API VS Code injects into webviews. `acquireVsCodeApi` may be
// called only once per page, so the channel is created once and shared. The page's boot script
// (BOOT_SCRIPT in src/host/webviews/html.ts) usually has acquired it already, said `ready` and kept
// the host's first messages; the channel then takes both over. A page without saved state (`fresh`) shows the
// host's first messages its markup carries (WEBVIEW_FIRST_MESSAGES_ATTRIBUTE) at once; the host does not post them
// again (src/host/webviews/readyGate.ts, which describes the whole path to a panel's first paint).
import { markStep } from './painted.js';
import { WEBVIEW_BOOT_GLOBAL, WEBVIEW_FIRST_MESSAGES_ATTRIBUTE } from '../../shared/protocol.js';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState<T>(state: T): T;
}

/** What the boot script leaves on `window`. */
interface Boot {
  api: VsCodeApi;
  /** The page had no saved state when it started: it shows what its markup carries (`ready` said so). */
  fresh: boolean;
  /** Hands over the messages kept so far, then every later one. */
  listen(handler: (data: unknown) => void): void;
}

declare global {
  function acquireVsCodeApi(): VsCodeApi;
}

export interface HostChannel<ToHost, ToWebview, State> {
  post(message: ToHost): void;
  /** Messages from the host; anything without a string `type` is ignored. Delivered from `ready()` on. */
  onMessage(handler: (message: ToWebview) => void): void;
  /**
   * The page can show what the host sends: delivers the messages the page carries, then what arrived since the
   * boot script said `ready` (or says `ready` now where there was no boot script). Called once, after the first render.
   */
  ready(): void;
  /** The state saved before a reload, checked by `parseState` (it may come from an older version). */
  getState(): State | undefined;
  setState(state: State): void;
}

let api: VsCodeApi | undefined;

export function connectToHost<ToHost, ToWebview extends { type: string }, State>(
  parseState: (raw: unknown) => State | undefined,
): HostChannel<ToHost, ToWebview, State> {
  const boot = (globalThis as Record<string, unknown>)[WEBVIEW_BOOT_GLOBAL] as Boot | undefined;
  api ??= boot?.api ?? acquireVsCodeApi();
  const vscode = api;
  // Read before the page saves any state: a page with saved state (shown before, then hidden, or restored after a
  // reload) may carry messages older than what it showed, so it waits for the host's replay instead.
  const fresh = boot ? boot.fresh : vscode.getState() == null;
  const carried = fresh ? carriedMessages() : [];
  const handlers: ((message: ToWebview) => void)[] = [];
  const dispatch = (data: unknown): void => {
    if (typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string') {
      for (const handler of handlers) handler(data as ToWebview);
    }
  };
  return {
    post: (message) => vscode.postMessage(message),
    onMessage: (handler) => {
      handlers.push(handler);
    },
    ready: () => {
      markStep('ready');
      if (carried.length > 0) markStep('carried');
      for (const data of carried) dispatch(data);
      if (boot) {
        boot.listen(dispatch);
        return;
      }
      window.addEventListener('message', (event: MessageEvent<unknown>) => dispatch(event.data));
      vscode.postMessage(fresh ? { type: 'ready', fresh: true } : { type: 'ready' });
    },
    getState: () => parseState(vscode.getState()),
    setState: (state) => {
      vscode.setState(state);
    },
  };
}

/** The host's first messages as this page's markup carries them (html.ts); [] when there are none. */
function carriedMessages(): unknown[] {
  const raw = document.body?.getAttribute(WEBVIEW_FIRST_MESSAGES_ATTRIBUTE);
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}
