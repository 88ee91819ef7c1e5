// Kept apart from stableServer.ts so activation reads it without bundling the copy itself (that lives in dist/features.js).
/** globalState key: the extension version whose MCP server was last copied (absent: Set Up never ran here). */
export const MCP_COPY_STATE = 'voiceSms.mcpServerCopy';
