// The configuration snippets "Set Up MCP Server for Another Client…" shows: the installed server's path
// and the active profile's non-secret values, for the common agents' own formats. The access key id and
// the secret are never written: each snippet takes them the way its client can without a file holding
// them (VS Code's password input, Cursor's and Claude Code's ${…} expansion of their own environment).
// Pure, so the formats are unit-tested; the command (src/host/commands/setUpMcpServer.ts) only shows them.

export const MCP_SERVER_NAME = 'voice-sms-toolkit';

export const MCP_CLIENTS = ['vscode', 'cursor', 'claudeCode', 'claudeDesktop'] as const;
export type McpClient = (typeof MCP_CLIENTS)[number];

export interface McpSetupInput {
  /** Absolute path of dist/mcp.js in the installed extension. */
  serverPath: string;
  profile: { name: string; baseUrl: string; accountId?: string | undefined; voiceInstances: readonly string[] };
}

export interface McpSnippet {
  client: McpClient;
  /** Where the snippet goes, for the message beside it. */
  file: string;
  /** JSON (JSONC for VS Code) to paste as is. */
  text: string;
  /** How the two credentials reach the server with this client. */
  secretNote: string;
}

const KEY_ID = 'VOICESMS_ACCESS_KEY_ID';
const SECRET = 'VOICESMS_SECRET_ACCESS_KEY';

/** The variables that are not secret, in the order the server documents them. */
function publicEnv(p: McpSetupInput['profile']): Record<string, string> {
  return {
    VOICESMS_BASE_URL: p.baseUrl,
    ...(p.accountId ? { VOICESMS_ACCOUNT_ID: p.accountId } : {}),
    ...(p.voiceInstances.length > 0 ? { VOICESMS_VOICE_INSTANCES: p.voiceInstances.join(',') } : {}),
    VOICESMS_PROFILE: p.name,
  };
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export function mcpSnippet(client: McpClient, input: McpSetupInput): McpSnippet {
  const server = { command: 'node', args: [input.serverPath] };
  const env = publicEnv(input.profile);
  switch (client) {
    case 'vscode':
      return {
        client,
        file: '.vscode/mcp.json (or the user mcp.json: "MCP: Open User Configuration")',
        text: json({
          inputs: [
            {
              type: 'promptString',
              id: 'voicesms-access-key-id',
              description: `Voice & SMS access key id (profile ${input.profile.name})`,
              password: true,
            },
            {
              type: 'promptString',
              id: 'voicesms-secret-access-key',
              description: `Voice & SMS secret access key (profile ${input.profile.name})`,
              password: true,
            },
          ],
          servers: {
            [MCP_SERVER_NAME]: {
              type: 'stdio',
              ...server,
              env: { ...env, [KEY_ID]: '${input:voicesms-access-key-id}', [SECRET]: '${input:voicesms-secret-access-key}' },
            },
          },
        }),
        secretNote:
          'VS Code asks for the access key id and the secret the first time it starts the server (password inputs) and keeps them in its own secret storage; nothing secret is in the file.',
      };
    case 'cursor':
      return {
        client,
        file: '~/.cursor/mcp.json (or .cursor/mcp.json in a project)',
        text: json({
          mcpServers: {
            [MCP_SERVER_NAME]: {
              ...server,
              env: { ...env, [KEY_ID]: '${env:VOICESMS_ACCESS_KEY_ID}', [SECRET]: '${env:VOICESMS_SECRET_ACCESS_KEY}' },
            },
          },
        }),
        secretNote: `Cursor fills \${env:…} from its own environment: set ${KEY_ID} and ${SECRET} where Cursor is started (your shell profile or the OS's user environment), never in the file.`,
      };
    case 'claudeCode':
      return {
        client,
        file: '.mcp.json in your project (Claude Code)',
        text: json({
          mcpServers: {
            [MCP_SERVER_NAME]: {
              type: 'stdio',
              ...server,
              env: { ...env, [KEY_ID]: '${VOICESMS_ACCESS_KEY_ID}', [SECRET]: '${VOICESMS_SECRET_ACCESS_KEY}' },
            },
          },
        }),
        secretNote: `Claude Code expands \${…} from the environment it runs in: export ${KEY_ID} and ${SECRET} in the shell that starts it, never in the file.`,
      };
    case 'claudeDesktop':
      return {
        client,
        file: 'claude_desktop_config.json (Claude Desktop: Settings → Developer → Edit Config)',
        text: json({ mcpServers: { [MCP_SERVER_NAME]: { ...server, env } } }),
        secretNote: `Claude Desktop has no password input and no expansion: it gives the server only the variables listed. Add ${KEY_ID} and ${SECRET} to "env" yourself only if that file is as private as a password store; otherwise use a client with a password input (VS Code) or environment expansion (Cursor, Claude Code).`,
      };
  }
}
