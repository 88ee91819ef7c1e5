import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isVoiceSmsError } from '../../../../src/core/errors.js';
import { analyzeBody, maxBodyUnits, MAX_SEGMENTS } from '../../../../src/core/sms/index.js';
import { buildSmsRequest } from '../../../../src/core/api/sms.js';

// 3GPP TS 23.038 §6.2.1, GSM 7-bit default alphabet, code points 0x00-0x7F in order; 0x1B (ESC) is left out
// because it only introduces the extension table.
const BASIC_TABLE =
  '@£$¥èéùìòÇ\nØø\rÅå' +
  'Δ_ΦΓΛΩΠΨΣΘΞÆæßÉ' +
  ' !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§' +
  '¿abcdefghijklmnopqrstuvwxyzäöñüà';
// §6.2.1.1 extension table: each is sent as ESC + code, so two septets.
const EXTENSION_TABLE = '\f^{}\\[~]|€';

void describe('analyzeBody: GSM-7', () => {
  void it('holds the whole basic table, one septet per character', () => {
    assert.equal([...BASIC_TABLE].length, 127);
    const a = analyzeBody(BASIC_TABLE);
    assert.deepEqual(a, { encoding: 'GSM-7', characters: 127, units: 127, segments: 1, perSegment: 160, remainingInSegment: 33 });
    for (const ch of BASIC_TABLE) {
      const one = analyzeBody(ch === '\n' || ch === '\r' || ch === ' ' ? `a${ch}` : ch);
      assert.equal(one.encoding, 'GSM-7', JSON.stringify(ch));
    }
  });

  void it('counts every extension-table character (including form feed) as two septets', () => {
    for (const ch of EXTENSION_TABLE) {
      const a = analyzeBody(`a${ch}`);
      assert.equal(a.encoding, 'GSM-7', JSON.stringify(ch));
      assert.equal(a.units, 3, JSON.stringify(ch));
      assert.equal(a.characters, 2, JSON.stringify(ch));
    }
    assert.deepEqual(analyzeBody('€'.repeat(80)), {
      encoding: 'GSM-7',
      characters: 80,
      units: 160,
      segments: 1,
      perSegment: 160,
      remainingInSegment: 0,
    });
    assert.equal(analyzeBody('€'.repeat(81)).segments, 2);
    assert.equal(analyzeBody(`${'a'.repeat(159)}^`).segments, 2);
  });

  void it('fits 160 septets in one message and splits at 161 into parts of 153', () => {
    assert.deepEqual(analyzeBody('a'.repeat(160)), {
      encoding: 'GSM-7',
      characters: 160,
      units: 160,
      segments: 1,
      perSegment: 160,
      remainingInSegment: 0,
    });
    assert.deepEqual(analyzeBody('a'.repeat(161)), {
      encoding: 'GSM-7',
      characters: 161,
      units: 161,
      segments: 2,
      perSegment: 153,
      remainingInSegment: 145,
    });
  });

  void it('puts the 153-septet boundary between parts', () => {
    assert.equal(analyzeBody('a'.repeat(306)).segments, 2);
    assert.equal(analyzeBody('a'.repeat(306)).remainingInSegment, 0);
    assert.equal(analyzeBody('a'.repeat(307)).segments, 3);
    assert.equal(analyzeBody('a'.repeat(459)).segments, 3);
    assert.equal(analyzeBody('a'.repeat(460)).segments, 4);
  });

  void it('never splits an escape sequence across parts', () => {
    // 152 + 2 septets do not fit the first 153-septet part, so the € opens the second part whole.
    const a = analyzeBody(`${'a'.repeat(152)}€${'a'.repeat(10)}`);
    assert.equal(a.units, 164);
    assert.equal(a.segments, 2);
    assert.equal(a.remainingInSegment, 153 - 12);
  });

  void it('reports the room left in a single message', () => {
    assert.deepEqual(analyzeBody('Hello'), {
      encoding: 'GSM-7',
      characters: 5,
      units: 5,
      segments: 1,
      perSegment: 160,
      remainingInSegment: 155,
    });
  });
});

