// Typed access to the page-side API VS Code injects into webviews. `acquireVsCodeApi` may be
// called only once per page, so the channel is created once and shared.

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState<T>(state: T): T;
}

declare global {
  function acquireVsCodeApi(): VsCodeApi;
}

export interface HostChannel<ToHost, ToWebview, State> {
  post(message: ToHost): void;
  /** Messages from the host; anything without a string `type` is ignored. */
  onMessage(handler: (message: ToWebview) => void): void;
  /** The state saved before a reload, checked by `parseState` (it may come from an older version). */
  getState(): State | undefined;
  setState(state: State): void;
}

let api: VsCodeApi | undefined;

export function connectToHost<ToHost, ToWebview extends { type: string }, State>(
  parseState: (raw: unknown) => State | undefined,
): HostChannel<ToHost, ToWebview, State> {
  api ??= acquireVsCodeApi();
  const vscode = api;
  return {
    post: (message) => vscode.postMessage(message),
    onMessage: (handler) => {
      window.addEventListener('message', (event: MessageEvent<unknown>) => {
        const data = event.data;
        if (typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string') {
          handler(data as ToWebview);
        }
      });
    },
    getState: () => parseState(vscode.getState()),
    setState: (state) => {
      vscode.setState(state);
    },
  };
}
