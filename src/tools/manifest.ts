// A spec's chat door as package.json's languageModelTools declares it (name, the literal English the model
// reads, the input schema as z.toJSONSchema writes it, the signed-in clause). Used by
// scripts/toolManifest.ts to write package.json and by test/unit/tools/manifest.test.ts to catch drift.
import { z } from 'zod';
import { CHAT_DOOR } from './index.js';
import type { ToolSpec } from './spec.js';

/** Tools are offered to chat only when a profile is signed in (context key set by host/profile/session.ts). */
export const CHAT_TOOLS_WHEN = 'voiceSms.signedIn';

export function chatManifestEntry(spec: ToolSpec): { name: string; modelDescription: string; inputSchema: unknown; when: string } {
  const { $schema: _, ...inputSchema } = z.toJSONSchema(spec.input(z, CHAT_DOOR), { io: 'input' });
  return { name: spec.chatName, modelDescription: spec.description(CHAT_DOOR), inputSchema, when: CHAT_TOOLS_WHEN };
}
