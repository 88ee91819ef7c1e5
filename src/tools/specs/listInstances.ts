// Instances: the profile, its voice instance ids and its sender ids (what send needs for "from").
import * as l10n from '@vscode/l10n';
import type { z } from 'zod';
import { defineTool, type Zod } from '../spec.js';
import { instancesToolResult } from '../text/accountText.js';
import { quoted } from '../text/dataText.js';
import { READ_ONLY } from './common.js';

const output = (z: Zod) =>
  z.object({
    profile: z.string(),
    host: z.string().optional(),
    signedIn: z.boolean(),
    demo: z.boolean(),
    accountId: z.string().optional(),
    instances: z.array(z.string()),
    senderIds: z.array(z.string()).describe('Sender identities for "from"; the send tool uses the first when "from" is omitted.'),
    sendingEnabled: z.boolean().optional(),
  });

const input = (z: Zod) => z.object({}).strict();

export const listInstancesTool = defineTool({
  key: 'listInstances',
  chatName: 'voiceSms_listInstances',
  mcpName: 'list_instances',
  title: 'Voice & SMS: Instances',
  chat: {
    displayName: 'Voice & SMS: Instances and Senders',
    userDescription: 'The voice instances and sender identities of the active profile.',
    referenceName: 'voiceSmsInstances',
    icon: '$(server)',
  },
  description: () =>
    'List the active Voice & SMS profile (name, whether signed in, whether it is the offline demo), its voice instance IDs and its SMS sender identities. Call this first when the user did not name an instance or a sender, then pass an ID from it to the other Voice & SMS tools. Takes no input.',
  input,
  output,
  annotations: READ_ONLY,
  limits: () => ({}),
  async run(ctx) {
    const f = await ctx.facts();
    const out = instancesToolResult(
      { profile: f.profile, signedIn: f.signedIn, demo: f.demo, instances: [...f.instances], senderIds: [...f.senderIds] },
      f.hints,
    );
    const lines = [out.text];
    // What only a door without a profile list tells (the MCP server): where the calls go, the account, sending.
    if (f.host !== undefined) lines.push(l10n.t('Service host: {0}.', quoted(f.host, 120)));
    if (f.accountId !== undefined) lines.push(l10n.t('Account: {0} (the balance tool reads it).', quoted(f.accountId, 80)));
    if (f.sendingEnabled !== undefined)
      lines.push(
        f.sendingEnabled
          ? l10n.t('Sending test SMS is enabled; every message is confirmed by the user before it is sent.')
          : l10n.t('Sending test SMS is off.'),
      );
    const data = JSON.parse(out.json) as z.output<ReturnType<typeof output>>;
    return {
      text: lines.join('\n'),
      data: {
        ...data,
        ...(f.host !== undefined ? { host: f.host } : {}),
        ...(f.accountId !== undefined ? { accountId: f.accountId } : {}),
        ...(f.sendingEnabled !== undefined ? { sendingEnabled: f.sendingEnabled } : {}),
      },
    };
  },
});
