// The server's command line and environment, read as pure functions: strict flags, the profile's
// non-secret settings with the values the voiceSms.* settings take, and problems that never repeat a value.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CA_FILE_VARIABLE } from '../../../src/core/http/trust.js';
import { DEFAULT_MAX_SENDS_PER_HOUR, ENV, readFlags, readSettings } from '../../../src/mcp/config.js';
import { root } from './harness.js';

const REQUIRED = { VOICESMS_BASE_URL: 'http://127.0.0.1:1', VOICESMS_ACCESS_KEY_ID: 'id', VOICESMS_SECRET_ACCESS_KEY: ' s e c ' };

void describe('readFlags', () => {
  void it('takes the three flags, in any order, the count with a space or an equals sign', () => {
    assert.deepEqual(readFlags([]), { ok: true, flags: { allowSend: false, maxSendsPerHour: DEFAULT_MAX_SENDS_PER_HOUR, demo: false } });
    assert.deepEqual(readFlags(['--demo', '--max-sends-per-hour', '3', '--allow-send']), {
      ok: true,
      flags: { allowSend: true, maxSendsPerHour: 3, demo: true },
    });
    assert.deepEqual(readFlags(['--max-sends-per-hour=25']), { ok: true, flags: { allowSend: false, maxSendsPerHour: 25, demo: false } });
  });

  void it('refuses anything else, naming flags by name and other arguments by position only', () => {
    const problem = (argv: string[]): string => {
      const r = readFlags(argv);
      assert.equal(r.ok, false, argv.join(' '));
      return r.ok ? '' : r.problem;
    };
    assert.match(problem(['--allowsend']), /^Unknown flag --allowsend \(argument 1\), perhaps --allow-send was meant/);
    assert.match(problem(['--Demo']), /perhaps --demo was meant/);
    assert.match(
      problem(['--demo', '--verbose']),
      /^Unknown flag --verbose \(argument 2\): the server takes --allow-send, --max-sends-per-hour N and --demo\.$/,
    );
    assert.match(problem(['--allow-send=yes']), /^--allow-send takes no value \(argument 1\)/);
    assert.match(problem(['--allow-send', '--demo', '--allow-send']), /^--allow-send is given twice \(arguments 1 and 3\)/);
    for (const secret of ['wJalrXUtnFEMI/K7MDENG', '--key=wJalrXUtnFEMI', 'https://x.test/?t=abc']) {
      const p = problem(['--demo', secret]);
      assert.ok(!p.includes('wJalrXUtnFEMI') && !p.includes('abc'), p);
      assert.match(p, /argument 2/i);
    }
    for (const bad of ['0', '-1', '1.5', '1e3', '01', ' 5', '1000000', 'ten']) {
      assert.match(
        problem(['--max-sends-per-hour', bad]),
        /needs a whole number of sends from 1 to 999999, for example --max-sends-per-hour 5, and argument 2 is not one\.$/,
        bad,
      );
    }
    assert.match(problem(['--max-sends-per-hour']), /needs a whole number of sends from 1 to 999999 after it/);
  });
});

void describe('readSettings', () => {
  void it('defaults the auth settings as the editor does, and reads each variable', () => {
    const plain = readSettings(REQUIRED);
    assert.ok(plain.ok);
    assert.deepEqual(plain.settings.auth, { form: 'seed', signature: 'hmac-sha256', scheme: 'CLOUD-V1' });
    assert.equal(plain.settings.secretAccessKey, ' s e c ', 'the secret is used exactly as given');
    assert.equal(plain.settings.caFile, undefined);

    const all = readSettings({
      ...REQUIRED,
      VOICESMS_AUTH_FORM: ' Signed ',
      VOICESMS_AUTH_SIGNATURE: 'empty',
      VOICESMS_AUTH_SCHEME: 'ACME-V2',
      VOICESMS_CA_FILE: ' /etc/corp/root.pem ',
      VOICESMS_DEFAULT_REGION: 'de',
      VOICESMS_SENDER_IDS: 'A, B,A',
    });
    assert.ok(all.ok);
    assert.deepEqual(all.settings.auth, { form: 'signed', signature: 'empty', scheme: 'ACME-V2' });
    assert.equal(all.settings.caFile, '/etc/corp/root.pem');
    assert.equal(all.settings.defaultRegion, 'DE');
    assert.deepEqual(all.settings.senderIds, ['A', 'B']);
  });

  void it('takes the values package.json allows for voiceSms.auth.*', () => {
    type Section = { properties: Record<string, { enum?: string[] }> };
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      contributes: { configuration: Section | Section[] };
    };
    const configuration = manifest.contributes.configuration;
    const sections = Array.isArray(configuration) ? configuration : [configuration];
    const props = Object.assign({}, ...sections.map((s) => s.properties)) as Section['properties'];
    for (const [setting, variable] of [
      ['voiceSms.auth.form', ENV.authForm],
      ['voiceSms.auth.signature', ENV.authSignature],
    ] as const) {
      const values = props[setting]?.enum ?? [];
      assert.ok(values.length > 1, setting);
      for (const v of values) assert.ok(readSettings({ ...REQUIRED, [variable]: v }).ok, `${variable}=${v}`);
      assert.equal(readSettings({ ...REQUIRED, [variable]: 'other' }).ok, false);
    }
    assert.equal(ENV.caFile, CA_FILE_VARIABLE, 'the core names the variable this server reads');
  });

  void it('an unusable value is one problem naming every such variable, never its value', () => {
    const r = readSettings({ ...REQUIRED, VOICESMS_AUTH_SIGNATURE: 'sha1-secretish', VOICESMS_DEFAULT_REGION: 'DEU' });
    assert.equal(r.ok, false);
    if (r.ok) return;
    assert.match(r.problem, /VOICESMS_AUTH_SIGNATURE must be one of hmac-sha256, empty\./);
    assert.match(r.problem, /VOICESMS_DEFAULT_REGION must be a two-letter ISO country code/);
    assert.ok(!r.problem.includes('secretish') && !r.problem.includes('DEU'), r.problem);
  });
});
