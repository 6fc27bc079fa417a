// The replay's scrub-bar marks (web/js/scrub_marks.mjs) under node --test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scrubMarks } from '../../web/js/scrub_marks.mjs';

test('each slot holds its strongest moment: a find over a paint over a bump', () => {
  const marks = scrubMarks({ bumps: [1, 2, 50, 99], finds: [50, 100], paints: [2, 70] }, 100, 10);
  assert.deepEqual(marks, [
    { slot: 0, kind: 'paint' },
    { slot: 5, kind: 'find' },
    { slot: 7, kind: 'paint' },
    { slot: 9, kind: 'find' },
  ]);
});

test('a million moves draw at most a mark a slot; no moves, no marks', () => {
  const bumps = Array.from({ length: 1e6 }, (_, i) => i + 1);
  assert.equal(scrubMarks({ bumps, finds: [], paints: [] }, 1e6, 400).length, 400);
  assert.deepEqual(scrubMarks({ bumps: [1], finds: [], paints: [] }, 0, 400), []);
});

test("a replay's moments: its bumps, its finds and its paints, by move", async () => {
  const { decodeReplay } = await import('../../web/js/replay.mjs');
  const { replayMoments } = await import('../../web/js/scrub_marks.mjs');
  // A corridor of 4 cells: a bump on the west wall, the treasure at the east
  // end, then the one back west; a paint after move 2.
  const replay = decodeReplay({
    format: 'ariadne-replay',
    version: 1,
    run: 7,
    player: 'ann',
    label: 'corridor',
    maze: { width: 4, height: 1, walls: 'baae', start: { x: 0, y: 0 } },
    treasures: [
      { x: 3, y: 0 },
      { x: 0, y: 0 },
    ],
    walls_removed: [[]],
    options: { treasures: 2, max_steps: 100, bump_penalty: 1 },
    moves: 'WEEEWWW',
    paint: [{ at: 2, cells: [{ x: 1, y: 0, colour: 'red' }] }],
    result: { status: 'found', steps: 6, bumps: 1, score: 7, optimal: 6, efficiency: 0.857 },
  });
  assert.deepEqual(replayMoments(replay), { bumps: [1], finds: [4, 7], paints: [2] });
});
