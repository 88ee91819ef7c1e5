import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { activeProfileOf, DEFAULT_SETTINGS, readSettings, visibleInstances } from '../../../../src/host/profile/settings.js';
import type { SettingKey } from '../../../../src/shared/ids.js';

const from =
  (values: Partial<Record<SettingKey, unknown>>) =>
  (key: SettingKey): unknown =>
    values[key];

void describe('readSettings', () => {
  void it('returns the defaults, with no problems, when nothing is set', () => {
    const { settings, problems } = readSettings(from({}));
    assert.deepEqual(settings, DEFAULT_SETTINGS);
    assert.deepEqual(problems, []);
  });

  void it('keeps valid values', () => {
    const { settings, problems } = readSettings(
      from({
        requestTimeoutSeconds: 2.5,
        monthsInTree: 24,
        lowBalanceThreshold: 0,
        'statusBar.showBalance': false,
        'sms.defaultRegion': 'de',
        'sms.maxSegments': 1,
        'sms.confirmBeforeSend': false,
        'auth.scheme': 'ACME-V1',
        'auth.form': 'basic',
        'auth.signature': 'empty',
      }),
    );
    assert.deepEqual(problems, []);
    assert.equal(settings.requestTimeoutSeconds, 2.5);
    assert.equal(settings.monthsInTree, 24);
    assert.equal(settings.lowBalanceThreshold, 0);
    assert.equal(settings.statusBarShowBalance, false);
    assert.equal(settings.smsDefaultRegion, 'DE');
    assert.equal(settings.smsMaxSegments, 1);
    assert.equal(settings.smsConfirmBeforeSend, false);
    assert.deepEqual([settings.authScheme, settings.authForm, settings.authSignature], ['ACME-V1', 'basic', 'empty']);
  });

  void it('falls back to the default for each wrong value and names the setting', () => {
    const { settings, problems } = readSettings(
      from({
        requestTimeoutSeconds: '30',
        monthsInTree: 2.5,
        lowBalanceThreshold: -1,
        'sms.maxSegments': 99,
        'sms.confirmBeforeSend': 'no',
        'sms.defaultRegion': 'Germany',
        'auth.scheme': 'CLOUD V1\r\nX-Injected: 1',
        'auth.form': 'digest',
      }),
    );
    assert.equal(settings.requestTimeoutSeconds, 30);
    assert.equal(settings.monthsInTree, 12);
    assert.equal(settings.lowBalanceThreshold, 5);
    assert.equal(settings.smsMaxSegments, 3);
    assert.equal(settings.smsConfirmBeforeSend, true, 'a malformed value never turns the confirmation off');
    assert.equal(settings.smsDefaultRegion, '');
    assert.equal(settings.authScheme, 'CLOUD-V1', 'no header injection through the scheme');
    assert.equal(settings.authForm, 'seed');
    assert.equal(problems.length, 8);
    for (const key of [
      'requestTimeoutSeconds',
      'monthsInTree',
      'lowBalanceThreshold',
      'sms.maxSegments',
      'sms.confirmBeforeSend',
      'sms.defaultRegion',
      'auth.scheme',
      'auth.form',
    ]) {
      assert.ok(
        problems.some((p) => p.includes(`voiceSms.${key} `)),
        key,
      );
    }
    assert.ok(!problems.some((p) => p.includes('X-Injected')), 'problems do not repeat the value');
  });

  void it('reads profiles, skipping broken and repeated ones', () => {
    const { settings, problems } = readSettings(
      from({
        profiles: [
          {
            name: ' prod ',
            baseUrl: 'https://api.example.com',
            accountId: 'acc-1',
            voiceInstances: ['a', 'a', ' b ', '', 7],
            senderIds: ['s1'],
          },
          { name: 'no-url' },
          'not an object',
          { name: 'prod', baseUrl: 'https://other.example.com' },
          { name: 'sim', baseUrl: 'http://127.0.0.1:8080' },
        ],
      }),
    );
    assert.deepEqual(settings.profiles, [
      { name: 'prod', baseUrl: 'https://api.example.com', accountId: 'acc-1', voiceInstances: ['a', 'b'], senderIds: ['s1'] },
      { name: 'sim', baseUrl: 'http://127.0.0.1:8080', voiceInstances: [], senderIds: [] },
    ]);
    assert.equal(problems.length, 3);
    assert.ok(problems.some((p) => p.includes('repeats the name "prod"')));
  });

  void it("keeps the first of two look-alike ids (one NFKC form) and names both in a problem; the workspace's too", () => {
    // Full-width V and I, and e + U+0301: written out here, not taken from the product.
    const { settings, problems } = readSettings(
      from({
        profiles: [
          {
            name: 'p',
            baseUrl: 'https://x',
            voiceInstances: ['VI-1', '\uFF36\uFF29-1', 'cafe\u0301'],
            senderIds: ['caf\u00e9', 'cafe\u0301'],
          },
        ],
        workspaceInstances: ['\uFF36\uFF29-1'],
      }),
    );
    assert.deepEqual(settings.profiles[0]?.voiceInstances, ['VI-1', 'cafe\u0301']);
    assert.deepEqual(settings.profiles[0]?.senderIds, ['caf\u00e9']);
    assert.equal(problems.length, 2, problems.join(' | '));
    assert.match(problems[0] ?? '', /"\uFF36\uFF29-1".*looks the same as "VI-1"/);
    assert.deepEqual(visibleInstances(settings), ['VI-1', 'cafe\u0301'], 'a pinned look-alike is not shown beside the id');
  });

  void it('ignores a profiles value that is not a list', () => {
    const { settings, problems } = readSettings(from({ profiles: { name: 'x' } }));
    assert.deepEqual(settings.profiles, []);
    assert.equal(problems.length, 1);
  });

  void it('joins the pinned instances of every workspace folder', () => {
    const { settings } = readSettings(from({ workspaceInstances: ['w1'] }), [['w1', 'w2'], undefined, ['w3']]);
    assert.deepEqual(settings.workspaceInstances, ['w1', 'w2', 'w3']);
  });
});

void describe('active profile and visible instances', () => {
  const profiles = [
    { name: 'a', baseUrl: 'https://a', voiceInstances: ['i1', 'i2'], senderIds: [] },
    { name: 'b', baseUrl: 'https://b', voiceInstances: ['i3'], senderIds: [] },
  ];

  void it('uses the named profile, the first one when none is named, and none for an unknown name', () => {
    assert.equal(activeProfileOf({ profiles, activeProfile: 'b' })?.name, 'b');
    assert.equal(activeProfileOf({ profiles, activeProfile: '' })?.name, 'a');
    assert.equal(activeProfileOf({ profiles, activeProfile: 'gone' }), undefined);
    assert.equal(activeProfileOf({ profiles: [], activeProfile: '' }), undefined);
  });

  void it("lists the profile's instances, then the workspace's, once each", () => {
    assert.deepEqual(visibleInstances({ profiles, activeProfile: 'a', workspaceInstances: ['i2', 'w1'] }), ['i1', 'i2', 'w1']);
    assert.deepEqual(visibleInstances({ profiles, activeProfile: 'gone', workspaceInstances: ['w1'] }), ['w1']);
  });
});
