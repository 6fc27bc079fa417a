// The JavaScript kit against the real server binary (node --test; CTest
// passes ARIADNE_BUILD, the build folder).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, depthFirst, AriadneError } from '../ariadne.mjs';

const build = process.env.ARIADNE_BUILD ?? new URL('../../../build/ci', import.meta.url).pathname;
const folder = mkdtempSync(join(tmpdir(), 'ariadne-js-'));
const servers = [];

// Starts ariadne-server; resolves with its URL once it listens (the port
// arrives through a FIFO: no polling, no sleeping).
async function startServer(...args) {
  const fifo = join(folder, `port-${servers.length}`);
  execFileSync('mkfifo', [fifo]);
  const proc = spawn(
    join(build, 'server/app/ariadne-server'),
    ['--bind', '127.0.0.1', '--port', '0', '--port-file', fifo, '--log-level', 'warn', ...args],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  servers.push(proc);
  const port = Number((await readFile(fifo, 'utf8')).trim());
  return `ws://127.0.0.1:${port}/ws`;
}

let url;
before(async () => {
  url = await startServer();
});
// Each server stopped at once (SIGINT: no drain) and gone before its folder goes.
after(async () => {
  await Promise.all(
    servers.map(
      (proc) =>
        new Promise((done) => {
          if (proc.exitCode !== null || proc.signalCode !== null) return done();
          proc.once('exit', done);
          proc.kill('SIGINT');
        }),
    ),
  );
  rmSync(folder, { recursive: true, force: true });
});

test("a depth-first run gives exactly the C++ bot's result offline", async () => {
  for (const [generator, seed] of [
    ['prim', 42],
    ['kruskal', 7],
    ['hunt_and_kill', 3],
  ]) {
    const drone = await connect(url, { name: 'js-test' });
    const first = await drone.start({ maze: { generator, width: 12, height: 9, seed } });
    assert.equal(first.width, 12);
    const result = await depthFirst(drone);
    drone.close();
    const json = join(folder, `${generator}.json`);
    execFileSync(join(build, 'clients/runner/ariadne-bot'), [
      '--offline',
      '--bot',
      'dfs',
      '--generator',
      generator,
      '--size',
      '12x9',
      '--seeds',
      String(seed),
      '-q',
      '--json',
      json,
    ]);
    const offline = JSON.parse(readFileSync(json, 'utf8')).runs[0];
    assert.equal(result.status, 'found');
    assert.equal(result.steps, offline.steps, `${generator} ${seed}`);
    assert.equal(result.optimal, offline.optimal);
  }
});

test('pipelined requests get their own replies, in order', async () => {
  const drone = await connect(url);
  await drone.start({ maze: { generator: 'prim', width: 8, height: 8, seed: 5 } });
  const dir = drone.openSides[0];
  const back = { N: 'S', S: 'N', E: 'W', W: 'E' }[dir];
  const replies = await Promise.all([
    drone.request({ type: 'move', dir, id: 1 }),
    drone.request({ type: 'move', dir: back, id: 2 }),
    drone.request({ type: 'sense', id: 3 }),
  ]);
  assert.deepEqual(
    replies.map((r) => r.id),
    [1, 2, 3],
  );
  assert.equal(replies[2].steps, 2);
  assert.deepEqual(drone.position, [0, 0]);
  drone.close();
});

test("refusals are AriadneErrors with the protocol's code; nothing changes", async () => {
  const drone = await connect(url);
  await assert.rejects(drone.move('N'), (e) => e instanceof AriadneError && e.code === 'no_run');
  await assert.rejects(drone.start({ maze: { generator: 'nope' } }), { code: 'invalid_maze' });
  await drone.start({ maze: { generator: 'prim', width: 4, height: 4, seed: 1 } });
  await assert.rejects(drone.path('NX'), { code: 'bad_request' });
  assert.equal((await drone.sense()).steps, 0);
  drone.close();
});

test('a server that never answers fails the request after the timeout', async () => {
  const silent = createServer(() => {}); // accepts, says nothing
  await new Promise((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const began = Date.now();
  await assert.rejects(connect(`ws://127.0.0.1:${silent.address().port}/ws`, { timeoutMs: 300 }), {
    code: 'timeout',
  });
  assert.ok(Date.now() - began < 5000);
  silent.close();
});

test('a competitor plays a ranked challenge with a token', async () => {
  const db = join(folder, 'cup.db');
  const token = execFileSync(
    join(build, 'tools/ariadne-admin'),
    ['--db', db, 'add-competitor', 'js'],
    { encoding: 'utf8' },
  ).trim();
  const file = join(folder, 'cup.json');
  execFileSync('sh', ['-c', `cat > ${file}`], {
    input: JSON.stringify({
      name: 'js-cup',
      challenges: [{ id: 'warm-up', maze: { generator: 'prim', width: 8, height: 8 } }],
    }),
  });
  const competitionUrl = await startServer('--competition', file, '--db', db);
  await assert.rejects(connect(competitionUrl, { token: 'wrong' }), { code: 'unauthorized' });
  const drone = await connect(competitionUrl, { token });
  assert.equal(drone.welcome.competitor, 'js');
  assert.equal((await drone.challenges())[0].attempts_left, 1);
  const first = await drone.start({ challenge: 'warm-up' });
  assert.equal(first.maze, 'warm-up');
  assert.equal(first.seed, undefined);
  const result = await depthFirst(drone);
  assert.equal(result.status, 'found');
  assert.equal(result.seed, undefined);
  await assert.rejects(drone.start({ challenge: 'warm-up' }), { code: 'no_attempts_left' });
  drone.close();
});

test('LineDrone reads the bridge lines as the drone reads states', async () => {
  const { LineDrone, summaryTable } = await import('../run.mjs');
  const answers = [
    'START 4 4 0 0 E 160 1',
    'STATE 1 0 EW 0 1 0 0 1 1',
    'ERROR bad_request the cell (9, 9) is outside the maze',
    'PAINTED 1',
    'END found 2 0 2 2 1 1',
  ];
  const sent = [];
  const drone = new LineDrone(answers[Symbol.iterator](), (line) => sent.push(line));
  await drone.begin();
  assert.deepEqual(drone.position, [0, 0]);
  assert.deepEqual(drone.openSides, ['E']);
  assert.equal(await drone.move('E'), true);
  assert.deepEqual([drone.position, drone.state.steps], [[1, 0], 1]);
  await assert.rejects(drone.paint([{ x: 9, y: 9, colour: 'red' }]), { code: 'bad_request' });
  assert.equal(await drone.paint([{ x: 0, y: 0, colour: 'red', text: 'a' }]), 1);
  // The move that ends the run is answered END: it counted a step.
  assert.equal(await drone.move('E'), true);
  assert.equal(drone.finished, true);
  assert.deepEqual(drone.result, {
    status: 'found',
    steps: 2,
    bumps: 0,
    score: 2,
    optimal: 2,
    efficiency: 1,
    found: 1,
    treasures: 1,
  });
  assert.deepEqual(sent, ['MOVE E\n', 'PAINT 9 9 red\n', 'PAINT 0 0 red a\n', 'MOVE E\n']);
  const table = summaryTable('mine', [drone.result]).split('\n');
  assert.match(table[0], /^bot +runs +found +median steps/);
  assert.match(table[1], /^mine +1 +1 +2\.0 +2\.0 +0\.0 +1\.000 +2$/);
});
