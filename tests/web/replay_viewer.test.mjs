// What the replay viewer (web/js/replay_viewer.mjs) draws and says, worked
// out free of the DOM (replay.mjs, run_clock.mjs), and the play loop the
// replay and versus pages share (page.mjs Playback) on a stand-in page,
// under node --test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  decodeReplay,
  ReplayGame,
  recordedText,
  replayTitle,
  wallsBadge,
} from '../../web/js/replay.mjs';
import { PlayClock } from '../../web/js/run_clock.mjs';
import { Playback } from '../../web/js/page.mjs';

// A corridor of 4 cells, west to east: a treasure at its east end, then one
// back at its west end.
const replay = decodeReplay({
  format: 'ariadne-replay',
  version: 1,
  run: 7,
  player: 'ann',
  bot: 'fast',
  label: 'corridor',
  maze: { width: 4, height: 1, walls: 'baae', start: { x: 0, y: 0 } },
  treasures: [
    { x: 3, y: 0 },
    { x: 0, y: 0 },
  ],
  walls_removed: [[]],
  options: { treasures: 2, max_steps: 100, bump_penalty: 1 },
  moves: 'EEEWWW',
  result: { status: 'found', steps: 6, bumps: 0, score: 6, optimal: 6, efficiency: 1 },
});
const cells = (...xs) => xs.map((x) => ({ x, y: 0 }));

test("the drone's view shows the treasures found; the true maze the one sought and its path", () => {
  const game = new ReplayGame(replay).seek(1);
  assert.deepEqual(game.marks(false), {
    drone: { x: 1, y: 0 },
    start: { x: 0, y: 0 },
    treasures: [],
    path: null,
  });
  assert.deepEqual(game.marks(true).treasures, cells(3));
  assert.deepEqual(game.marks(true).path, cells(0, 1, 2, 3), 'from where the search began');
  game.seek(4);
  assert.deepEqual(game.marks(false).treasures, cells(3));
  assert.deepEqual(game.marks(true).treasures, cells(3, 0));
  assert.deepEqual(
    game.marks(true).path,
    cells(3, 2, 1, 0),
    'the second search, from the first find',
  );
});

test('once the run has ended the true maze shows every treasure and every shortest path', () => {
  const game = new ReplayGame(replay).seek(6);
  assert.equal(game.status, 'found');
  const marks = game.marks(true);
  assert.deepEqual(marks.treasures, cells(3, 0));
  assert.deepEqual(marks.path, cells(0, 1, 2, 3, 3, 2, 1, 0));
  assert.deepEqual(game.seek(0).seek(6).marks(true).path, marks.path, 'the same after a seek back');
  assert.deepEqual(game.marks(false).treasures, cells(3, 0));
});

test('the title, the recorded result and the walls badge', () => {
  assert.equal(
    replayTitle(replay, 'a.json'),
    'run 7: ann (fast) on corridor 4x1, 6 moves (a.json)',
  );
  assert.equal(
    recordedText(replay.result),
    'recorded: found, 6 steps, 0 bumps, score 6, optimal 6, efficiency 1.000',
  );
  assert.deepEqual(wallsBadge(true, true), {
    text: 'walls SHA-256 matches the maze',
    className: 'badge ok',
  });
  assert.equal(wallsBadge(true, false).className, 'badge', 'a file vouches for nothing');
  assert.match(wallsBadge(true, false).text, /not checked/);
  assert.equal(wallsBadge(false, true).className, 'badge bad');
  assert.equal(wallsBadge(false, false).className, 'badge bad');
});

test('the play clock owes 20 moves a second at 1x, fractions kept', () => {
  const clock = new PlayClock();
  clock.start(1000);
  assert.equal(clock.moves(1050, 1), 1);
  assert.equal(clock.moves(1075, 1), 0);
  assert.equal(clock.moves(1100, 1), 1, 'two half moves make one');
  assert.equal(clock.moves(2100, 0.25), 5);
  assert.equal(clock.moves(3100, 64), 1280);
  clock.start(5000);
  assert.equal(clock.moves(5000, 64), 0, 'a new start owes nothing');
});

test('playback plays frame by frame at the speed chosen and stops at the end', async () => {
  const page = { play: { textContent: '' }, speed: { value: '1' } };
  const frames = [];
  const addresses = [];
  globalThis.document = { getElementById: (id) => page[id] };
  globalThis.requestAnimationFrame = (f) => frames.push(f);
  globalThis.location = { pathname: '/replay', search: '?url=/api/replays/7', hash: '' };
  globalThis.history = { replaceState: (state, title, url) => addresses.push(url) };
  const target = {
    ready: false,
    at: 0,
    length: 10,
    seek(k) {
      this.at = Math.max(0, Math.min(k, this.length));
    },
  };
  const playback = new Playback(target);
  playback.toggle();
  assert.equal(playback.playing, false, 'nothing to play yet');
  assert.equal(page.play.textContent, 'play');
  target.ready = true;
  playback.toggle();
  assert.equal(page.play.textContent, 'pause');
  const start = playback.clock.last;
  frames.shift()(start + 100);
  assert.equal(target.at, 2, '100 ms at 1x');
  page.speed.value = '8';
  frames.shift()(start + 200);
  assert.equal(target.at, 10, 'at 8x, to the end');
  assert.equal(playback.playing, false, 'it stops there');
  assert.equal(page.play.textContent, 'play');
  assert.equal(frames.length, 0, 'no frame asked for after the end');
  await new Promise((done) => setTimeout(done, 300));
  assert.deepEqual(
    addresses,
    ['/replay?url=/api/replays/7#move=10'],
    'paused, the address keeps the move',
  );
  playback.set(true);
  assert.equal(target.at, 0, 'played again from the end, it starts over');
  playback.toggle();
  assert.equal(frames.length, 1);
  frames.shift()(playback.clock.last + 1000);
  assert.equal(target.at, 0, 'a frame after the pause plays nothing');
});
