// A spec's chat door as package.json's languageModelTools declares it (name, titles as package.nls.json keys,
// the # reference, icon, tags, the literal English the model reads, the input schema as z.toJSONSchema writes
// it, the signed-in clause) and the English titles package.nls.json holds for it. Used by
// scripts/toolManifest.ts to write both files and by test/unit/tools/manifest.test.ts to catch drift.
import { z } from 'zod';
import { CHAT_DOOR } from './index.js';
import type { ToolSpec } from './spec.js';

/** Tools are offered to chat only when a profile is signed in (context key set by host/profile/session.ts). */
const CHAT_TOOLS_WHEN = 'voiceSms.signedIn';

export interface ChatManifestEntry {
  name: string;
  displayName: string;
  toolReferenceName: string;
  canBeReferencedInPrompt: true;
  icon: string;
  userDescription: string;
  modelDescription: string;
  tags: string[];
  inputSchema: unknown;
  when: string;
}

/** The package.nls.json keys of a tool's titles. */
function chatNlsKeys(spec: ToolSpec): { displayName: string; userDescription: string } {
  return { displayName: `tool.${spec.key}.displayName`, userDescription: `tool.${spec.key}.userDescription` };
}

export function chatManifestEntry(spec: ToolSpec): ChatManifestEntry {
  const { $schema: _, ...inputSchema } = z.toJSONSchema(spec.input(z, CHAT_DOOR), { io: 'input' });
  const keys = chatNlsKeys(spec);
  return {
    name: spec.chatName,
    displayName: `%${keys.displayName}%`,
    toolReferenceName: spec.chat.referenceName,
    canBeReferencedInPrompt: true,
    icon: spec.chat.icon,
    userDescription: `%${keys.userDescription}%`,
    modelDescription: spec.description(CHAT_DOOR),
    tags: ['voiceSms', spec.chat.sends ? 'sms' : 'readOnly'],
    inputSchema,
    when: CHAT_TOOLS_WHEN,
  };
}

/** The English package.nls.json holds for the tool (translations live beside it, keyed the same). */
export function chatNlsEntries(spec: ToolSpec): Record<string, string> {
  const keys = chatNlsKeys(spec);
  return { [keys.displayName]: spec.chat.displayName, [keys.userDescription]: spec.chat.userDescription };
}

/** Whether a package.nls.json key belongs to a chat tool's titles (stale ones are dropped when the manifest is written). */
export function isChatNlsKey(key: string): boolean {
  return /^tool\.\w+\.(?:displayName|userDescription)$/.test(key);
}
