// What several specs share.
import type { ToolAnnotations } from '../spec.js';

export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
