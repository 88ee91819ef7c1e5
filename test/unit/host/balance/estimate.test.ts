import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addReading, estimate, type BalanceReading } from '../../../../src/host/balance/estimate.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOV_1 = Date.UTC(2026, 10, 1);

void describe('days-left estimate', () => {
  void it('uses the first reading of the month and the latest', () => {
    const readings: BalanceReading[] = [
      { at: NOV_1 + 1 * DAY, amount: 100 },
      { at: NOV_1 + 3 * DAY, amount: 90 },
      { at: NOV_1 + 5 * DAY, amount: 80 },
    ];
    const e = estimate(readings, NOV_1 + 5 * DAY);
    assert.ok(e);
    assert.equal(e.ratePerDay, 5);
    assert.equal(e.daysLeft, 16);
    assert.equal(e.from.amount, 100);
  });

  void it('needs two readings at least an hour apart and a positive rate', () => {
    assert.equal(estimate([{ at: NOV_1 + DAY, amount: 100 }], NOV_1 + DAY), undefined);
    assert.equal(
      estimate(
        [
          { at: NOV_1 + DAY, amount: 100 },
          { at: NOV_1 + DAY + HOUR - 1, amount: 99 },
        ],
        NOV_1 + 2 * DAY,
      ),
      undefined,
    );
    assert.ok(
      estimate(
        [
          { at: NOV_1 + DAY, amount: 100 },
          { at: NOV_1 + DAY + HOUR, amount: 99 },
        ],
        NOV_1 + 2 * DAY,
      ),
    );
    assert.equal(
      estimate(
        [
          { at: NOV_1 + DAY, amount: 100 },
          { at: NOV_1 + 2 * DAY, amount: 100 },
        ],
        NOV_1 + 2 * DAY,
      ),
      undefined,
    );
  });

  void it('ignores earlier months and starts again after a top-up', () => {
    const readings: BalanceReading[] = [
      { at: NOV_1 - DAY, amount: 500 },
      { at: NOV_1 + DAY, amount: 20 },
      { at: NOV_1 + 2 * DAY, amount: 60 }, // top-up
      { at: NOV_1 + 4 * DAY, amount: 50 },
    ];
    const e = estimate(readings, NOV_1 + 4 * DAY);
    assert.ok(e);
    assert.equal(e.from.amount, 60);
    assert.equal(e.ratePerDay, 5);
    assert.equal(e.daysLeft, 10);
  });

  void it('addReading drops other months and caps the list, keeping the first and newest', () => {
    let r: BalanceReading[] = [{ at: NOV_1 - DAY, amount: 9 }];
    for (let i = 0; i < 300; i++) r = addReading(r, { at: NOV_1 + i * 60_000, amount: 1000 - i });
    assert.equal(r.length, 240);
    assert.equal(r[0]?.amount, 1000);
    assert.equal(r.at(-1)?.amount, 701);
  });
});
