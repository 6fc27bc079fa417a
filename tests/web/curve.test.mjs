// The exploration curve and the run clock (web/js/curve.mjs, run_clock.mjs)
// under node --test: no DOM.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Curve, curvePath } from '../../web/js/curve.mjs';
import { clockText, RunClock } from '../../web/js/run_clock.mjs';
import { FogView } from '../../web/js/fog.mjs';

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

test("an ended run's clock says how long the server measured, not when the page saw it", () => {
  // A page that loads 7 minutes after a 42 ms run: its start is known to the
  // second, its end only when the page saw it.
  const clock = new RunClock(1000);
  clock.sample(451000, 42);
  clock.end(451000, 42);
  assert.equal(clock.elapsedText(460000), '0:00');
  const long = new RunClock(1000);
  long.end(451000, 125000);
  assert.equal(long.elapsedText(451000), '2:05');
  const unknown = new RunClock(1000);
  unknown.end(4000, undefined); // an older server: the page's own clocks
  assert.equal(unknown.elapsedText(9000), '0:03');
});

test('a spectator who joins late gets the curve from the first step', () => {
  // 3 x 1 cells, the drone walked east twice, back once, bumped once.
  const view = new FogView({
    type: 'snapshot',
    run: 1,
    player: 'p',
    bot: null,
    maze: 'prim',
    ranked: false,
    width: 3,
    height: 1,
    start: { x: 0, y: 0 },
    treasures: 1,
    max_steps: 30,
    bump_penalty: 1,
    seq: 5,
    trail: 'EEWw',
    finds: [],
    sensed: 'bae',
    position: { x: 1, y: 0 },
    steps: 3,
    bumps: 1,
    found: 0,
    score: 4,
    status: 'active',
  });
  assert.deepEqual(view.curve.points, [
    [0, 1],
    [1, 2],
    [2, 3],
    [3, 3],
  ]);
  assert.equal(view.seen, 3);
});

test('the leaders over time: a round top, names kept apart, moments to the span', async () => {
  const { historyLines, momentText, niceTop, zoneName } = await import('../../web/js/plot.mjs');
  assert.deepEqual(
    [0.3, 1, 7, 15, 20, 21, 99, 100, 140].map(niceTop),
    [1, 1, 10, 20, 20, 50, 100, 100, 200],
  );
  const { lines, top } = historyLines(
    {
      times: [1000, 2000, 3000],
      leaders: [
        { competitor: 'ann', totals: [0, 10, 15.7] },
        { competitor: 'bo', totals: [0, 5, 14.3] },
      ],
    },
    { width: 300, height: 120 },
  );
  assert.equal(top, 20);
  assert.equal(lines[0].d, 'M0.0,120.0L150.0,60.0L300.0,25.8');
  assert.ok(lines[1].label[1] - lines[0].label[1] >= 12, 'the names do not overlap');
  assert.deepEqual(lines[0].label, lines[0].end, 'the top name stays at its line');
  assert.deepEqual(historyLines({ times: [], leaders: [] }, { width: 1, height: 1 }).lines, []);
  // Eight leaders near 0: their names climb from the axis, none below it, none on another.
  const low = historyLines(
    {
      times: [1, 2],
      leaders: [95, 9, 8, 6, 5, 3, 2, 1].map((t, k) => ({ competitor: `c${k}`, totals: [0, t] })),
    },
    { width: 300, height: 120 },
  );
  const heights = low.lines.map((l) => l.label[1]).sort((p, q) => p - q);
  assert.ok(heights.at(-1) <= 120, `the lowest name at ${heights.at(-1)}`);
  for (let k = 1; k < heights.length; k++) assert.ok(heights[k] - heights[k - 1] >= 12);
  const at = Date.UTC(2026, 11, 2, 3, 18, 42);
  assert.equal(momentText(at, 60000), '03:18:42');
  assert.equal(momentText(at + 5, 900), '03:18:42.005');
  assert.equal(momentText(at, 3600000), '03:18');
  assert.equal(momentText(at, 3 * 86400000), '2026-12-02 03:18');
  assert.equal(momentText(at, 3600000, 'Asia/Tokyo'), '12:18');
  assert.equal(zoneName(at), 'UTC');
  assert.equal(zoneName(at, 'Europe/Paris'), 'CET');
});

test("the playground chart's names and seeds never overlap", async () => {
  const { spreadLabels, tickEvery } = await import('../../web/js/plot.mjs');
  // Seven bots ending near the same efficiency, given in no order.
  const wanted = [30, 31, 29.5, 110, 30.2, 32, 28];
  const placed = spreadLabels(wanted, 12, 120);
  const sorted = [...placed].sort((p, q) => p - q);
  for (let k = 1; k < sorted.length; k++) assert.ok(sorted[k] - sorted[k - 1] >= 12, `${sorted}`);
  assert.ok(sorted.at(-1) <= 120);
  assert.equal(placed[3], 110, 'a name with room stays at its line');
  // Ten seeds over 300 units: short ones all named, long ones every few.
  assert.equal(tickEvery(300 / 9, 2), 1);
  assert.equal(tickEvery(300 / 9, 10), 3);
  assert.equal(tickEvery(Infinity, 12), 1);
});
