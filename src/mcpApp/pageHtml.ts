// Replaced at build time by the built page (esbuild.mjs mcpAppPage); empty only when run unbuilt.
export const PAGE_HTML: string = '';
