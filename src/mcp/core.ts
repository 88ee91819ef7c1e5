// The core (dist/core.js beside dist/mcp.js in the shipped files; src/core in the repository), required
// on first use: the server answers initialize and tools/list before parsing undici, the XML parser and the
// phone-number tables (bench: "MCP: bare Node start vs server start -> tools/list").
export type CoreModule = typeof import('../core/index.js');

let loaded: CoreModule | undefined;

export function core(): CoreModule {
  // A require inside the function keeps it lazy; esbuild.mjs (mcpSharesCore) turns it into require("./core.js").
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loaded ??= require('../core/index.js') as CoreModule);
}
