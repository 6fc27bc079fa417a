// The exploration curve and the run clock (web/js/curve.mjs, run_clock.mjs)
// under node --test: no DOM.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Curve, curvePath } from '../../web/js/curve.mjs';
import { clockText, RunClock } from '../../web/js/run_clock.mjs';

test('a curve keeps at most its limit of points, the first and the last among them', () => {
  const curve = new Curve(64);
  for (let s = 0; s <= 10000; s++) curve.add(s, Math.floor(Math.sqrt(s)));
  assert.ok(curve.points.length <= 65, `${curve.points.length} points`);
  assert.deepEqual(curve.points[0], [0, 0]);
  assert.deepEqual(curve.points.at(-1), [10000, 100]);
  for (let i = 1; i < curve.points.length; i++) {
    assert.ok(curve.points[i][0] > curve.points[i - 1][0], 'steps grow');
  }
});

test('a point at the same step replaces the last one', () => {
  const curve = new Curve();
  curve.add(3, 2);
  curve.add(3, 4);
  assert.deepEqual(curve.points, [[3, 4]]);
});

test("a curve's path spans its box, y upwards", () => {
  assert.equal(
    curvePath(
      [
        [0, 0],
        [10, 5],
      ],
      { width: 100, height: 50, maxX: 10, maxY: 5 },
    ),
    'M0.0,50.0L100.0,0.0',
  );
  assert.equal(curvePath([], { width: 1, height: 1, maxX: 1, maxY: 1 }), '');
});

test('the clock says the elapsed time and the moves a second over its window', () => {
  assert.equal(clockText(7000), '0:07');
  assert.equal(clockText(754000), '12:34');
  assert.equal(clockText(3723000), '1:02:03');
  const clock = new RunClock(1000);
  clock.sample(2000, 0);
  clock.sample(3000, 50);
  assert.equal(clock.elapsedText(3000), '0:02');
  assert.equal(clock.rateText(3000), '50');
  clock.end(4000);
  assert.equal(clock.elapsedText(9000), '0:03', 'the clock stops at the end');
  assert.equal(clock.rateText(9000), '-');
});
