// A depth-first bot on one maze:
//   node clients/js/examples/dfs-bot.mjs --url ws://127.0.0.1:8080/ws --generator prim --size 16x16 --seed 42
// several seeds: --seeds 1-20; a named maze of the server: --maze classic16;
// or ranked runs: --token TOKEN --challenge warm-up [--attempts N] (default: every
// attempt left where all of them count, keep all; else one). Over TLS:
// --url wss://HOST:PORT/ws, with --ca FILE (or $ARIADNE_CA) for a CA Node does
// not trust; --insecure verifies nothing (a self-signed test server only).
// A lost connection is made again (a ranked run in play comes back with it);
// --no-reconnect stops instead.
import { parseArgs } from 'node:util';
import { connect, depthFirst, parseSeeds } from '../ariadne.mjs';

const usage = `usage: node dfs-bot.mjs [--url URL] [--name NAME] [--generator NAME] [--size WxH]
                        [--maze NAME] [--seed N | --seeds 1-20,25] [--loops X] [--treasures N]
                        [--timeout SECONDS] [--token TOKEN --challenge ID [--attempts N]]
                        [--no-reconnect]
                        [--ca FILE | --insecure]`;

let values;
try {
  ({ values } = parseArgs({
    options: {
      help: { type: 'boolean', short: 'h' },
      url: { type: 'string', default: 'ws://127.0.0.1:8080/ws' },
      name: { type: 'string', default: 'js-dfs' },
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
} catch (error) {
  console.error(`dfs-bot: ${error.message}\n${usage}`);
  process.exit(2);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}

/** The pages of the server a drone URL names: ws://HOST:PORT/ws gives http://HOST:PORT/. */
function pagesUrl(url) {
  const { protocol, host } = new URL(url);
  return `${protocol === 'wss:' ? 'https' : 'http'}://${host}/`;
}

// Practice seeds, judged before anything connects.
let seeds;
try {
  if (values.seeds !== undefined && (values.seed !== undefined || values.challenge)) {
    throw new Error('--seeds plays practice runs: not with --seed or --challenge');
  }
  seeds = values.seeds !== undefined ? parseSeeds(values.seeds) : [values.seed];
} catch (error) {
  console.error(`dfs-bot: ${error.message}`);
  process.exit(2);
}

let drone;
try {
  drone = await connect(values.url, {
    name: values.name,
    token: values.token,
    bot: 'js-kit/dfs',
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
  let runs = seeds.length; // practice: one run a seed
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
  let allFound = true;
  for (let k = 0; k < runs; k += 1) {
    if (!values.challenge && seeds[k] !== undefined) maze.seed = Number(seeds[k]);
    // One attempt: with a challenge of several mazes, one start per maze
    // until the server says the attempt's set has ended.
    let lost = 0; // runs lost with their servers: the run (or attempt) starts again
    for (let ended = false; !ended;) {
      let first;
      let result;
      try {
        first = await drone.start(
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
        result = await depthFirst(drone);
      } catch (error) {
        if (error.code !== 'run_lost' || (lost += 1) > 3) throw error;
        console.error(`dfs-bot: ${error.message}`);
        continue;
      }
      console.log(
        `${result.status}: steps ${result.steps}, bumps ${result.bumps}, score ${result.score}, ` +
          `optimal ${result.optimal}, efficiency ${result.efficiency.toFixed(3)}`,
      );
      console.log('result:', JSON.stringify(result));
      allFound = allFound && result.status === 'found';
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
  if (drone.reconnects > 0) console.log(`${drone.reconnects} lost connection(s) made again`);
  process.exitCode = allFound ? 0 : 1;
} catch (error) {
  console.error(`dfs-bot: ${error.message}`);
  process.exitCode = 2;
} finally {
  // An open socket would keep Node running after an error.
  drone?.close();
}
