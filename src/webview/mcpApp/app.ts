// The page an MCP Apps host draws for get_month_view, get_trend and get_account_overview (src/mcp/apps.ts): it
// talks only to the host, through the Apps SDK's App over postMessage. The host hands it the tool's result; a day,
// month or instance picked on the page is a tools/call the host makes for it (App.callServerTool). The page's CSP
// (esbuild.mjs mcpAppPage) allows no request at all.
import './pageStyles.js';
import { App, applyDocumentTheme, applyHostStyleVariables } from '@modelcontextprotocol/ext-apps';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ComboChart } from '../common/comboChart.js';
import { h, replaceContent } from '../common/dom.js';
import { readToolData } from './data.js';
import { draw, type Open } from './render.js';

/** What the page reads of the host's context (the Apps SDK's McpUiHostContext). */
interface McpUiHostContext {
  theme?: 'light' | 'dark';
  styles?: { variables?: Parameters<typeof applyHostStyleVariables>[0] };
}

const root = h('main', { id: 'app', className: 'mcp-app' });
const status = h('p', { className: 'visually-hidden', attrs: { role: 'status', 'aria-live': 'polite' } });
document.body.append(root, status);
replaceContent(root, h('p', { className: 'state' }, 'Waiting for the tool’s result…'));

const app = new App({ name: 'Voice & SMS Toolkit charts', version: '1.0.0' }, {}, { autoResize: true });
let chart: ComboChart | undefined;
/** What was drawn before, for Back after opening a day, month or instance. */
const shown: CallToolResult[] = [];

function textOf(result: CallToolResult): string {
  return result.content
    .filter((c): c is { type: 'text'; text: string } => c.type === 'text')
    .map((c) => c.text)
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
  const drawn = draw(data, open);
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
  app.callServerTool({ name: tool, arguments: args }).then(
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

function applyContext(ctx: McpUiHostContext | undefined): void {
  if (ctx?.theme) {
    // typescript-eslint does not follow ext-apps' extensionless re-export of its style helpers ("./styles"); tsc does.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-call
    applyDocumentTheme(ctx.theme);
    document.body.classList.toggle('vscode-dark', ctx.theme === 'dark');
    document.body.classList.toggle('vscode-light', ctx.theme !== 'dark');
  }
  // The host's fonts (styles.css.fonts) are not applied: they are a style element and may fetch font files, which
  // the CSP refuses; its --font-sans variable still names the family.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-call
  if (ctx?.styles?.variables) applyHostStyleVariables(ctx.styles.variables);
  chart?.refreshTheme();
}

app.ontoolresult = (params) => {
  const result = params as CallToolResult;
  shown.splice(0, shown.length, result);
  show(result, false);
};
app.onhostcontextchanged = (ctx) =>
  applyContext({ ...(app.getHostContext() as McpUiHostContext | undefined), ...(ctx as McpUiHostContext) });
app.connect().then(
  () => applyContext(app.getHostContext() as McpUiHostContext | undefined),
  (e: unknown) =>
    replaceContent(
      root,
      h('p', { className: 'state state-error' }, `Could not reach the host: ${e instanceof Error ? e.message : String(e)}`),
    ),
);
