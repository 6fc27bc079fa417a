// The page logic of web/js (no DOM) under node --test: the maze model, the
// replay decoder and player, the fog model and the spectator stream, first on
// their own, then against the real server binary (CTest passes ARIADNE_BUILD).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Maze } from '../../web/js/maze.mjs';
import {
  decodeReplay,
  ReplayGame,
  optimalPaths,
  wallsDigest,
  ownReplayUrl,
} from '../../web/js/replay.mjs';
import { FogView } from '../../web/js/fog.mjs';
import { replayCurve } from '../../web/js/curve.mjs';
import { SpectatorStream } from '../../web/js/stream.mjs';
import { connect, OPPOSITE } from '../../clients/js/ariadne.mjs';
import {
  attemptsText,
  markText,
  mazeText,
  rankText,
  replayGroups,
  joinText,
  spanText,
  stateText,
  timeText,
  totalText,
} from '../../web/js/board.mjs';

const WebSocket = createRequire(new URL('../../clients/js/', import.meta.url))('ws');
const build = process.env.ARIADNE_BUILD ?? new URL('../../build/ci', import.meta.url).pathname;
const folder = mkdtempSync(join(tmpdir(), 'ariadne-web-'));
let server;
let base;

before(async () => {
  const fifo = join(folder, 'port');
  execFileSync('mkfifo', [fifo]);
  server = spawn(
    join(build, 'server/app/ariadne-server'),
    ['--bind', '127.0.0.1', '--port', '0', '--port-file', fifo, '--log-level', 'warn'],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  base = `127.0.0.1:${Number((await readFile(fifo, 'utf8')).trim())}`;
});
// The server gone before its folder goes.
after(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    await new Promise((done) => {
      server.once('exit', done);
      server.kill('SIGTERM');
    });
  }
  rmSync(folder, { recursive: true, force: true });
});

// A depth-first bot that also bumps into a wall now and then, so that every
// counter moves. Returns the run number and the result.
async function playWithBumps(maze, { onStart = () => {}, treasures = 1, reuse = 0 } = {}) {
  const drone = await connect(`ws://${base}/ws`, { name: 'web-test' });
  const first = await drone.start({ maze, treasures, reuse_walls_removed: reuse });
  await onStart(first.run);
  const seen = new Set();
  const key = () => drone.position.join(',');
  const back = [];
  let moves = 0;
  while (!drone.finished) {
    seen.add(key());
    const closed = ['N', 'E', 'S', 'W'].find((d) => !drone.openSides.includes(d));
    if (closed && ++moves % 7 === 0) {
      await drone.move(closed);
      continue;
    }
    const next = drone.openSides.find((d) => {
      const [dx, dy] = { N: [0, 1], E: [1, 0], S: [0, -1], W: [-1, 0] }[d];
      return !seen.has(`${drone.position[0] + dx},${drone.position[1] + dy}`);
    });
    if (next) {
      back.push(OPPOSITE[next]);
      await drone.move(next);
    } else if (back.length > 0) {
      await drone.move(back.pop());
    } else {
      seen.clear(); // walls fell: search again from here
    }
  }
  drone.close();
  return { run: first.run, result: drone.result };
}

test("a maze's walls code round-trips and gives shortest paths", () => {
  assert.equal(new Maze(3, 2, 'e6a3ab').code(), 'e6a3ab');
  const open = new Maze(2, 2);
  assert.equal(open.code(), 'ffff');
  open.open({ x: 0, y: 0 }, 'E');
  open.open({ x: 1, y: 0 }, 'N');
  assert.equal(open.code(), 'b6fd');
  assert.ok(open.isOpen({ x: 1, y: 1 }, 'S') && !open.isOpen({ x: 0, y: 1 }, 'S'));
  assert.deepEqual(open.shortestPath({ x: 0, y: 0 }, { x: 1, y: 1 }), [
    { x: 0, y: 0 },
    { x: 1, y: 0 },
    { x: 1, y: 1 },
  ]);
  assert.equal(open.shortestPath({ x: 0, y: 0 }, { x: 0, y: 1 }), null);
  assert.throws(() => new Maze(2, 2, 'fffg'), /hex digit/);
});

