// Typed access to the page-side API VS Code injects into webviews. `acquireVsCodeApi` may be
// called only once per page, so the channel is created once and shared. The page's boot script
// (BOOT_SCRIPT in src/host/webviews/html.ts) usually has acquired it already, said `ready` and kept
// the host's first messages; the channel then takes both over.
import { markStep } from './painted.js';
import { WEBVIEW_BOOT_GLOBAL } from '../../shared/protocol.js';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState<T>(state: T): T;
}

/** What the boot script leaves on `window`. */
interface Boot {
  api: VsCodeApi;
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
   * The page can show what the host sends: delivers what arrived since the boot script said `ready`, or
   * says `ready` now where there was no boot script. Called once, after the first render.
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
      if (boot) {
        boot.listen(dispatch);
        return;
      }
      window.addEventListener('message', (event: MessageEvent<unknown>) => dispatch(event.data));
      vscode.postMessage({ type: 'ready' });
    },
    getState: () => parseState(vscode.getState()),
    setState: (state) => {
      vscode.setState(state);
    },
  };
}
