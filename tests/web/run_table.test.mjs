// The /replay page's table of runs: search, sort, pages, cells.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { timeText } from '../../web/js/board.mjs';
import { columnText, runTablePage, RUNS_PER_PAGE } from '../../web/js/run_table.mjs';

const run = (n, fields = {}) => ({
  run: n,
  player: `p${n % 3}`,
  bot: n % 2 ? 'ariadne-bot/dfs 0.1.0' : null,
  maze: n % 4 ? 'prim' : 'classic16',
  width: 8 + (n % 5),
  height: 8,
  steps: 100 + ((n * 37) % 50),
  efficiency: n % 7 ? ((n * 13) % 100) / 100 : null,
  status: n % 6 ? 'found' : 'exhausted',
  started_at: `2026-12-07T10:${String(n % 60).padStart(2, '0')}:00Z`,
  ...fields,
});
const runs = Array.from({ length: 60 }, (_, i) => run(i + 1));

test('the newest runs first, a page at a time, the page kept in range', () => {
  const first = runTablePage(runs);
  assert.equal(first.total, 60);
  assert.equal(first.pages, Math.ceil(60 / RUNS_PER_PAGE));
  assert.deepEqual(
    first.rows.map((r) => r.run),
    Array.from({ length: RUNS_PER_PAGE }, (_, i) => 60 - i),
  );
  assert.equal(runTablePage(runs, { page: 99 }).page, first.pages);
  assert.equal(runTablePage(runs, { page: -3 }).page, 1);
  assert.equal(runTablePage(runs, { page: 'x' }).page, 1);
  assert.equal(runTablePage([]).pages, 1);
});

test('a query keeps the runs holding every word; runs in play are left out', () => {
  const found = runTablePage([...runs, run(61, { status: 'active' })], {
    query: 'P1  DFS prim',
  });
  assert.ok(found.total > 0);
  for (const r of found.rows) {
    assert.equal(r.player, 'p1');
    assert.equal(r.maze, 'prim');
    assert.match(r.bot, /dfs/);
  }
  assert.equal(runTablePage(runs, { query: 'nobody' }).total, 0);
  assert.equal(runTablePage([run(61, { status: 'active' })]).total, 0);
});

test('sorts by any column; unknown values last either way', () => {
  const ascending = runTablePage(runs, { sort: 'efficiency', descending: false, page: 1 }).rows;
  const all = runTablePage(runs, { sort: 'efficiency', descending: true, page: 3 }).rows;
  assert.equal(all.at(-1).efficiency, null);
  for (let i = 1; i < ascending.length; i += 1) {
    assert.ok(ascending[i - 1].efficiency <= ascending[i].efficiency);
  }
  const bySize = runTablePage(runs, { sort: 'size', descending: true }).rows;
  assert.equal(bySize[0].width, 12);
  const byPlayer = runTablePage(runs, { sort: 'player', descending: false }).rows;
  assert.equal(byPlayer[0].player, 'p0');
});

test('cells: efficiency to three places, WxH, the time in a time zone, a dash for the hidden', () => {
  const r = run(5);
  assert.equal(columnText(r, 'efficiency'), '0.650');
  assert.equal(columnText(r, 'size'), '8x8');
  assert.equal(columnText({ ...r, steps: null }, 'steps'), '–');
  assert.equal(
    timeText('2026-12-07T19:05:00Z', { timeZone: 'UTC', zone: false }),
    '2026-12-07 19:05',
  );
  assert.equal(
    timeText('2026-12-07T19:05:00Z', { timeZone: 'Asia/Tokyo' }),
    '2026-12-08 04:05 GMT+9',
  );
  assert.equal(columnText(r, 'started_at', 'UTC'), '2026-12-07 10:05');
});
