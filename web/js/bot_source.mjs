// The playground's bot: the visitor's code wrapped into a worker module that
// plays one run with the JavaScript kit and reports to the page. No DOM:
// Node tests it.

export const EXAMPLE = `// Your bot: an async function given a drone of the JavaScript kit, with a run
// started. drone.position is [x, y], drone.openSides the open sides of its cell
// ('N', 'E', 'S', 'W'); await drone.move(dir) moves (true) or bumps (false);
// drone.finished says when the run is over. This one is a depth-first search.
async function bot(drone) {
  const key = ([x, y]) => x + ',' + y;
  const seen = new Set([key(drone.position)]);
  const back = [];
  while (!drone.finished) {
    const [x, y] = drone.position;
    const fresh = ['N', 'E', 'S', 'W'].find((d) =>
      drone.openSides.includes(d) && !seen.has(key([x + DELTA[d][0], y + DELTA[d][1]])));
    if (fresh) {
      back.push(OPPOSITE[fresh]);
      await drone.move(fresh);
      seen.add(key(drone.position));
    } else if (back.length > 0) {
      await drone.move(back.pop());
    } else {
      return; // everything seen: the page abandons the run
    }
  }
}
`;

// A worker module: the kit, the visitor's code (which must define an async
// function bot(drone)), and a runner that answers the page's one message
// {url, maze} with {type: 'started', run}, then {type: 'done', result} or
// {type: 'error', message}.
export function workerSource(kitUrl, code) {
  return `import { connect, DELTA, OPPOSITE } from ${JSON.stringify(kitUrl)};
${code}
;
self.onmessage = async ({ data }) => {
  let drone = null;
  try {
    if (typeof bot !== 'function') throw new Error('define an async function bot(drone)');
    drone = await connect(data.url, { name: 'playground', bot: 'playground', timeoutMs: 10000 });
    const first = await drone.start({ maze: data.maze });
    self.postMessage({ type: 'started', run: first.run });
    await bot(drone);
    if (!drone.finished) await drone.abandon();
    self.postMessage({ type: 'done', result: drone.result });
  } catch (error) {
    self.postMessage({ type: 'error', message: String(error && error.stack ? error.stack : error) });
  } finally {
    drone?.close();
  }
};
`;
}
