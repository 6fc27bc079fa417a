// The playground's bot: the visitor's code wrapped into a worker module that
// plays one run with the JavaScript kit and reports to the page. No DOM:
// Node tests it.

export const EXAMPLE = `// Your bot: an async function given a drone of the JavaScript kit, with a run
// started. drone.position is [x, y], drone.openSides the open sides of its cell
// ('N', 'E', 'S', 'W'); await drone.move(dir) moves (true) or bumps (false);
// drone.finished says when the run is over; console.log shows in the console
// below, and await drone.paint([{ x, y, colour: 'red', text: '1' }]) marks
// cells on the view (never part of the game; 20 paints a second, as many
// up to 128 cells each). This one is a depth-first search.
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

/** A worker's stack trace as the visitor reads it: the worker module's own
 * address (a blob: URL) becomes "your code", its lines counted from the
 * first line of the code (the module has `offset` lines before it, the code
 * `lines` lines); a line past the code is the playground's own runner. */
export function cleanStack(text, moduleUrl, offset, lines) {
  if (!moduleUrl) return text;
  const escaped = moduleUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`${escaped}:(\\d+)(?::(\\d+))?`, 'g'), (_, line, column) => {
    const n = Number(line) - offset;
    if (n < 1 || n > lines) return "the playground's runner";
    return column ? `your code, line ${n}:${column}` : `your code, line ${n}`;
  });
}

/** The line of the visitor's code an error names first ("your code, line
 * N", as cleanStack writes it), or null. */
export function errorLine(text) {
  const m = /your code, line (\d+)/.exec(text);
  return m ? Number(m[1]) : null;
}

/** What a browser parses to find a syntax error's line when the module
 * worker's error names none (Chromium names none for a module): the code in
 * an async function that nothing calls, as a classic script, so that none of
 * it runs; it answers a message once it has parsed. Its line n +
 * SYNTAX_CHECK_OFFSET is the code's line n. */
export const SYNTAX_CHECK_OFFSET = 1;
export function syntaxCheckSource(code) {
  return `async function ariadneSyntaxCheck() {\n${code}\n}\nself.onmessage = () => self.postMessage(0);\n`;
}

/** The most lines of console output a run of the bot sends to the page. */
export const LOG_LINES = 500;

// A worker module: the kit, the visitor's code (which must define an async
// function bot(drone)) on the module's second line, and a runner that
// answers the page's one message {url, maze, delay} with {type: 'started',
// run}, then {type: 'done', result} or {type: 'error', message}; the bot's
// console output comes as {type: 'log', level, text} (at most LOG_LINES),
// and with a delay each move waits that many milliseconds first.
export function workerSource(kitUrl, code) {
  return `import { connect, DELTA, OPPOSITE } from ${JSON.stringify(kitUrl)};
${code}
;
const cleanStack = ${cleanStack.toString()};
const CODE_LINES = ${code.split('\n').length};
let logged = 0;
const show = (value) => {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return cleanStack(String(value.stack ?? value), self.location?.href, 1, CODE_LINES);
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
};
for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
  console[level] = (...args) => {
    logged += 1;
    if (logged > ${LOG_LINES}) return;
    const text = logged === ${LOG_LINES} ? '(more output is not shown)' : args.map(show).join(' ');
    self.postMessage({ type: 'log', level, text: text.slice(0, 2000) });
  };
}
self.onmessage = async ({ data }) => {
  let drone = null;
  try {
    if (typeof bot !== 'function') throw new Error('define an async function bot(drone)');
    drone = await connect(data.url, { name: 'playground', bot: 'playground', timeoutMs: 10000 });
    if (data.delay > 0) {
      const pause = () => new Promise((resolve) => setTimeout(resolve, data.delay));
      const move = drone.move.bind(drone);
      const path = drone.path.bind(drone);
      drone.move = async (dir) => (await pause(), move(dir));
      drone.path = async (dirs) => (await pause(), path(dirs));
    }
    const first = await drone.start({ maze: data.maze });
    self.postMessage({ type: 'started', run: first.run });
    await bot(drone);
    if (!drone.finished) await drone.abandon();
    self.postMessage({ type: 'done', result: drone.result });
  } catch (error) {
    const text = String(error && error.stack ? error.stack : error);
    self.postMessage({ type: 'error', message: cleanStack(text, self.location?.href, 1, CODE_LINES) });
  } finally {
    drone?.close();
  }
};
`;
}
