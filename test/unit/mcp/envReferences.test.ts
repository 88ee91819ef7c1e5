// Credentials given as ${NAME} (what Codex CLI and Claude Code at user scope hand over unexpanded) are read from
// NAME in the server's own environment; an unset NAME is named in a sentence, never a value; nothing but the two
// credentials is resolved.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveCredentialReferences } from '../../../src/mcp/envReferences.js';
import { readSettings } from '../../../src/mcp/config.js';

const BASE = { VOICESMS_BASE_URL: 'https://api.example.com' };

void describe('credential references in the environment', () => {
  void it('reads ${NAME} and ${env:NAME} from the named variables, and readSettings then has the values', () => {
    const { env, unresolved } = resolveCredentialReferences({
      ...BASE,
      VOICESMS_ACCESS_KEY_ID: '${VOICESMS_PROD_ACCESS_KEY_ID}',
      VOICESMS_SECRET_ACCESS_KEY: '${env:VOICESMS_PROD_SECRET_ACCESS_KEY}',
      VOICESMS_PROD_ACCESS_KEY_ID: 'AKID-1',
      VOICESMS_PROD_SECRET_ACCESS_KEY: 's3cret',
    });
    assert.deepEqual(unresolved, []);
    const read = readSettings(env);
    assert.ok(read.ok);
    assert.equal(read.settings.accessKeyId, 'AKID-1');
    assert.equal(read.settings.secretAccessKey, 's3cret');
  });

  void it('names an unset variable (never a value) and leaves the credential empty, so start-up reports it', () => {
    const { env, unresolved } = resolveCredentialReferences({
      ...BASE,
      VOICESMS_ACCESS_KEY_ID: 'AKID-plain',
      VOICESMS_SECRET_ACCESS_KEY: '${VOICESMS_PROD_SECRET_ACCESS_KEY}',
    });
    assert.equal(env['VOICESMS_ACCESS_KEY_ID'], 'AKID-plain', 'a plain value stays');
    assert.equal(env['VOICESMS_SECRET_ACCESS_KEY'], '');
    assert.equal(unresolved.length, 1);
    assert.match(unresolved[0]!, /VOICESMS_SECRET_ACCESS_KEY names \$\{VOICESMS_PROD_SECRET_ACCESS_KEY\}, which is not set/);
    assert.ok(!readSettings(env).ok);
  });

  void it('resolves nothing else: other variables and values that only contain a reference stay as they are', () => {
    const input = {
      ...BASE,
      VOICESMS_PROFILE: '${HOME}',
      VOICESMS_ACCESS_KEY_ID: 'x${HOME}',
      VOICESMS_SECRET_ACCESS_KEY: '${VOICESMS_SECRET_ACCESS_KEY}',
      HOME: '/home/you',
    };
    const { env, unresolved } = resolveCredentialReferences(input);
    assert.equal(env['VOICESMS_PROFILE'], '${HOME}');
    assert.equal(env['VOICESMS_ACCESS_KEY_ID'], 'x${HOME}');
    assert.equal(env['VOICESMS_SECRET_ACCESS_KEY'], '', 'a reference to itself is not a value');
    assert.equal(unresolved.length, 1);
  });
});