void describe('analyzeBody: UCS-2', () => {
  void it('switches the whole message to UCS-2 for one character outside the GSM alphabet', () => {
    for (const ch of ['á', '`', '\t', 'ł', 'ж', '\u00a0', '“']) {
      assert.equal(analyzeBody(`abc${ch}`).encoding, 'UCS-2', JSON.stringify(ch));
    }
    // In UCS-2 even extension-table characters are a single unit.
    assert.deepEqual(analyzeBody('€ж'), {
      encoding: 'UCS-2',
      characters: 2,
      units: 2,
      segments: 1,
      perSegment: 70,
      remainingInSegment: 68,
    });
  });

  void it('fits 70 units in one message and splits at 71 into parts of 67', () => {
    assert.deepEqual(analyzeBody('ж'.repeat(70)), {
      encoding: 'UCS-2',
      characters: 70,
      units: 70,
      segments: 1,
      perSegment: 70,
      remainingInSegment: 0,
    });
    assert.deepEqual(analyzeBody('ж'.repeat(71)), {
      encoding: 'UCS-2',
      characters: 71,
      units: 71,
      segments: 2,
      perSegment: 67,
      remainingInSegment: 63,
    });
    assert.equal(analyzeBody(`${'a'.repeat(69)}ж`).segments, 1);
    assert.equal(analyzeBody(`${'a'.repeat(70)}ж`).segments, 2);
  });

  void it('puts the 67-unit boundary between parts', () => {
    assert.equal(analyzeBody('ж'.repeat(134)).segments, 2);
    assert.equal(analyzeBody('ж'.repeat(135)).segments, 3);
  });

  void it('counts an emoji as two units and one character, and never splits it', () => {
    assert.deepEqual(analyzeBody('😀'), {
      encoding: 'UCS-2',
      characters: 1,
      units: 2,
      segments: 1,
      perSegment: 70,
      remainingInSegment: 68,
    });
    assert.equal(analyzeBody('😀'.repeat(35)).segments, 1);
    const split = analyzeBody('😀'.repeat(36));
    assert.equal(split.units, 72);
    assert.equal(split.segments, 2);
    // 33 emoji (66 units) fill the first part; the 34th does not fit the one unit left, so 3 go to part two.
    assert.equal(split.remainingInSegment, 67 - 6);
  });

  void it('counts combined graphemes as one character but all their units', () => {
    assert.deepEqual(analyzeBody('e\u0301'), {
      encoding: 'UCS-2',
      characters: 1,
      units: 2,
      segments: 1,
      perSegment: 70,
      remainingInSegment: 68,
    });
    const family = analyzeBody('👨‍👩‍👧');
    assert.equal(family.characters, 1);
    assert.equal(family.units, 8);
  });
});

void describe('analyzeBody: empty', () => {
  void it('refuses an empty or blank body', () => {
    for (const body of ['', '   ', '\n\t']) {
      assert.throws(
        () => analyzeBody(body),
        (e: unknown) => {
          assert.ok(isVoiceSmsError(e, 'validation'));
          assert.equal(e.details.field, 'body');
          return true;
        },
      );
    }
  });
});

void describe('analyzeBody: text beyond the segment limit', () => {
  const refusedAsTooLong = (e: unknown): boolean => {
    assert.ok(isVoiceSmsError(e, 'validation'));
    assert.equal(e.details.field, 'body');
    assert.match(e.message, /too long/);
    return true;
  };
  // Not a timing assertion (the bench row "segments: 160-char text vs 1 MB paste" measures it): the
  // timeout only stops a run that would otherwise count a megabyte for minutes.
  void it('refuses a 1 MB paste with a clear message, without analysing it', { timeout: 10_000 }, () => {
    for (const ch of ['a', 'ж', '😀']) {
      assert.throws(() => analyzeBody(ch.repeat(1024 * 1024)), refusedAsTooLong);
      assert.throws(() => analyzeBody(ch.repeat(1024 * 1024), 3), refusedAsTooLong);
    }
  });
  void it('bounds by the most a limit could hold: 160 for one segment, 153 per part beyond', () => {
    assert.equal(maxBodyUnits(1), 160);
    assert.equal(maxBodyUnits(3), 459);
    assert.equal(maxBodyUnits(MAX_SEGMENTS), 1530);
    assert.equal(analyzeBody('a'.repeat(160), 1).segments, 1);
    assert.throws(() => analyzeBody('a'.repeat(161), 1), refusedAsTooLong);
    assert.equal(analyzeBody('a'.repeat(459), 3).segments, 3);
    assert.throws(() => analyzeBody('a'.repeat(460), 3), refusedAsTooLong);
    // Without a limit, the setting's maximum (10 segments) applies; a higher one is capped to it.
    assert.equal(analyzeBody('a'.repeat(1530)).segments, 10);
    assert.throws(() => analyzeBody('a'.repeat(1531)), refusedAsTooLong);
    assert.throws(() => analyzeBody('a'.repeat(1531), 255), refusedAsTooLong);
  });
  void it('sending refuses it too, before any request', { timeout: 10_000 }, () => {
    assert.throws(() => buildSmsRequest({ from: 'VSTK-TEST', to: '+12015550123', body: 'x'.repeat(1024 * 1024) }), refusedAsTooLong);
  });
});
