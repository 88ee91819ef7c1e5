// The months and days that the MCP resources and prompts take and offer (src/mcp/periods.ts), at fixed clocks: the
// turn of a year, a leap day, the first of a month.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  dateFormProblem,
  dayName,
  matchingInstances,
  monthFormProblem,
  monthName,
  recentDays,
  recentMonths,
} from '../../../src/mcp/periods.js';

const at = (iso: string): number => Date.parse(iso);

void describe('MCP periods', () => {
  void it('offers the last 12 months newest first, across the turn of a year, by the typed start', () => {
    const now = at('2027-02-10T23:30:00Z');
    assert.deepEqual(recentMonths('', now), [
      '202702',
      '202701',
      '202612',
      '202611',
      '202610',
      '202609',
      '202608',
      '202607',
      '202606',
      '202605',
      '202604',
      '202603',
    ]);
    assert.deepEqual(recentMonths('2027', now), ['202702', '202701']);
    assert.deepEqual(recentMonths(' 20261', now), ['202612', '202611', '202610']);
    assert.deepEqual(recentMonths('202602', now), [], 'thirteen months back is not offered');
    assert.deepEqual(recentMonths('x', now), []);
  });

  void it("offers the current month's days up to today, or those of the recent month typed, newest first", () => {
    const now = at('2028-03-03T08:00:00Z');
    assert.deepEqual(recentDays('', now), ['20280303', '20280302', '20280301']);
    const february = recentDays('202802', now);
    assert.equal(february.length, 29, 'a leap year');
    assert.equal(february[0], '20280229');
    assert.deepEqual(recentDays('2028021', now), [
      '20280219',
      '20280218',
      '20280217',
      '20280216',
      '20280215',
      '20280214',
      '20280213',
      '20280212',
      '20280211',
      '20280210',
    ]);
    assert.deepEqual(recentDays('202702', now), [], 'not a recent month');
    assert.deepEqual(recentDays('20280304', now), [], 'not a day after today');
  });

  void it('takes YYYYMM and YYYYMMDD of real days only, and names the form when refusing', () => {
    for (const ok of ['202611', '100001', '999912']) assert.equal(monthFormProblem('monthId', ok), undefined, ok);
    for (const bad of ['2026-11', '202613', '202600', '20261', '2026110', ' 202611', 'latest', '']) {
      assert.equal(monthFormProblem('monthId', bad), 'monthId must be a month written YYYYMM, for example 202611 for November 2026.', bad);
    }
    for (const ok of ['20261115', '20280229', '20261231']) assert.equal(dateFormProblem('dateId', ok), undefined, ok);
    for (const bad of ['2026-11-15', '20270229', '20261131', '20261100', '20261301', '2026111', '']) {
      assert.match(dateFormProblem('dateId', bad) ?? '', /^dateId must be a calendar day written YYYYMMDD, /, bad);
    }
  });

  void it('names months and days in English, and matches instances by their start, case aside, in configured order', () => {
    assert.equal(monthName('202601'), 'January 2026');
    assert.equal(dayName('20261205'), '5 December 2026');
    const ids = ['VI-B', 'vi-a', 'OTHER'];
    assert.deepEqual(matchingInstances(ids, 'vi'), ['VI-B', 'vi-a']);
    assert.deepEqual(matchingInstances(ids, ''), ids);
    assert.deepEqual(matchingInstances(ids, 'x'), []);
  });
});
