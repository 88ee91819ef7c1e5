// Charts in chat (MCP Apps): the month view, trend and overview tools name a `ui://` page that hosts able to draw
// one show beside the tool's result; every other client keeps the text and structured result as they are. The page
// is dist/mcpApp.js, required only when a client reads one of these resources, so the server's start pays nothing
// for it. The names and values below are the ones @modelcontextprotocol/ext-apps' registerAppTool and
// registerAppResource write (test/unit/mcp/apps.browser.test.ts compares them); its server module is not imported
// here because it would bring 18 KB of the Apps protocol's schemas into dist/mcp.js for three constants.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { AppView } from '../mcpApp/views.js';

/** The MIME type that marks an MCP App page (the SDK's RESOURCE_MIME_TYPE). */
const APP_MIME_TYPE = 'text/html;profile=mcp-app';
/** The older flat key some hosts still read beside `_meta.ui.resourceUri` (the SDK's RESOURCE_URI_META_KEY). */
const LEGACY_URI_KEY = 'ui/resourceUri';

/** Each tool with a chart, by its spec key: its page (the end of its ui:// address), the page's title and description. */
const APPS: Partial<Record<string, [view: AppView, title: string, description: string]>> = {
  getMonthView: ['month-view', 'Month view chart', 'get_month_view as a chart and a table; a day opens its activities.'],
  getTrend: ['trend', 'Trend chart', 'get_trend as a chart and a table; a month opens its month view.'],
  getAccountOverview: [
    'overview',
    'Account overview chart',
    'get_account_overview as a chart and a table; an instance opens its month view.',
  ],
};

const uriOf = (view: AppView): string => `ui://voice-sms-toolkit/${view}`;

/** The `_meta` a tool with a page carries in tools/list. */
export function appToolMeta(key: string): Record<string, unknown> | undefined {
  const app = APPS[key];
  return app ? { ui: { resourceUri: uriOf(app[0]) }, [LEGACY_URI_KEY]: uriOf(app[0]) } : undefined;
}

/**
 * What the page may reach, beside its own meta CSP: nothing outside itself. Empty lists are the hosts' strictest
 * policy (no connect, resource or frame origins).
 */
const PAGE_META = { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } };

type PageModule = typeof import('../mcpApp/page.js');
let page: PageModule | undefined;

function pageHtml(view: AppView): string {
  // A require inside the function keeps it lazy; esbuild.mjs (lazyParts) turns it into require("./mcpApp.js").
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  page ??= require('../mcpApp/page.js') as PageModule;
  return page.appPage(view);
}

export function registerApps(server: McpServer): void {
  for (const [view, title, description] of Object.values(APPS) as Array<[AppView, string, string]>) {
    server.registerResource(
      view,
      uriOf(view),
      { title, description, mimeType: APP_MIME_TYPE, _meta: PAGE_META },
      (uri): ReadResourceResult => ({ contents: [{ uri: uri.href, mimeType: APP_MIME_TYPE, text: pageHtml(view), _meta: PAGE_META }] }),
    );
  }
}
