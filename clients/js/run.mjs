// Runs a bot written on the kit, in Node: `runBot(strategy)` reads the
// command line (practice runs on seeds, a named maze, ranked runs), plays,
// prints each result and, for several runs, the table ariadne-bot prints.
// Started by ariadne-bot --program or ariadne-pipe (ARIADNE_LINE_PROTOCOL in
// its environment), it plays their one run over the bridge's lines on stdin
// and stdout instead (PROTOCOL.md, "The stdin/stdout bridge"); console.log
// then writes to stderr, so that nothing the bot prints is taken for a
// command.
//
//   import { runBot } from 'ariadne-client/run';
//   async function explore(drone) { ... }   // drone.position, drone.openSides, await drone.move('N')
//   await runBot(explore, { bot: 'my-bot' });
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { AriadneError, Senses, connect, parseSeeds } from './ariadne.mjs';

const usage = `usage: node BOT.mjs [--url URL] [--name NAME] [--generator NAME] [--size WxH]
                   [--maze NAME] [--seed N | --seeds 1-20,25] [--loops X] [--treasures N]
                   [--timeout SECONDS] [--token TOKEN --challenge ID [--attempts N]]
                   [--no-reconnect] [--ca FILE | --insecure]`;

const sides = (text) => (text === '-' ? [] : [...text]);

/** The drone over the bridge's lines: the same properties and moves as the
 * kit's Drone, for one run. */
export class LineDrone extends Senses {
  #lines;
  #write;
  constructor(lines, write) {
    super();
    this.#lines = lines;
    this.#write = write;
  }
  async #read() {
    const { value, done } = await this.#lines.next();
    if (done) throw new AriadneError('connection_lost', 'the bridge closed the lines');
    return value.split(' ');
  }
  /** Reads START: the run's first state. */
  async begin() {
    const w = await this.#read();
    if (w[0] !== 'START' || w.length !== 8) {
      throw new AriadneError('bad_reply', `expected START, got '${w.join(' ')}'`);
    }
    const [width, height, x, y] = w.slice(1, 5).map(Number);
    this.state = {
      type: 'state',
      position: { x, y },
      open: sides(w[5]),
      max_steps: Number(w[6]),
      treasures: Number(w[7]),
      width,
      height,
      steps: 0,
      bumps: 0,
      found: 0,
      treasure: false,
    };
    return this.state;
  }
  async #command(line) {
    this.#write(`${line}\n`);
    const w = await this.#read();
    if (w[0] === 'ERROR') throw new AriadneError(w[1], w.slice(2).join(' '));
    if (w[0] === 'PAINTED') return Number(w[1]);
    if (w[0] === 'END') {
      const [status, steps, bumps, score, optimal, found, treasures] = [
        w[1],
        ...w.slice(2, 8).map(Number),
      ];
      const best = Math.max(score, optimal);
      const efficiency = status !== 'found' ? 0 : best === 0 ? 1 : optimal / best;
      const result = { status, steps, bumps, score, optimal, efficiency, found, treasures };
      this.state = { ...this.state, steps, bumps, found, result };
      return null;
    }
    if (w[0] !== 'STATE' || w.length !== 10) {
      throw new AriadneError('bad_reply', `expected STATE, got '${w.join(' ')}'`);
    }
    const [x, y] = [Number(w[1]), Number(w[2])];
    this.state = {
      ...this.state,
      position: { x, y },
      open: sides(w[3]),
      treasure: w[4] === '1',
      steps: Number(w[5]),
      bumps: Number(w[6]),
      found: Number(w[7]),
      treasures: Number(w[8]),
    };
    return w[9];
  }
  sense() {
    return this.#command('SENSE').then(() => this.state);
  }
  /** One move; true when the drone moved (the move that ends a run too). */
  async move(dir) {
    const steps = this.state.steps;
    const extra = await this.#command(`MOVE ${dir}`);
    return extra === null ? this.state.steps > steps : extra === '1';
  }
  /** Moves along dirs, stopping at a bump or a treasure; the moves made. */
  async path(dirs) {
    const steps = this.state.steps;
    const extra = await this.#command(`PATH ${Array.isArray(dirs) ? dirs.join('') : dirs}`);
    return extra === null ? this.state.steps - steps : Number(extra);
  }
  abandon() {
    return this.#command('ABANDON').then(() => this.state);
  }
  /** As Drone.paint: `[{x, y, colour, text}]`, `{clear: true}` erases first. */
  async paint(cells, { clear = false } = {}) {
    if (clear) await this.#command('PAINT CLEAR');
    if (cells.length === 0) return 0;
    const marks = cells.map((c) => `${c.x} ${c.y} ${c.colour ?? '-'}${c.text ? ` ${c.text}` : ''}`);
    return this.#command(`PAINT ${marks.join('; ')}`);
  }
  /** As Drone.log: a line of the bot's own log. */
  log(text) {
    return this.#command(`LOG ${text}`);
  }
}