test("a leaderboard cell: its mark, and after the close its sets' replays", () => {
  assert.equal(markText(undefined), '');
  assert.equal(markText({ mark: 0, attempts: 0 }), '-');
  assert.equal(markText({ mark: 0.25, attempts: 1 }), '25.0 (1 attempt)');
  assert.equal(markText({ mark: 0.26560587515, attempts: 2 }), '26.6 (2 attempts)');
  assert.deepEqual(replayGroups({ mark: 0.25, attempts: 1 }), []);
  const groups = replayGroups(
    {
      mark: 0.4,
      attempts: 2,
      replays: [
        { attempt: 1, runs: [12, 13, 15] },
        { attempt: 2, runs: [20] }, // a set ended after its first maze
      ],
    },
    3,
  );
  assert.deepEqual(
    groups.map((g) => [g.attempt, g.links.map((l) => l.text)]),
    [
      [1, ['1', '2', '3']],
      [2, ['1']],
    ],
  );
  assert.equal(groups[0].links[2].href, '/replay?url=/api/replays/15');
  assert.equal(groups[0].links[2].title, 'attempt 1, maze 3 of 3: run 15');
  assert.equal(groups[1].links[0].title, 'attempt 2, maze 1 of 3: run 20');
  assert.deepEqual(
    replayGroups({ replays: [{ attempt: 1, runs: [7] }] }).map((g) => g.links[0].text),
    ['run 7'],
  );
});

test('the competition as people read it: times, spans, totals, ranks and mazes', () => {
  assert.equal(timeText('2026-12-01T18:05:00Z'), '2026-12-01 18:05 UTC');
  assert.equal(timeText('2026-12-01T18:05:00.123Z'), '2026-12-01 18:05 UTC');
  // In the viewer's time zone.
  assert.equal(
    timeText('2026-12-01T18:05:00Z', { timeZone: 'Europe/Paris' }),
    '2026-12-01 19:05 CET',
  );
  assert.equal(timeText('not a time'), 'not a time');
  assert.equal(spanText(0), '0 s');
  assert.equal(spanText(59_000), '59 s');
  assert.equal(spanText(200_000), '3 min 20 s');
  assert.equal(spanText(3 * 86_400_000 + 4 * 3_600_000 + 5_000), '3 d 4 h');
  assert.equal(spanText(3_600_000), '1 h 0 min');
  const now = Date.parse('2026-12-01T12:00:00Z');
  const cup = { opens_at: '2026-12-01T14:05:00Z', closes_at: '2026-12-08T00:00:00Z' };
  assert.equal(stateText(cup, now), 'not open yet: opens in 2 h 5 min (2026-12-01 14:05 UTC)');
  assert.equal(
    stateText(cup, Date.parse('2026-12-05T00:00:00Z')),
    'open: closes in 3 d 0 h (2026-12-08 00:00 UTC)',
  );
  assert.equal(
    stateText(cup, Date.parse('2026-12-09T00:00:00Z')),
    'closed at 2026-12-08 00:00 UTC',
  );
  assert.equal(stateText({ opens_at: null, closes_at: null }, now), 'open, with no closing time');
  assert.equal(totalText({ total: 35.03523006298708, total_error: null }), '35.0');
  assert.equal(totalText({ total: 35.035, total_error: 2.049 }), '35.0 \u00b1 2.0');
  const unplayed = { rank: 1, challenges: { a: { attempts: 0 } } };
  assert.equal(rankText(unplayed), '-');
  assert.equal(rankText({ rank: 2, decided: false, challenges: { a: { attempts: 1 } } }), '2?');
  assert.equal(rankText({ rank: 2, decided: true, challenges: { a: { attempts: 1 } } }), '2');
  assert.equal(mazeText({ width: 16, height: 16 }), '16x16, hidden until the close');
  assert.equal(
    mazeText({ maze: { generator: 'prim', width: 8, height: 8, loops: 0.5 } }),
    'prim 8x8, loops 0.5',
  );
  assert.equal(mazeText({ maze: { name: 'classic16' } }), 'classic16');
  assert.equal(attemptsText({ attempts: 3 }), '3');
  assert.equal(attemptsText({ attempts: 5, mazes: 10 }), '5 sets of 10 mazes');
  assert.equal(attemptsText({ attempts: 1, mazes: 3 }), '1 set of 3 mazes');
});

