// The page an MCP Apps host draws for get_month_view, get_trend and get_account_overview (src/mcp/apps.ts): it
// talks only to the host, over postMessage (bridge.ts). The host hands it the tool's result; a day, month or instance
// picked on the page is a tools/call the host makes for it. The panels' chart script (dist/webview/chart.js) runs
// before this one in the same page (src/mcpApp/page.ts), and the page's CSP allows no request at all.
import './app.css';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ComboChart } from '../common/comboChart.js';
import { h, replaceContent } from '../common/dom.js';
import { HostBridge, type HostContext } from './bridge.js';
import { readToolData } from './data.js';
import { drawResult, type Open } from './render.js';

const root = h('main', { id: 'app', className: 'mcp-app' });
const status = h('p', { className: 'visually-hidden', attrs: { role: 'status', 'aria-live': 'polite' } });
document.body.append(root, status);
replaceContent(root, h('p', { className: 'state' }, 'Waiting for the tool’s result…'));

let chart: ComboChart | undefined;
/** What was drawn before, for Back after opening a day, month or instance. */
const shown: CallToolResult[] = [];

/** The result's text parts; the result comes from the host, so its shape is read, not assumed. */
function textOf(result: CallToolResult): string {
  const content: unknown = result.content;
  return (Array.isArray(content) ? content : [])
    .flatMap((c: unknown) => {
      const part = c as { type?: unknown; text?: unknown } | null;
      return part?.type === 'text' && typeof part.text === 'string' ? [part.text] : [];
    })
    .join('\n');
}

function show(result: CallToolResult, back: boolean): void {
  chart?.destroy();
  chart = undefined;
  const backButton =
    back && shown.length > 1
      ? h(
          'button',
          { className: 'back-button', attrs: { type: 'button', title: 'Show what was drawn before' }, on: { click: goBack } },
          'Back',
        )
      : null;
  const data = result.isError ? undefined : readToolData(result.structuredContent);
  if (!data) {
    // An error, or a result with no chart (a day's activities): its text, as text.
    replaceContent(
      root,
      backButton,
      h('section', { className: `panel${result.isError ? ' state-error' : ''}` }, h('pre', { className: 'tool-text' }, textOf(result))),
    );
    return;
  }
  const drawn = drawResult(data, open);
  replaceContent(root, backButton, ...drawn.content);
  chart = drawn.inserted();
}

function goBack(): void {
  shown.pop();
  const previous = shown.at(-1);
  if (previous) show(previous, true);
  status.textContent = 'Back';
}

const open: Open = (tool, args, label) => {
  status.textContent = `Opening ${label}…`;
  bridge.callTool(tool, args).then(
    (result) => {
      shown.push(result);
      show(result, true);
      status.textContent = `Showing ${label}`;
    },
    (e: unknown) => {
      status.textContent = `Could not open ${label}: ${e instanceof Error ? e.message : String(e)}`;
    },
  );
};

/** The host's theme and style variables (the Apps protocol's `--color-*`, `--font-*`, … names), read by app.css. */
function applyContext(ctx: HostContext): void {
  const html = document.documentElement;
  if (ctx.theme === 'light' || ctx.theme === 'dark') {
    html.dataset['theme'] = ctx.theme;
    html.style.colorScheme = ctx.theme;
    document.body.classList.toggle('vscode-dark', ctx.theme === 'dark');
    document.body.classList.toggle('vscode-light', ctx.theme === 'light');
  }
  // The host's fonts (styles.css.fonts) are not applied: they are a style element and may fetch font files, which
  // the CSP refuses; its --font-sans variable still names the family.
  for (const [name, value] of Object.entries(ctx.styles?.variables ?? {}))
    if (name.startsWith('--') && typeof value === 'string') html.style.setProperty(name, value);
  chart?.refreshTheme();
}

const bridge = new HostBridge(window.parent, {
  toolResult(result) {
    shown.splice(0, shown.length, result);
    show(result, false);
  },
  context: applyContext,
});

/** The content's height (not the frame's), sent whenever it changes so the host can fit its frame to it. */
function watchSize(): void {
  let last = '';
  const measure = (): void => {
    const html = document.documentElement;
    const height = html.style.height;
    html.style.height = 'max-content';
    const size = [Math.ceil(window.innerWidth), Math.ceil(html.getBoundingClientRect().height)] as const;
    html.style.height = height;
    if (size.join() !== last) bridge.sizeChanged(...size);
    last = size.join();
  };
  const observer = new ResizeObserver(measure);
  observer.observe(document.documentElement);
  observer.observe(document.body);
}

bridge
  .connect({ name: 'Voice & SMS Toolkit charts', version: '1.0.0' })
  .then(watchSize, (e: unknown) =>
    replaceContent(
      root,
      h('p', { className: 'state state-error' }, `Could not reach the host: ${e instanceof Error ? e.message : String(e)}`),
    ),
  );
