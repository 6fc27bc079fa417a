// Two replays side by side (web/js/versus.mjs) under node --test: no DOM.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeReplay } from '../../web/js/replay.mjs';
import { Versus, label } from '../../web/js/versus.mjs';

// A corridor of 4 cells, west to east, the treasure at its east end.
function corridor(run, bot, moves, status = 'found') {
  const steps = [...moves].filter((m) => m === 'E' || m === 'W').length;
  const bumps = moves.length - steps;
  return decodeReplay({
    format: 'ariadne-replay',
    version: 1,
    run,
    player: 'ann',
    bot,
    label: 'corridor',
    maze: { width: 4, height: 1, walls: 'baae', start: { x: 0, y: 0 } },
    treasures: [{ x: 3, y: 0 }],
    walls_removed: [],
    options: { treasures: 1, max_steps: 100, bump_penalty: 1 },
    moves,
    result: {
      status,
      steps,
      bumps,
      score: steps + bumps,
      optimal: 3,
      efficiency: 3 / (steps + bumps),
    },
  });
}

test('both runs are shown at the same move attempt, a shorter one at its end', () => {
  const versus = new Versus([corridor(1, 'fast', 'EEE'), corridor(2, 'slow', 'NEWEEE')]);
  assert.equal(versus.length, 6);
  versus.seek(2);
  assert.deepEqual(
    versus.games.map((g) => [g.at, g.steps, g.bumps]),
    [
      [2, 2, 0],
      [2, 1, 1],
    ],
  );
  versus.seek(99);
  assert.equal(versus.at, 6);
  assert.deepEqual(
    versus.games.map((g) => [g.at, g.status, g.score]),
    [
      [3, 'found', 3],
      [6, 'found', 6],
    ],
  );
  versus.seek(-4);
  assert.deepEqual(
    versus.games.map((g) => g.at),
    [0, 0],
  );
});

test('the verdict says who scored better and by how much', () => {
  const versus = new Versus([corridor(1, 'fast', 'EEE'), corridor(2, 'slow', 'NEWEEE')]);
  assert.equal(
    versus.verdict(),
    'run 1 ann (fast) scored 3, run 2 ann (slow) 6: better by 3 (50%)',
  );
  assert.ok(versus.sameMaze());
  const tie = new Versus([corridor(1, 'a', 'EEE'), corridor(2, 'b', 'EEE')]);
  assert.equal(tie.verdict(), 'a tie: both scored 3');
  const lost = new Versus([corridor(1, 'a', 'E', 'abandoned'), corridor(2, 'b', 'EEE')]);
  assert.equal(lost.verdict(), 'run 2 ann (b) found every treasure, the other did not');
  assert.equal(label(corridor(5, '', 'E')), 'run 5 ann');
});

test('runs on different mazes are said to be on different mazes', () => {
  const other = corridor(2, 'b', 'EEE');
  other.treasures = [{ x: 2, y: 0 }];
  const versus = new Versus([corridor(1, 'a', 'EEE'), other]);
  assert.equal(versus.sameMaze(), false);
  assert.equal(versus.verdict(), 'a tie on different mazes: both at efficiency 1.000');
  const slower = new Versus([corridor(1, 'a', 'EWEEE'), other]);
  assert.equal(
    slower.verdict(),
    'on different mazes, run 2 ann (b) was the more efficient: 1.000 against 0.600',
  );
  assert.throws(() => new Versus([corridor(1, 'a', 'E')]), /two replays/);
});