test('the stream passes each message on once and resumes after a drop', () => {
  const sockets = [];
  const timers = [];
  const got = [];
  const stream = new SpectatorStream({
    url: 'ws://x/spectate/1',
    connect: (url) => {
      const socket = { url, close() {} };
      sockets.push(socket);
      return socket;
    },
    onMessage: (m) => got.push(m.seq),
    timer: (fn) => timers.push(fn),
  }).start();
  const say = (s, m) => s.onmessage({ data: JSON.stringify(m) });
  say(sockets[0], { type: 'snapshot', seq: 5, boot: '00c0ffee00c0ffee' });
  say(sockets[0], { type: 'steps', seq: 9 });
  sockets[0].onclose({ code: 1006 });
  assert.equal(timers.length, 1);
  timers[0]();
  // The server it resumes on must be the one it watched (not a restarted one).
  assert.equal(sockets[1].url, 'ws://x/spectate/1?from=9&boot=00c0ffee00c0ffee');
  say(sockets[1], { type: 'steps', seq: 9 }); // already seen
  say(sockets[1], { type: 'snapshot', seq: 12 }); // not after the first
  say(sockets[1], { type: 'steps', seq: 14 });
  say(sockets[1], { type: 'end', seq: 15 });
  sockets[1].onclose({ code: 1000 });
  assert.deepEqual(got, [5, 9, 14, 15]);
  assert.equal(timers.length, 1, 'no reconnect after the end');
  assert.equal(stream.ended, true);
});

test('a watched run: the fog view follows it exactly through a dropped connection', async () => {
  let view = null;
  let stream = null;
  let dropped = false;
  let resolveEnd;
  const ended = new Promise((resolve) => {
    resolveEnd = resolve;
  });
  const onMessage = (m) => {
    if (m.type === 'snapshot') view = new FogView(m);
    else if (m.type === 'steps') {
      view.applySteps(m);
      if (!dropped && view.steps > 200) {
        dropped = true;
        stream.socket.terminate(); // the connection drops mid-run
      }
    } else if (m.type === 'end') {
      view.applyEnd(m, m.replay);
      resolveEnd();
    }
  };
  const { run, result } = await playWithBumps(
    { generator: 'recursive_backtracker', width: 40, height: 30, seed: 12 },
    {
      treasures: 2,
      reuse: 5,
      onStart: async (runId) => {
        stream = new SpectatorStream({
          url: `ws://${base}/spectate/${runId}`,
          connect: (url) => new WebSocket(url),
          onMessage,
          delays: [10],
        }).start();
      },
    },
  );
  await ended;
  assert.ok(dropped, 'the run was long enough to drop the connection');
  assert.equal(view.run, run);
  assert.equal(view.steps, result.steps);
  assert.equal(view.bumps, result.bumps);
  assert.ok(result.bumps > 0);
  assert.equal(view.found, 2);
  assert.equal(view.finds.length, 2);
  // Every step walked once into the view: nothing twice, nothing missed.
  assert.equal(
    view.visits.reduce((a, b) => a + b, 0),
    result.steps + 1,
  );
  // The curve has a point a step, not a batch: the stream sends at most 20 a second.
  assert.deepEqual(view.curve.points.at(-1), [result.steps, view.seen]);
  assert.ok(view.curve.points.length > 100, `${view.curve.points.length} points`);
  assert.equal(view.replay, `/api/replays/${run}`);
});

test("a replay decoded and played reaches the server's exact end", async () => {
  for (const [maze, treasures, reuse] of [
    [{ generator: 'prim', width: 24, height: 16, seed: 3 }, 1, 0],
    [{ generator: 'wilson', width: 20, height: 20, seed: 8, loops: 0.3 }, 3, 6],
  ]) {
    const { run, result } = await playWithBumps(maze, { treasures, reuse });
    const response = await fetch(`http://${base}/api/replays/${run}`);
    assert.equal(response.status, 200);
    const replay = decodeReplay(await response.text());
    const game = new ReplayGame(replay).seek(replay.moves.length);
    assert.equal(game.steps, result.steps);
    assert.equal(game.bumps, result.bumps);
    assert.equal(game.found, result.found);
    assert.equal(game.score, result.score);
    assert.equal(game.status, result.status);
    assert.deepEqual(game.position, replay.treasures[replay.treasures.length - 1]);
    assert.equal(await wallsDigest(replay.maze), replay.wallsSha256);
    const lengths = optimalPaths(replay).map((p) => p.length - 1);
    assert.equal(
      lengths.reduce((a, b) => a + b, 0),
      result.optimal,
    );
    // Stepping back and forth lands on the same counts.
    const half = Math.floor(replay.moves.length / 2);
    const again = new ReplayGame(replay).seek(half);
    const counts = [again.steps, again.bumps, again.found];
    again.seek(replay.moves.length).seek(half);
    assert.deepEqual([again.steps, again.bumps, again.found], counts);
    // The exploration curve ends at the cells the drone stood on, at its steps.
    const stoodOn = game.visits.filter((v) => v > 0).length;
    assert.equal(game.seen, stoodOn);
    assert.deepEqual(replayCurve(replay).points.at(-1), [result.steps, stoodOn]);
  }
  assert.throws(() => decodeReplay('{"format":"ariadne-replay","version":2}'), /version 1/);
  const missing = await fetch(`http://${base}/api/replays/999999`);
  assert.equal(missing.status, 404);
});

