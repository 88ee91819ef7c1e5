// The months and days that the MCP resources and prompts take and offer (src/mcp/periods.ts), at fixed clocks: the
// turn of a year, a leap day, the first of a month.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dateForm, dayName, matchingInstances, monthForm, monthName, recentDays, recentMonths } from '../../../src/mcp/periods.js';

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

  void it('takes a month or a real day in the forms the tools take, gives it as YYYYMM / YYYYMMDD, and names the forms when refusing', () => {
    const months: Array<[string, string]> = [
      ['202611', '202611'],
      ['2026-11', '202611'],
      [' 202611 ', '202611'],
      ['100001', '100001'],
      ['9999-12', '999912'],
    ];
    for (const [given, id] of months) assert.deepEqual(monthForm('monthId', given), { id }, given);
    for (const bad of ['202613', '2026-13', '202600', '20261', '2026110', '2026/11', '11-2026', 'latest', '']) {
      assert.deepEqual(
        monthForm('monthId', bad),
        { problem: 'monthId takes a month as "YYYYMM", the number YYYYMM or "YYYY-MM", for example "202611", 202611 or "2026-11".' },
        bad,
      );
    }
    const days: Array<[string, string]> = [
      ['20261115', '20261115'],
      ['2026-11-15', '20261115'],
      ['2028-02-29', '20280229'],
      ['20261231', '20261231'],
    ];
    for (const [given, id] of days) assert.deepEqual(dateForm('dateId', given), { id }, given);
    for (const bad of ['20270229', '2027-02-29', '20261131', '20261100', '20261301', '2026111', '2026-1115', '']) {
      const form = dateForm('dateId', bad);
      assert.ok('problem' in form, bad);
      assert.match(form.problem, /^dateId takes a calendar day as "YYYYMMDD", the number YYYYMMDD or "YYYY-MM-DD", /, bad);
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
