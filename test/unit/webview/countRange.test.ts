// The count axes of the combo chart start at zero and end on a round number at or above the largest value,
// so the top gridline carries a label and whole counts never get fractional ticks.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

// The webview sources are ES modules (browser bundle); load them the way Node allows from here.
const chart = import('../../../src/webview/common/comboChart.js');

void describe('combo chart count axes', () => {
  void it('end on a round number at or above the largest value', async () => {
    const { countRange } = await chart;
    assert.deepEqual(countRange(400), [0, 400]);
    assert.deepEqual(countRange(401), [0, 500]);
    assert.deepEqual(countRange(7), [0, 8]);
    assert.deepEqual(countRange(1), [0, 1]);
    assert.deepEqual(countRange(1234), [0, 1250]);
    assert.deepEqual(countRange(3_210_000), [0, 4_000_000]);
  });

  void it('show 0 to 5 for an empty or all-zero series', async () => {
    const { countRange } = await chart;
    assert.deepEqual(countRange(null), [0, 5]);
    assert.deepEqual(countRange(0), [0, 5]);
  });
});
