// Ariadne drone client, protocol v1 (protocol/PROTOCOL.md), for Node 20 and
// later (with the `ws` package) and, unchanged, for browsers (native
// WebSocket). Plain ES module; nothing here touches the DOM.
// Longer than 400 lines: a starter kit is one file a competitor copies (or a
// page imports), the drone, its checks and its reconnection together.
//
//   import { connect } from "./ariadne.mjs";
//   const drone = await connect("ws://127.0.0.1:8080/ws", { name: "my-bot" });
//   await drone.start({ maze: { generator: "prim", width: 16, height: 16, seed: 42 } });
//   while (!drone.finished) await drone.move(drone.openSides[0]);
//   (wss://HOST:PORT/ws for TLS: the server's certificate is always verified; see connect)

/** Directions and their (dx, dy): x grows east, y grows north. */
export const DELTA = Object.freeze({ N: [0, 1], E: [1, 0], S: [0, -1], W: [-1, 0] });
export const OPPOSITE = Object.freeze({ N: 'S', E: 'W', S: 'N', W: 'E' });

/** A refused request (`code` is the protocol's error code), or a lost or
 * silent connection (`code` is "connection" or "timeout"). */
export class AriadneError extends Error {
  constructor(code, message) {
    super(`${code}: ${message}`);
    this.name = 'AriadneError';
    this.code = code;
  }
}

/** What a drone holds a server to: a client may play against a server it
 * does not control. */
export const LIMITS = Object.freeze({
  /** The largest maze accepted when the request did not fix the size. */
  maxCells: 2 ** 24,
  /** Moves in one run, whatever max_steps the server announces. */
  maxMoves: 1e9,
  /** One run, start to end, in ms (the server's default limit). */
  maxRunMs: 3600 * 1000,
  /** The largest reply frame read (no reply of protocol v1 comes near it). */
  maxReplyBytes: 2 ** 20,
  /** The largest message sent: the server's default --max-message-bytes. */
  maxMessageBytes: 8192,
});

const inside = (x, y, [width, height]) =>
  Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < width && y < height;

/** Why `state` cannot lie in a maze of `size` ([width, height]), or null. */
export function stateProblem(state, size) {
  const x = state.position?.x;
  const y = state.position?.y;
  if (!inside(x, y, size)) return `position ${x}, ${y} is outside the ${size.join('x')} maze`;
  if (!Array.isArray(state.open) || !state.open.every((d) => d in DELTA)) {
    return 'open sides not among N, E, S, W';
  }
  const side = state.open.find((d) => !inside(x + DELTA[d][0], y + DELTA[d][1], size));
  if (side !== undefined) return `side ${side} of ${x}, ${y} is open to the outside of the maze`;
  if (![state.steps, state.bumps].every((n) => Number.isInteger(n) && n >= 0)) {
    return 'a state without its step and bump counts';
  }
  return null;
}

/** Why `first` cannot start a run asked with `maze` (or null for a
 * challenge), or null. */
export function startProblem(first, maze) {
  const size = [first.width, first.height];
  if (!size.every((n) => Number.isInteger(n) && n >= 1 && n <= 8192)) {
    return `a ${size.join('x')} maze is beyond the protocol's sizes`;
  }
  if (maze?.width !== undefined && maze?.height !== undefined) {
    if (maze.width !== size[0] || maze.height !== size[1]) {
      return `a ${size.join('x')} maze answers a request for ${maze.width}x${maze.height}`;
    }
  } else if (size[0] * size[1] > LIMITS.maxCells) {
    return `a ${size.join('x')} maze is more than the ${LIMITS.maxCells} cells this client accepts`;
  }
  return stateProblem(first, size);
}

// Node's ws (Node 22's own WebSocket takes no CA, no maxPayload), else the browser's.
async function webSocketClass() {
  if (globalThis.process?.versions?.node === undefined) return [globalThis.WebSocket, false];
  const module = await import('ws');
  return [module.default ?? module.WebSocket, true];
}

