// The host side of MCP Apps in a test page: the Apps SDK's own AppBridge over its PostMessageTransport, talking to
// the ui:// page in a sandboxed iframe, as a chat host does. Tool calls the page asks for go to the test (Node), which
// makes them on the built server; the page never reaches anything else.
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

interface HostWindow {
  /** Exposed by the test: runs a tools/call on the built server. */
  hostCallTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<CallToolResult>;
  /** Set here: mounts `html` and hands it `result` once the page has initialised. */
  mountApp(html: string, result: CallToolResult, theme: 'light' | 'dark', variables: Record<string, string>): Promise<void>;
}

const w = window as unknown as HostWindow;

w.mountApp = async (html, result, theme, variables) => {
  document.body.replaceChildren();
  const frame = document.createElement('iframe');
  // No allow-same-origin: the page runs in an opaque origin, as hosts sandbox it.
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.title = 'Chart';
  frame.style.cssText = 'width: 860px; height: 600px; border: 0; display: block';
  document.body.append(frame);
  const bridge = new AppBridge(
    null,
    { name: 'vstk-test-host', version: '1.0.0' },
    { serverTools: {} },
    { hostContext: { theme, styles: { variables }, displayMode: 'inline', platform: 'web' } },
  );
  bridge.oncalltool = (params) => w.hostCallTool(params);
  bridge.onsizechange = ({ height }) => {
    if (height !== undefined) frame.style.height = `${Math.min(height, 4000)}px`;
  };
  const initialised = new Promise<void>((resolve) => (bridge.oninitialized = () => resolve()));
  // The bridge listens before the page loads (its window stays the same object across the navigation), so the
  // page's first message, ui/initialize, is not missed.
  const target = frame.contentWindow!;
  await bridge.connect(new PostMessageTransport(target, target));
  frame.srcdoc = html;
  await initialised;
  await bridge.sendToolResult(result);
};
