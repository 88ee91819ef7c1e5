// dist/mcpApp.js: the Apps page as one self-contained HTML text (script and styles inline, allowed by their hashes in
// its CSP), which src/mcp/apps.ts requires only when a client reads a ui:// resource. esbuild.mjs mcpAppPage builds
// the page and puts it in place of pageHtml.ts.
import { PAGE_HTML } from './pageHtml.js';
import type { AppView } from './views.js';

/** The page for `view`: the body names which result it waits for. */
export function appPage(view: AppView): string {
  if (PAGE_HTML === '') throw new Error('The Apps page is built by esbuild.mjs (npm run build); this is its unbuilt source.');
  return PAGE_HTML.replace('<body>', `<body data-view="${view}">`);
}
