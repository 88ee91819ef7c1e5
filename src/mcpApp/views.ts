// The three pages of the Apps bundle, one per tool that has a chart (src/mcp/apps.ts names their addresses).
export type AppView = 'month-view' | 'trend' | 'overview';
