// The three pages of the Apps bundle, one per tool that has a chart (src/mcp/apps.ts names their addresses).
export const APP_VIEWS = ['month-view', 'trend', 'overview'] as const;
export type AppView = (typeof APP_VIEWS)[number];
