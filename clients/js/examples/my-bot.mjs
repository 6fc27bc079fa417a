// A bot of your own, on the JavaScript kit: copy this file into a folder of
// yours, install the kit there (npm install PATH/TO/clients/js), and change
// `explore`. It starts as the classic depth-first search.
//   node my-bot.mjs --url ws://127.0.0.1:8080/ws --seeds 1-20
//   ariadne-bot --program "node my-bot.mjs" --bot dfs,frontier --offline --seeds 1-100
// (the second measures it beside the bundled bots on the same mazes, with no
// server). The kit's package is "ariadne-client": its drone, and runBot for
// the command line.
import { DELTA, OPPOSITE } from 'ariadne-client';
import { runBot } from 'ariadne-client/run';

/** Enter a side not yet visited (N, E, S, W in that order), else walk back
 * one step; after each treasure, search again from where it stands. */
async function explore(drone) {
  const key = ([x, y]) => `${x},${y}`;
  let visited = new Set([key(drone.position)]);
  let wayBack = [];
  let found = drone.state.found;
  while (!drone.finished) {
    if (drone.state.found !== found) {
      found = drone.state.found;
      visited = new Set([key(drone.position)]);
      wayBack = [];
    }
    const [x, y] = drone.position;
    const fresh = ['N', 'E', 'S', 'W'].find(
      (d) => drone.openSides.includes(d) && !visited.has(key([x + DELTA[d][0], y + DELTA[d][1]])),
    );
    if (fresh === undefined && wayBack.length === 0) return; // nothing left: runBot abandons
    const dir = fresh ?? wayBack.pop();
    if (fresh !== undefined) wayBack.push(OPPOSITE[fresh]);
    await drone.move(dir);
    visited.add(key(drone.position));
  }
}

await runBot(explore, { bot: 'my-bot' });
