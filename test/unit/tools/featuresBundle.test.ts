// The chat door runs the tool specs without their schemas: zod (about 450 KB minified) stays out of
// dist/features.js, which every first command loads. Only the MCP door and the manifest script build schemas.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bundleInputs } from '../support/bundleInputs.js';

void describe('features bundle', () => {
  void it('holds the tool specs but neither zod nor the MCP server', async () => {
    const inputs = await bundleInputs('src/features.ts');
    assert.ok(
      inputs.some((i) => i.startsWith('src/tools/specs/')),
      'the chat tools run the specs',
    );
    assert.deepEqual(
      inputs.filter((i) => /node_modules\/zod\/|^src\/mcp\/|@modelcontextprotocol/.test(i)),
      [],
    );
  });
});
