// Which files of dist/ the MCP server needs: dist/mcp.js and the bundles it requires beside it (./core.js, the
// core's lazily loaded ./undici.js, ./phone.js, ./segments.js and ./spelled.js, the answer thread's ./answerThread.js,
// and whatever a later build adds), found by following its `require("./x.js")` and `require.resolve("./x.js")` calls. The stable copy the setup command installs (src/host/mcp/stableServer.ts)
// and the MCP Bundle (scripts/editor/mcpBundle.ts) both use it, so neither misses a file when the server starts
// requiring one more.

export const MCP_ENTRY = 'mcp.js';

/** `require("./x.js")`, and `require.resolve("./x.js")` for a file the bundle starts a thread from. */
const LOCAL_REQUIRE = /require(?:\.resolve)?\("\.\/([\w.-]+\.js)"\)/g;

/** File names (relative to dist/), the entry first; `read` returns a bundle's text. */
export function mcpServerFiles(read: (name: string) => string): string[] {
  const files = [MCP_ENTRY];
  for (let i = 0; i < files.length; i++) {
    for (const m of read(files[i]!).matchAll(LOCAL_REQUIRE)) {
      const name = m[1]!;
      if (!files.includes(name)) files.push(name);
    }
  }
  return files;
}
