// The setup command's snippets: valid JSON in each agent's own shape, the installed server's path, the
// profile's non-secret values, and never a credential value — only the client's own way to supply it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MCP_CLIENTS, mcpSnippet } from '../../../src/shared/mcpSetup.js';

const input = {
  serverPath: '/ext/vstk.voice-sms-toolkit-0.1.0/dist/mcp.js',
  profile: { name: 'Production', baseUrl: 'https://api.example.com', accountId: 'ACC-1', voiceInstances: ['VI-1', 'VI-2'] },
};

type Entry = { command: string; args: string[]; env: Record<string, string> };

function entry(text: string): Entry {
  const j = JSON.parse(text) as { servers?: Record<string, Entry>; mcpServers?: Record<string, Entry> };
  const e = (j.servers ?? j.mcpServers)?.['voice-sms-toolkit'];
  assert.ok(e, text);
  return e;
}

void describe('MCP setup snippets', () => {
  void it("name the server and the profile's non-secret values for every client", () => {
    for (const client of MCP_CLIENTS) {
      const e = entry(mcpSnippet(client, input).text);
      assert.equal(e.command, 'node');
      assert.deepEqual(e.args, [input.serverPath]);
      assert.deepEqual(
        {
          url: e.env['VOICESMS_BASE_URL'],
          account: e.env['VOICESMS_ACCOUNT_ID'],
          instances: e.env['VOICESMS_VOICE_INSTANCES'],
          profile: e.env['VOICESMS_PROFILE'],
        },
        { url: 'https://api.example.com', account: 'ACC-1', instances: 'VI-1,VI-2', profile: 'Production' },
        client,
      );
    }
  });

  void it('supply the credentials only through the client (password input, environment expansion) or not at all', () => {
    const expected: Record<string, [string | undefined, string | undefined]> = {
      vscode: ['${input:voicesms-access-key-id}', '${input:voicesms-secret-access-key}'],
      cursor: ['${env:VOICESMS_ACCESS_KEY_ID}', '${env:VOICESMS_SECRET_ACCESS_KEY}'],
      claudeCode: ['${VOICESMS_ACCESS_KEY_ID}', '${VOICESMS_SECRET_ACCESS_KEY}'],
      claudeDesktop: [undefined, undefined],
    };
    for (const client of MCP_CLIENTS) {
      const s = mcpSnippet(client, input);
      const e = entry(s.text);
      assert.deepEqual([e.env['VOICESMS_ACCESS_KEY_ID'], e.env['VOICESMS_SECRET_ACCESS_KEY']], expected[client], client);
      assert.match(s.secretNote, /VOICESMS_SECRET_ACCESS_KEY|secret/, client);
    }
    const vscode = JSON.parse(mcpSnippet('vscode', input).text) as { inputs: Array<{ id: string; password: boolean }> };
    assert.deepEqual(
      vscode.inputs.map((i) => [i.id, i.password]),
      [
        ['voicesms-access-key-id', true],
        ['voicesms-secret-access-key', true],
      ],
    );
  });

  void it('leave out what the profile does not have', () => {
    const e = entry(mcpSnippet('cursor', { ...input, profile: { name: 'P', baseUrl: 'https://x.example', voiceInstances: [] } }).text);
    assert.equal(e.env['VOICESMS_ACCOUNT_ID'], undefined);
    assert.equal(e.env['VOICESMS_VOICE_INSTANCES'], undefined);
  });
});