test("the playground's example bot is the reference DFS, and the baseline plays it too", async () => {
  const { EXAMPLE, workerSource } = await import('../../web/js/bot_source.mjs');
  const { writeFileSync } = await import('node:fs');
  const { pathToFileURL } = await import('node:url');
  const kit = new URL('../../clients/js/ariadne.mjs', import.meta.url).href;
  const file = join(folder, 'bot.mjs');
  writeFileSync(file, workerSource(kit, EXAMPLE));
  // The worker's world in Node: self, postMessage, and the kit's WebSocket.
  const messages = [];
  let done;
  const finished = new Promise((resolve) => {
    done = resolve;
  });
  globalThis.self = {
    postMessage: (m) => {
      messages.push(m);
      if (m.type !== 'started') done();
    },
  };
  await import(pathToFileURL(file).href);
  const maze = { generator: 'kruskal', width: 14, height: 10, loops: 0, seed: 31 };
  globalThis.self.onmessage({ data: { url: `ws://${base}/ws`, maze } });
  await finished;
  assert.equal(messages[0].type, 'started');
  const last = messages[messages.length - 1];
  assert.equal(last.type, 'done', JSON.stringify(last));
  const response = await fetch(
    `http://${base}/api/baseline?${new URLSearchParams(Object.entries(maze).map(([k, v]) => [k, String(v)]))}`,
  );
  assert.equal(response.status, 200);
  const baseline = await response.json();
  const dfs = baseline.bots.find((b) => b.bot === 'dfs');
  assert.equal(last.result.steps, dfs.steps, 'the example plays exactly the bundled dfs bot');
  assert.equal(last.result.optimal, baseline.optimal);
  assert.ok(baseline.bots.length >= 5);
  for (const bad of [
    'generator=prim&width=65&height=8&loops=0&seed=1',
    'generator=prim&width=8',
    'generator=nope&width=8&height=8&loops=0&seed=1',
    'generator=prim&width=8&height=8&loops=0&seed=1&x=1',
  ]) {
    const refused = await fetch(`http://${base}/api/baseline?${bad}`);
    assert.equal(refused.status, 400, bad);
  }
});

test('the replay viewer loads the replays of this server only', () => {
  const page = 'http://127.0.0.1:8080/replay?url=x';
  assert.equal(ownReplayUrl('/api/replays/7', page), 'http://127.0.0.1:8080/api/replays/7');
  assert.equal(ownReplayUrl('api/replays/7', page), 'http://127.0.0.1:8080/api/replays/7');
  for (const elsewhere of [
    'http://evil.example/replay.json',
    '//evil.example/replay.json',
    'https://127.0.0.1:8080/api/replays/7',
    'http://127.0.0.1:8081/api/replays/7',
    'data:application/json,{}',
    'javascript:alert(1)',
    'http://[::1',
  ]) {
    assert.equal(ownReplayUrl(elsewhere, page), null, elsewhere);
  }
});

test('the home page tells a would-be competitor how to join', () => {
  const join = joinText(
    {
      challenges: [
        { id: 'loops', keep: 'all' },
        { id: 'x', keep: 'best' },
      ],
    },
    'https://cup.example.org',
  );
  assert.equal(join.url, 'wss://cup.example.org/ws');
  assert.equal(join.commands.length, 4);
  for (const command of join.commands) {
    assert.ok(command.includes('--url wss://cup.example.org/ws --token YOUR_TOKEN'), command);
  }
  assert.ok(join.commands[1].endsWith('--challenge loops'));
  assert.ok(!join.rules.includes('every attempt allowed counts'), 'one challenge keeps its best');
  assert.equal(joinText({}, 'http://127.0.0.1:8080').url, 'ws://127.0.0.1:8080/ws');
});
