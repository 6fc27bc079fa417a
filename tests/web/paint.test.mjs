// A bot's paint as the pages fold it (web/js/paint.mjs), under node --test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Paint, readPaints } from '../../web/js/paint.mjs';

const events = readPaints(
  [
    {
      at: 0,
      clear: false,
      cells: [
        { x: 1, y: 0, colour: 'red', text: 'a' },
        { x: 2, y: 1, colour: 'blue' },
      ],
    },
    { at: 4, clear: false, cells: [{ x: 1, y: 0 }] },
    { at: 9, clear: true, cells: [{ x: 0, y: 0, text: 'z' }] },
  ],
  3,
  2,
);

test('paints fold in order, up to the move shown', () => {
  assert.deepEqual([...Paint.upTo(events, 0, 3).marks.keys()].sort(), [1, 5]);
  assert.deepEqual(
    [...Paint.upTo(events, 4, 3).marks.keys()],
    [5],
    'a cell with neither is erased',
  );
  const last = Paint.upTo(events, 100, 3).marks;
  assert.deepEqual([...last], [[0, { colour: '', text: 'z' }]], 'a clear erases every mark first');
});

test('a malformed paint is refused, an unknown colour dropped', () => {
  assert.throws(() => readPaints([{ at: 0, cells: [{ x: 3, y: 0 }] }], 3, 2), /outside/);
  assert.throws(() => readPaints([{ at: -1, cells: [] }], 3, 2), /at/);
  assert.throws(() => readPaints('no', 3, 2), /list/);
  assert.equal(
    readPaints([{ at: 0, cells: [{ x: 0, y: 0, colour: 'pink' }] }], 3, 2)[0].cells[0].colour,
    '',
  );
  assert.deepEqual(readPaints(undefined, 3, 2), []);
});

test('a mark is a diamond inside its cell, its text only where it can be read', async () => {
  const { markShape, PALETTE } = await import('../../web/js/paint.mjs');
  for (const size of [3, 6, 10, 14, 24, 40]) {
    const shape = markShape(size, 1);
    assert.ok(shape.radius * 1.25 * 2 <= size, `a ${size} px cell holds its diamond`);
    assert.ok(shape.textWidth <= size - 1, `a ${size} px cell holds its text`);
  }
  assert.equal(markShape(10, 1).text, false);
  assert.equal(markShape(24, 2).text, true);
  assert.equal(markShape(6, 1).outline, 0);
  // Solid colours: never the heat's see-through floor.
  for (const colour of Object.values(PALETTE)) assert.match(colour, /^rgb\(/);
});

test("a bot's log: read with its paint, kept to the move shown, the latest lines", async () => {
  const { readPaints, Paint, lastLines, LOG_TEXT } = await import('../../web/js/paint.mjs');
  const events = readPaints(
    [
      { at: 0, clear: false, cells: [], log: 'start' },
      { at: 3, clear: false, cells: [{ x: 0, y: 0, colour: 'red' }] },
      { at: 5, clear: true, cells: [], log: 'x'.repeat(500) },
      { at: 9, clear: false, cells: [], log: 7 },
    ],
    4,
    4,
  );
  assert.deepEqual(
    events.map((e) => e.log.length),
    [5, 0, LOG_TEXT, 0],
    'a line is text, at most LOG_TEXT characters',
  );
  assert.deepEqual(Paint.upTo(events, 4, 4).lines, [{ at: 0, text: 'start' }]);
  const all = Paint.upTo(events, 100, 4);
  assert.equal(all.lines.length, 2);
  assert.equal(all.marks.size, 0, 'a clear with a log line still clears');
  assert.deepEqual(lastLines([1, 2, 3], 2), [2, 3]);
  assert.deepEqual(lastLines([1], 5), [1]);
});
