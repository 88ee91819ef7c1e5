// Replaced at build time by the page's own script and styles (esbuild.mjs mcpAppPage); empty only when run unbuilt.
export const PAGE_SCRIPT: string = '';
export const PAGE_STYLES: string = '';
