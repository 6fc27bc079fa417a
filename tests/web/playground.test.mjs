// The playground's logic (web/js/bot_source.mjs, compare.mjs) under node --test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cleanStack } from '../../web/js/bot_source.mjs';
import { Comparison, YOURS } from '../../web/js/compare.mjs';
import { parseSeeds } from '../../clients/js/ariadne.mjs';

test("a stack trace names the visitor's own lines, not the worker's blob address", () => {
  const url = 'blob:http://127.0.0.1:8080/5e1f-(x)';
  const stack = `Error: oops\n    at bot (${url}:5:11)\n    at self.onmessage (${url}:60:5)`;
  assert.equal(
    cleanStack(stack, url, 1, 10),
    "Error: oops\n    at bot (your code, line 4:11)\n    at self.onmessage (the playground's runner)",
  );
  assert.equal(cleanStack('plain', '', 1, 10), 'plain');
});

test('your bot against the bundled ones: a score a seed, the mean efficiency', () => {
  const c = new Comparison([1, 2]);
  c.add('dfs', 1, { score: 10, efficiency: 0.5 });
  c.add('dfs', 2, { score: 30, efficiency: 0.25 });
  c.add(YOURS, 1, { score: 8, efficiency: 1 });
  assert.deepEqual(c.rows(), [
    { bot: YOURS, mine: true, cells: ['8', ''], mean: '1.000' },
    { bot: 'dfs', mine: false, cells: ['10', '30'], mean: '0.375' },
  ]);
  assert.deepEqual(c.series()[1].points, [
    [0, 0.5],
    [1, 0.25],
  ]);
});

test('seeds read as ariadne-bot reads them', () => {
  assert.deepEqual(parseSeeds('1-3,7'), [1, 2, 3, 7]);
  for (const bad of ['-5', '3-1', 'x', '', '1-200000']) {
    assert.throws(() => parseSeeds(bad), /seed/);
  }
});
