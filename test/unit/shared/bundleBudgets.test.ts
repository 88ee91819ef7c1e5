// Every shipped bundle stays within its budget (bench/budgets.json, the one place budgets are set; a panel kind's page
// without a line of its own has the pages' default, bench/budgets.ts): builds esbuild.mjs's own configs minified, in
// memory, and compares each output's size.
import assert from 'node:assert/strict';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import * as esbuild from 'esbuild';
import { bundleBudgets } from '../../../bench/budgets.js';

const root = join(__dirname, '..', '..', '..');

void describe('bundle budgets', () => {
  void it('keeps every minified bundle within bench/budgets.json', async () => {
    const { configs, panelKinds } = (await import(join(root, 'esbuild.mjs'))) as { configs: esbuild.BuildOptions[]; panelKinds: string[] };
    const budgets = bundleBudgets(panelKinds);
    const sizes: Record<string, number> = {};
    for (const config of configs) {
      const result = await esbuild.build({
        ...config,
        absWorkingDir: root,
        minify: true,
        sourcemap: false,
        metafile: false,
        write: false,
        logLevel: 'silent',
      });
      for (const file of result.outputFiles) sizes[relative(root, file.path)] = file.contents.byteLength;
    }
    const shipped = Object.keys(sizes)
      .filter((f) => f.endsWith('.js'))
      .sort();
    assert.deepEqual(shipped, Object.keys(budgets).sort(), 'every bundle has a budget, and every budget a bundle');
    const over = shipped.filter((f) => sizes[f]! > budgets[f]!).map((f) => `${f}: ${sizes[f]} > ${budgets[f]} bytes`);
    assert.deepEqual(over, []);
  });
});
