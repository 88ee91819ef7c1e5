import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { credentialProblem, parseStoredCredentials, serializeCredentials } from '../../../../src/host/profile/credentials.js';

const good = { accessKeyId: 'AKID1234', secretAccessKey: 's3cr3t/+=' };

void describe('stored credentials', () => {
  void it('round-trips and stores only the two fields', () => {
    const json = serializeCredentials({ ...good, extra: 'x' } as typeof good);
    assert.deepEqual(JSON.parse(json), good);
    assert.deepEqual(parseStoredCredentials(json), good);
  });

  void it('reads a missing, corrupted or incomplete entry as no credentials', () => {
    for (const raw of [
      undefined,
      '',
      '{',
      'null',
      '"text"',
      '{"accessKeyId":"AKID"}',
      '{"accessKeyId":"AKID","secretAccessKey":5}',
      '{"accessKeyId":" ","secretAccessKey":"x"}',
    ]) {
      assert.equal(parseStoredCredentials(raw), undefined, String(raw));
    }
  });

  void it('refuses values that would break an HTTP header, without repeating them', () => {
    assert.throws(
      () => serializeCredentials({ accessKeyId: 'AKID', secretAccessKey: 'abc\r\nX: 1' }),
      (e: Error) => {
        assert.match(e.message, /secret access key contains a control character/);
        assert.ok(!e.message.includes('abc'));
        return true;
      },
    );
    assert.match(credentialProblem('accessKeyId', ' AKID') ?? '', /space/);
    assert.match(credentialProblem('accessKeyId', '') ?? '', /empty/);
    assert.match(credentialProblem('secretAccessKey', 'x'.repeat(1025)) ?? '', /longer/);
    assert.equal(credentialProblem('secretAccessKey', good.secretAccessKey), undefined);
  });
});
