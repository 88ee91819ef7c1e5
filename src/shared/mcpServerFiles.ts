// Which files of dist/ the MCP server needs: dist/mcp.js and the bundles it requires beside it (./core.js, the
// core's lazily loaded ./undici.js, ./phone.js, ./segments.js and ./spelled.js, the answer thread's ./answerThread.js,
// the MCP Apps page ./mcpApp.js, and whatever a later build adds), found by following its `require("./x.js")` and
// `require.resolve("./x.js")` calls, and the panels' files the Apps page inlines (./webview/chart.js,
// ./webview/webview.css), which src/mcpApp/page.ts names as literals. The stable copy the setup command installs
// (src/host/mcp/stableServer.ts) and the MCP Bundle (scripts/editor/mcpBundle.ts) both use it, so neither misses a
// file when the server starts requiring one more.

export const MCP_ENTRY = 'mcp.js';

/** `require("./x.js")`, and `require.resolve("./x.js")` for a file the bundle starts a thread from. */
const LOCAL_REQUIRE = /require(?:\.resolve)?\("\.\/([\w.-]+\.js)"\)/g;
/** `"./webview/x.js"` or `"./webview/x.css"`: a panel file read beside the bundle, kept under webview/ in a copy. */
const PANEL_FILE = /"\.\/(webview\/[\w.-]+\.(?:js|css))"/g;

/** File names (relative to dist/, `webview/` the only folder), the entry first; `read` returns a file's text. */
export function mcpServerFiles(read: (name: string) => string): string[] {
  const files = [MCP_ENTRY];
  for (let i = 0; i < files.length; i++) {
    const text = read(files[i]!);
    for (const m of [...text.matchAll(LOCAL_REQUIRE), ...text.matchAll(PANEL_FILE)]) {
      const name = m[1]!;
      if (!files.includes(name)) files.push(name);
    }
  }
  return files;
}