/** The table ariadne-bot prints, for these runs' results. */
export function summaryTable(bot, results) {
  const median = (values) => {
    const v = [...values].sort((a, b) => a - b);
    const mid = Math.floor(v.length / 2);
    if (v.length === 0) return 0;
    return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
  };
  const steps = results.map((r) => r.steps);
  const cells = [
    ['bot', bot, -14],
    ['runs', String(results.length), 6],
    ['found', String(results.filter((r) => r.status === 'found').length), 6],
    ['median steps', median(steps).toFixed(1), 12],
    ['mean steps', (steps.reduce((a, b) => a + b, 0) / Math.max(steps.length, 1)).toFixed(1), 12],
    ['median bumps', median(results.map((r) => r.bumps)).toFixed(1), 12],
    ['median eff', median(results.map((r) => r.efficiency)).toFixed(3), 10],
    ['worst steps', String(Math.max(0, ...steps)), 11],
  ];
  const pad = (text, width) => (width < 0 ? text.padEnd(-width) : text.padStart(width));
  return [
    cells.map(([head, , width]) => pad(head, width)).join(' '),
    cells.map(([, value, width]) => pad(value, width)).join(' '),
  ].join('\n');
}

/** One run over the bridge's lines: stdout carries the commands. */
async function playLines(strategy) {
  const write = process.stdout.write.bind(process.stdout);
  console.log = console.error;
  console.info = console.error;
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  const drone = new LineDrone(lines[Symbol.asyncIterator](), (text) => write(text));
  await drone.begin();
  await strategy(drone);
  if (!drone.finished) await drone.abandon();
  lines.close();
  return drone.result.status === 'found' ? 0 : 1;
}

/** The pages of the server a drone URL names: ws://HOST:PORT/ws gives http://HOST:PORT/. */
function pagesUrl(url) {
  const { protocol, host } = new URL(url);
  return `${protocol === 'wss:' ? 'https' : 'http'}://${host}/`;
}

