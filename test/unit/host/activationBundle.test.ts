// Activation must stay light: bundling src/extension.ts may not pull in the HTTP client, the XML
// parser, the phone-number library, the core client, the simulator (the demo loads it on start) or the MCP
// server and its SDK (dist/mcp.js, run by agents, never by the extension). Builds in memory with the project's esbuild.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bundleInputs } from '../support/bundleInputs.js';

const HEAVY = [
  /node_modules\/undici\//,
  /node_modules\/fast-xml-parser\//,
  /node_modules\/libphonenumber-js\//,
  /node_modules\/sms-segments-calculator\//,
  /^src\/core\/client\.ts$/,
  /^src\/simulator\//,
  /node_modules\/@modelcontextprotocol\//,
  /node_modules\/zod\//,
  /^src\/mcp\//,
];

void describe('activation bundle', () => {
  void it('contains none of the heavy modules', async () => {
    const inputs = await bundleInputs('src/extension.ts');
    assert.ok(inputs.includes('src/extension.ts'), 'the metafile lists bundled sources by relative path');
    assert.deepEqual(
      inputs.filter((i) => HEAVY.some((h) => h.test(i))),
      [],
    );
  });
});