// Node's TLS options for a wss:// URL: the CA certificates that vouch for the
// server's (`ca`, else the file $ARIADNE_CA names; none: Node's own list), or
// nothing verified at all.
async function tlsOptions(url, ca, insecure) {
  if (insecure) {
    console.warn("ariadne.mjs: warning: insecure: the server's certificate is not checked");
    return { rejectUnauthorized: false };
  }
  const given = ca || globalThis.process.env.ARIADNE_CA;
  if (!given || !/^wss:/i.test(url)) return {};
  const isText = String(given).includes('-----BEGIN');
  const { readFile } = await import('node:fs/promises');
  const pem = isText ? String(given) : await readFile(given, 'utf8').catch((error) => error);
  // Node would skip what is not a certificate, and then trust nothing.
  if (typeof pem !== 'string' || !pem.includes('-----BEGIN CERTIFICATE-----')) {
    const why = typeof pem === 'string' ? 'no PEM certificate in it' : pem.message;
    throw new AriadneError('connection', `CA ${isText ? 'text' : given}: ${why}`);
  }
  return { ca: pem };
}

function withTimeout(promise, ms, what, onTimeout) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => {
      onTimeout?.();
      reject(new AriadneError('timeout', `${what}: no answer within ${ms} ms`));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** How a lost connection is made again (see connect's `reconnect`): close
 * codes a new connection may mend (going away: a server draining or
 * stopping; abnormal: it died; internal error; restart; try again later),
 * never 1000 or 1008 (replaced, token withdrawn); the tries, and the waits
 * between them, doubling, each between half of it and all of it. */
export const RECONNECT = Object.freeze({
  closes: Object.freeze([1001, 1006, 1011, 1012, 1013]),
  tries: 8,
  firstMs: 250,
  longestMs: 4000,
});

/** What a cluster's proxy routes a competitor's connections by
 * (?competitor=KEY): 16 hex digits of SHA-256 of "ariadne-route:" and the
 * token, the same in every kit; it tells nothing of the token. */
export async function routeKey(token) {
  const digest = await globalThis.crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`ariadne-route:${token}`),
  );
  return [...new Uint8Array(digest).slice(0, 8)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
}

/** url with competitor=routeKey(token) in its query (url itself without a token). */
export async function withRouteKey(url, token) {
  if (token === undefined || token === '') return url;
  const parsed = new URL(url);
  parsed.searchParams.append('competitor', await routeKey(token));
  return parsed.toString();
}

const moveCount = (state) => state.steps + state.bumps;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A drone on an Ariadne server. Requests may be pipelined: replies are
 * matched to requests in order, and every request fails after `timeoutMs`
 * without a reply (the connection is then closed: later replies could no
 * longer be matched; with reconnect, a new one is made). */
/** What a drone senses where it stands, from its last state (`state`): the
 * WebSocket Drone and run.mjs's LineDrone alike. */
export class Senses {
  state = null;

  /** [x, y] of the drone's cell. */
  get position() {
    return this.state ? [this.state.position.x, this.state.position.y] : null;
  }
  /** The open sides of the drone's cell, among "N", "E", "S", "W". */
  get openSides() {
    return this.state ? this.state.open : [];
  }
  get finished() {
    return Boolean(this.state && this.state.result);
  }
  get result() {
    return this.state?.result ?? null;
  }
}

export class Drone extends Senses {
  #socket;
  #timeoutMs;
  #pending = [];
  #closedError = null;
  #size = null;
  #moveBudget = LIMITS.maxMoves;
  #deadline = 0;
  #dial = null; // makes a new socket, for reconnect
  #hello = null;
  #mending = false;
  #closing = false;

  constructor(socket, timeoutMs, { dial = null, hello = null } = {}) {
    super();
    this.#timeoutMs = timeoutMs;
    this.#dial = dial;
    this.#hello = hello;
    /** The latest state reply: position, open sides, counters, result. */
    this.state = null;
    /** The welcome reply (with `competition` when a token was given). */
    this.welcome = null;
    /** Lost connections mended (connect's `reconnect`). */
    this.reconnects = 0;
    this.#attach(socket);
  }

  #attach(socket) {
    this.#socket = socket;
    // Events of a socket replaced by a new connection are not this drone's.
    const mine = (handle) => (event) => socket === this.#socket && handle(event);
    socket.addEventListener(
      'message',
      mine((event) => this.#onMessage(event.data)),
    );
    socket.addEventListener(
      'close',
      mine((event) =>
        this.#lose(
          new AriadneError('connection', `closed (${event.code} ${event.reason || ''})`.trim()),
          RECONNECT.closes.includes(event.code),
        ),
      ),
    );
    // Node's ws names the cause (for example "Max payload size exceeded").
    // The socket is dropped at once: ws would wait 30 s for the closing
    // handshake of a server that broke the protocol.
    socket.addEventListener(
      'error',
      mine((event) => {
        socket.terminate?.();
        this.#lose(new AriadneError('connection', event?.message || 'socket error'), false);
      }),
    );
  }

  #onMessage(data) {
    const entry = this.#pending.shift();
    if (entry === undefined) return; // nothing asked: a server never does this
    clearTimeout(entry.timer);
    let reply;
    try {
      reply = JSON.parse(typeof data === 'string' ? data : String(data));
    } catch {
      entry.reject(new AriadneError('bad_json', 'the server sent something that is not JSON'));
      return;
    }
    if (reply === null || typeof reply !== 'object') {
      entry.reject(new AriadneError('bad_json', 'the server sent a reply that is not an object'));
      return;
    }
    if (reply.type === 'error') {
      entry.reject(new AriadneError(reply.code, reply.message));
      return;
    }
    // A new connection's welcome is judged with what it mends (#resume).
    const problem = entry.mending ? null : this.#check(reply, entry.message);
    if (problem !== null) {
      // No honest server sends it: nothing later on this connection can be trusted.
      const error = new AriadneError('impossible_reply', problem);
      entry.reject(error);
      this.#fail(error);
      this.#socket.close();
      return;
    }
    entry.resolve(reply);
  }

  #begin(first, maze) {
    const problem = startProblem(first, maze);
    if (problem !== null) return problem;
    this.#size = [first.width, first.height];
    this.#moveBudget = Number.isInteger(first.max_steps)
      ? Math.min(first.max_steps, LIMITS.maxMoves)
      : LIMITS.maxMoves;
    this.#deadline = Date.now() + LIMITS.maxRunMs;
    this.state = first;
    return null;
  }

  // Checks a reply against the run in play and keeps its state; the reason
  // it cannot be true, or null.
  #check(reply, message) {
    if (reply.type === 'welcome') return reply.state ? this.#begin(reply.state, null) : null;
    if (reply.type !== 'state') return null;
    if (message.type === 'start') return this.#begin(reply, message.maze ?? null);
    if (this.#size === null) return 'a state before any run started';
    const problem = stateProblem(reply, this.#size);
    if (problem !== null) return problem;
    if (message.type === 'move') {
      // Through a side sensed open, into one sensed closed; a run that had
      // ended (its time ran out) answers moved false and its result.
      const wasOpen = this.state.open.includes(message.dir);
      if (reply.moved !== wasOpen && !(reply.result !== undefined && !reply.moved)) {
        return reply.moved ? 'a move through a wall' : 'a bump into an open side';
      }
      const [dx, dy] = reply.moved ? DELTA[message.dir] : [0, 0];
      const { x, y } = this.state.position;
      if (reply.position.x !== x + dx || reply.position.y !== y + dy) {
        return `a move from ${x}, ${y} arrived at ${reply.position.x}, ${reply.position.y}`;
      }
    }
    if (message.type === 'path' && reply.done === 0 && message.dirs.length > 0) {
      if (reply.result === undefined) return 'a path made no move and the run goes on';
    }
    if (reply.result === undefined) {
      if (reply.steps + reply.bumps >= this.#moveBudget) {
        return `run ${reply.run} is still in play after ${this.#moveBudget} moves`;
      }
      if (Date.now() > this.#deadline) {
        return `run ${reply.run} is still in play after ${LIMITS.maxRunMs / 1000} s`;
      }
    }
    this.state = reply;
    return null;
  }

  #fail(error) {
    if (this.#closedError === null) this.#closedError = error;
    for (const entry of this.#pending.splice(0)) {
      clearTimeout(entry.timer);
      entry.reject(error);
    }
  }

  // The connection is gone (or silent): mended when it may be, else every
  // request fails.
  #lose(error, mendable) {
    if (this.#mending) {
      // The new connection's hello, cut short: the mend tries again.
      for (const entry of this.#pending.filter((e) => e.mending)) entry.reject(error);
      this.#pending = this.#pending.filter((e) => !e.mending);
      return;
    }
    // Before the first welcome, connect tries again itself.
    const welcomed = this.welcome !== null;
    if (
      mendable &&
      welcomed &&
      this.#dial !== null &&
      !this.#closing &&
      this.#closedError === null
    ) {
      this.#mend(error);
      return;
    }
    this.#fail(error);
    this.#socket.close();
  }

  #send(entry) {
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => {
      const error = new AriadneError(
        'timeout',
        `${entry.message.type}: no answer within ${this.#timeoutMs} ms`,
      );
      // Later replies could no longer be matched: this connection is done.
      this.#lose(error, true);
      this.#socket.close();
    }, this.#timeoutMs);
    this.#socket.send(JSON.stringify(entry.message));
  }

  /** Sends one message and resolves with its reply (rejects with AriadneError). */
  request(message) {
    if (this.#closedError !== null) return Promise.reject(this.#closedError);
    return new Promise((resolve, reject) => {
      const entry = { resolve, reject, message, timer: null };
      this.#pending.push(entry);
      if (!this.#mending) this.#send(entry); // else once a new connection is made
    });
  }

  // New connections after `lost`; then what the requests in flight did.
  async #mend(lost) {
    this.#mending = true;
    for (const entry of this.#pending) clearTimeout(entry.timer);
    const before = this.state;
    const inRun = this.#size !== null && before !== null && before.result === undefined;
    let wait = RECONNECT.firstMs;
    for (let k = 0; k < RECONNECT.tries; k += 1) {
      await sleep(wait * (0.5 + Math.random() / 2));
      wait = Math.min(wait * 2, RECONNECT.longestMs);
      let welcome;
      try {
        this.#socket.close();
        this.#attach(await this.#dial());
        welcome = await new Promise((resolve, reject) => {
          const entry = { resolve, reject, message: this.#hello, timer: null, mending: true };
          this.#pending.unshift(entry);
          this.#send(entry);
        });
      } catch (error) {
        // A refusal for good (a wrong token) ends it; a busy server is tried again.
        if (
          error instanceof AriadneError &&
          !['connection', 'timeout', 'server_busy', 'rate_limited'].includes(error.code)
        ) {
          this.#mending = false;
          this.#fail(error);
          return;
        }
        lost = error;
        continue;
      }
      this.welcome = welcome;
      this.reconnects += 1;
      this.#mending = false;
      this.#resume(welcome.state, before, inRun, lost);
      return;
    }
    this.#mending = false;
    this.#fail(
      new AriadneError(
        'connection',
        `lost (${lost.message}); ${RECONNECT.tries} new connections failed`,
      ),
    );
  }

  // The requests in flight when the connection was lost, on the new one:
  // one is answered as if nothing happened (a start that was dealt, or
  // moves that were made, show in the run that came back); several
  // pipelined ones are sent again if the run came back unmoved, else fail
  // with code "reconnected" (the drone's state is then the run that came
  // back: sense and carry on). A run that did not come back fails them with
  // "run_lost": it ended unseen, or it was given back (a ranked attempt
  // given back may be played again).
  #resume(back, before, inRun, lost) {
    const waiting = this.#pending;
    const same = back !== undefined && inRun && back.run === before.run;
    const reply = back === undefined ? null : { ...back, type: 'state' };
    const only = waiting.length === 1 ? waiting[0] : null;
    const ofRun = (entry) => !['start', 'challenges'].includes(entry.message.type);
    if (only !== null && reply !== null && only.message.type === 'start') {
      waiting.shift();
      const problem = this.#check(reply, only.message);
      return problem === null
        ? only.resolve(reply)
        : only.reject(new AriadneError('impossible_reply', problem));
    }
    if (same && moveCount(back) !== moveCount(before)) {
      if (only !== null && ofRun(only)) {
        waiting.shift();
        if (only.message.type === 'move') reply.moved = back.steps > before.steps;
        if (only.message.type === 'path') reply.done = moveCount(back) - moveCount(before);
        const problem = this.#check(reply, only.message);
        return problem === null
          ? only.resolve(reply)
          : only.reject(new AriadneError('impossible_reply', problem));
      }
      this.state = back;
      const error = new AriadneError(
        'reconnected',
        `the connection was made again after ${lost.message}: sense and carry on`,
      );
      for (const entry of waiting.splice(0)) entry.reject(error);
      return undefined;
    }
    if (inRun && !same) {
      if (back !== undefined) this.#begin(back, null);
      else this.#size = null;
      const error = new AriadneError(
        'run_lost',
        `connection lost (${lost.message}); run ${before.run} did not come back with a new one: it ended unseen, or was given back`,
      );
      for (const entry of waiting.filter(ofRun)) entry.reject(error);
      this.#pending = waiting.filter((entry) => !ofRun(entry));
    } else if (back !== undefined && !same) {
      this.#begin(back, null);
    }
    for (const entry of this.#pending) this.#send(entry);
    return undefined;
  }

  /** Starts a run: `{maze: {...}, treasures, max_steps, ...}` for practice,
   * or `{challenge: "id"}` for a ranked run (needs a token). */
  start(options = {}) {
    return this.request({ type: 'start', ...options });
  }
  sense() {
    return this.request({ type: 'sense' });
  }
  /** One move; true when the drone moved, false for a bump. */
  async move(dir) {
    return (await this.request({ type: 'move', dir })).moved;
  }
  /** Moves along dirs ("NNE" or ["N", "N", "E"]), stopping at a bump or a
   * treasure; resolves with the number of moves made. */
  async path(dirs) {
    return (await this.request({ type: 'path', dirs: Array.isArray(dirs) ? dirs.join('') : dirs }))
      .done;
  }
  abandon() {
    return this.request({ type: 'abandon' });
  }
  /** Marks cells for the run's spectators and replay, never part of the
   * game: `[{x, y, colour, text}]`, colour one of red, orange, yellow,
   * green, teal, blue, purple, grey, text up to 4 characters; a cell with
   * neither loses its mark; `{clear: true}` erases every mark first. At most
   * 128 cells a paint, 20 paints a second, 4096 cells a run. Resolves with
   * the number of cells marked. */
  async paint(cells, { clear = false } = {}) {
    const message = { type: 'paint', cells };
    if (clear) message.clear = true;
    const size = new TextEncoder().encode(JSON.stringify(message)).length;
    if (size > LIMITS.maxMessageBytes) {
      throw new AriadneError(
        'bad_request',
        `a paint of ${size} bytes is over the server's ${LIMITS.maxMessageBytes}: paint fewer cells at once`,
      );
    }
    return (await this.request(message)).marks;
  }
  /** A line of the bot's own log, 1 to 120 characters without control
   * characters: shown in its replay at its move and on the live view (a
   * ranked run's when the run may be shown), never part of the game. A
   * paint of its own: it counts in paint's 20 a second and costs 4 cells of
   * the run's 4096. Resolves with the number of cells marked. */
  async log(text) {
    return (await this.request({ type: 'paint', log: String(text) })).marks;
  }
  /** A competitor's challenges, attempts left and best ratios. */
  async challenges() {
    return (await this.request({ type: 'challenges' })).challenges;
  }
  close() {
    this.#closing = true;
    this.#socket.close();
  }
}

/** Connects and says hello. Options: `name`, `token` (a competitor's),
 * `bot` (what the pages and replays call your bot, e.g. "my-bot 1.2"; up to
 * 64 characters), `timeoutMs` (every reply, the connection included;
 * default 30000). In Node, a wss:// server's certificate and name are
 * verified against `ca` (PEM text, or a PEM file's path), else the file
 * $ARIADNE_CA names, else Node's trusted CAs; `insecure: true` verifies
 * nothing (a self-signed test server only) and warns on stderr each time.
 * In a browser the browser verifies: `ca` and `insecure` do not apply.
 * With a token the URL's query gets competitor=routeKey(token), for a
 * cluster's proxy. `reconnect` (default true): a connection lost in a way a
 * new one may mend (RECONNECT: the server gone, restarting or draining) is
 * made again, up to 8 times over about 20 s, saying hello again; a ranked
 * run in play comes back with it, and a request in flight is answered as if
 * nothing happened or fails with code "run_lost" (see Drone's #resume). The
 * first connection is tried again the same way when the server answers it
 * busy for now. */
export async function connect(
  url,
  { name = 'js-bot', token, bot, timeoutMs = 30000, ca, insecure = false, reconnect = true } = {},
) {
  const [WebSocketClass, isNode] = await webSocketClass();
  const target = await withRouteKey(url, token);
  // A browser's WebSocket takes no options; Node's ws reads at most maxPayload.
  const options = isNode
    ? { maxPayload: LIMITS.maxReplyBytes, ...(await tlsOptions(url, ca, insecure)) }
    : null;
  const dial = async () => {
    const socket = isNode ? new WebSocketClass(target, options) : new WebSocketClass(target);
    const opened = new Promise((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      // Node's ws says why (for example "certificate has expired"); a browser does not.
      socket.addEventListener(
        'error',
        (event) => {
          const why = event?.message ? `: ${event.message.replace(/[\s:]+$/, '')}` : '';
          reject(new AriadneError('connection', `cannot connect to ${url}${why}`));
        },
        { once: true },
      );
    });
    await withTimeout(opened, timeoutMs, 'connect', () => socket.close());
    return socket;
  };
  const hello = { type: 'hello', name };
  if (token !== undefined) hello.token = token;
  if (bot !== undefined) hello.bot = bot;
  // With reconnect the first connection is tried again as a lost one is
  // mended when the server answers it busy for now: a server or proxy
  // refusing it for now (HTTP 429, 502-504), a hello answered server_busy
  // (the server's database restarting), a connection cut or silent before
  // the welcome.
  // Not one refused or unanswered before its WebSocket opens: nothing
  // serves there, most likely a wrong address, said at once.
  let wait = RECONNECT.firstMs;
  for (let k = 0; ; k += 1) {
    const last = !reconnect || k === RECONNECT.tries;
    let drone = null;
    try {
      drone = new Drone(await dial(), timeoutMs, reconnect ? { dial, hello } : {});
    } catch (error) {
      if (last || !/server response: (429|50[234])\b/.test(error.message)) throw error;
    }
    if (drone !== null) {
      try {
        drone.welcome = await drone.request(hello);
        return drone;
      } catch (error) {
        drone.close();
        const forNow = ['connection', 'timeout', 'server_busy', 'rate_limited'].includes(
          error.code,
        );
        if (last || !forNow) throw error;
      }
    }
    await sleep(wait * (0.5 + Math.random() / 2));
    wait = Math.min(wait * 2, RECONNECT.longestMs);
  }
}

/** Seeds as ariadne-bot takes them: "7", "1-20" or "1,5,9-12" (at most
 * 100000 in a range); throws an AriadneError (code "bad_request") naming the
 * part it cannot read. */
export function parseSeeds(text) {
  const seeds = [];
  for (const part of String(text).split(',')) {
    const match = /^\s*(\d{1,15})(?:-(\d{1,15}))?\s*$/.exec(part);
    const first = match ? Number(match[1]) : NaN;
    const last = match ? Number(match[2] ?? match[1]) : NaN;
    if (!match || first > last || last - first >= 1e5) {
      throw new AriadneError('bad_request', `bad seed range '${part}'`);
    }
    for (let s = first; s <= last; s += 1) seeds.push(s);
  }
  return seeds;
}

/** The reference strategy: depth-first search trying N, E, S, W in that
 * order, walking back when nothing new is open; after each treasure found, a
 * new search from where the drone stands. Plays the started run to its end
 * and resolves with the result. */
export async function depthFirst(drone) {
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
    let dir;
    if (fresh !== undefined) {
      dir = fresh;
      wayBack.push(OPPOSITE[dir]);
    } else if (wayBack.length > 0) {
      dir = wayBack.pop();
    } else {
      await drone.abandon();
      break;
    }
    await drone.move(dir);
    visited.add(key(drone.position));
  }
  return drone.result;
}