function readOptions(bot, name) {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        help: { type: 'boolean', short: 'h' },
        url: { type: 'string', default: 'ws://127.0.0.1:8080/ws' },
        name: { type: 'string', default: name },
        generator: { type: 'string', default: 'hunt_and_kill' },
        size: { type: 'string', default: '16x16' },
        seed: { type: 'string' },
        seeds: { type: 'string' },
        maze: { type: 'string' },
        loops: { type: 'string', default: '0' },
        treasures: { type: 'string', default: '1' },
        token: { type: 'string' },
        challenge: { type: 'string' },
        attempts: { type: 'string' },
        'no-reconnect': { type: 'boolean', default: false },
        timeout: { type: 'string', default: '30' },
        ca: { type: 'string' },
        insecure: { type: 'boolean', default: false },
      },
    }));
    if (values.seeds !== undefined && (values.seed !== undefined || values.challenge)) {
      throw new Error('--seeds plays practice runs: not with --seed or --challenge');
    }
    values.seedList = values.seeds !== undefined ? parseSeeds(values.seeds) : [values.seed];
  } catch (error) {
    console.error(`${bot}: ${error.message}\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}

/** Plays `strategy` (an async function of a started drone that plays its
 * run to the end, like depthFirst) as the command line says, or over the
 * bridge's lines when ariadne-bot --program or ariadne-pipe started this
 * program. `bot` is what pages and replays call it, `name` the player
 * (--name overrides it). Sets process.exitCode:
 * 0 when every run found its treasures, 1 otherwise, 2 when it could not
 * play. */
export async function runBot(strategy, { bot = 'js-kit/mine', name = 'js-kit' } = {}) {
  if (process.env.ARIADNE_LINE_PROTOCOL) {
    process.exitCode = await playLines(strategy);
    return;
  }
  const values = readOptions(bot, name);
  let drone;
  try {
    drone = await connect(values.url, {
      name: values.name,
      token: values.token,
      bot,
      timeoutMs: Number(values.timeout) * 1000,
      ca: values.ca,
      insecure: values.insecure,
      reconnect: !values['no-reconnect'],
    });
    const [width, height] = values.size.split('x').map(Number);
    // A named maze of the server (its --maze-dir), or a generated one.
    const maze = values.maze
      ? { name: values.maze }
      : { generator: values.generator, width, height, loops: Number(values.loops) };
    let runs = values.seedList.length; // practice: one run a seed
    if (values.challenge) {
      const listed = drone.welcome?.competition?.challenges ?? [];
      const about = listed.find((c) => c.id === values.challenge) ?? {};
      // A set under way (a lost connection) is finished first, as one of the
      // attempts left.
      const left = (about.attempts_left ?? 1) + (about.next_maze ? 1 : 0);
      const wanted =
        values.attempts !== undefined ? Number(values.attempts) : about.keep === 'all' ? left : 1;
      if (!Number.isInteger(wanted) || wanted < 1) throw new Error('--attempts must be at least 1');
      runs = Math.max(1, Math.min(wanted, left));
    }
    const results = [];
    for (let k = 0; k < runs; k += 1) {
      const seed = values.seedList[k];
      if (!values.challenge && seed !== undefined) maze.seed = Number(seed);
      // One attempt: with a challenge of several mazes, one start per maze
      // until the server says the attempt's set has ended.
      let lost = 0; // runs lost with their servers: the run (or attempt) starts again
      for (let ended = false; !ended;) {
        try {
          const first = await drone.start(
            values.challenge
              ? { challenge: values.challenge }
              : { maze, treasures: Number(values.treasures) },
          );
          const place = first.set ?? { maze: 1, mazes: 1 };
          console.log(
            `run ${first.run}: ${first.maze} ${first.width}x${first.height}` +
              (first.seed !== undefined ? ` seed ${first.seed}` : '') +
              (first.set ? `, maze ${place.maze} of ${place.mazes}` : '') +
              // A practice run can be watched live; a ranked one after the close.
              (first.set ? '' : `; watch it at ${pagesUrl(values.url)}watch/${first.run}`),
          );
          await strategy(drone);
          if (!drone.finished) await drone.abandon();
        } catch (error) {
          if (error.code !== 'run_lost' || (lost += 1) > 3) throw error;
          console.error(`${bot}: ${error.message}`);
          continue;
        }
        const result = drone.result;
        console.log(
          `${result.status}: steps ${result.steps}, bumps ${result.bumps}, score ${result.score}, ` +
            `optimal ${result.optimal}, efficiency ${result.efficiency.toFixed(3)}`,
        );
        console.log('result:', JSON.stringify(result));
        results.push(result);
        const after = drone.state?.set;
        ended = after?.ended ?? true;
        if (ended && after?.mark !== undefined) {
          console.log(
            `attempt ${after.attempt} ended: ${after.found} of ${after.mazes} mazes found, ` +
              `mark ${after.mark.toFixed(4)}`,
          );
        }
      }
    }
    if (results.length > 1) console.log(summaryTable(bot, results));
    if (drone.reconnects > 0) console.log(`${drone.reconnects} lost connection(s) made again`);
    process.exitCode = results.every((r) => r.status === 'found') ? 0 : 1;
  } catch (error) {
    console.error(`${bot}: ${error.message}`);
    process.exitCode = 2;
  } finally {
    // An open socket would keep Node running after an error.
    drone?.close();
  }
}
