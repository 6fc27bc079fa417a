// Ariadne drone client, protocol v1 (protocol/PROTOCOL.md), for Node 20 and
// later (with the `ws` package) and, unchanged, for browsers (native
// WebSocket). Plain ES module; nothing here touches the DOM.
//
//   import { connect } from "./ariadne.mjs";
//   const drone = await connect("ws://127.0.0.1:8080/ws", { name: "my-bot" });
//   await drone.start({ maze: { generator: "prim", width: 16, height: 16, seed: 42 } });
//   while (!drone.finished) await drone.move(drone.openSides[0]);

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

async function webSocketClass() {
  if (typeof globalThis.WebSocket === 'function') return globalThis.WebSocket;
  const module = await import('ws');
  return module.default ?? module.WebSocket;
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

/** A drone on an Ariadne server. Requests may be pipelined: replies are
 * matched to requests in order, and every request fails after `timeoutMs`
 * without a reply (the connection is then closed: later replies could no
 * longer be matched). */
export class Drone {
  #socket;
  #timeoutMs;
  #pending = [];
  #closedError = null;

  constructor(socket, timeoutMs) {
    this.#socket = socket;
    this.#timeoutMs = timeoutMs;
    /** The latest state reply: position, open sides, counters, result. */
    this.state = null;
    /** The welcome reply (with `competition` when a token was given). */
    this.welcome = null;
    socket.addEventListener('message', (event) => this.#onMessage(event.data));
    socket.addEventListener('close', (event) =>
      this.#fail(
        new AriadneError('connection', `closed (${event.code} ${event.reason || ''})`.trim()),
      ),
    );
    socket.addEventListener('error', () =>
      this.#fail(new AriadneError('connection', 'socket error')),
    );
  }

  #onMessage(data) {
    const entry = this.#pending.shift();
    if (entry === undefined) return; // nothing asked: a server never does this
    let reply;
    try {
      reply = JSON.parse(typeof data === 'string' ? data : String(data));
    } catch {
      entry.reject(new AriadneError('bad_json', 'the server sent something that is not JSON'));
      return;
    }
    if (reply.type === 'error') {
      entry.reject(new AriadneError(reply.code, reply.message));
      return;
    }
    if (reply.type === 'state') this.state = reply;
    if (reply.type === 'welcome' && reply.state) this.state = reply.state;
    entry.resolve(reply);
  }

  #fail(error) {
    if (this.#closedError === null) this.#closedError = error;
    for (const entry of this.#pending.splice(0)) entry.reject(error);
  }

  /** Sends one message and resolves with its reply (rejects with AriadneError). */
  request(message) {
    if (this.#closedError !== null) return Promise.reject(this.#closedError);
    const reply = new Promise((resolve, reject) => this.#pending.push({ resolve, reject }));
    this.#socket.send(JSON.stringify(message));
    return withTimeout(reply, this.#timeoutMs, message.type, () => {
      this.#fail(new AriadneError('timeout', 'a reply never came; the connection is closed'));
      this.#socket.close();
    });
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
  /** A competitor's challenges, attempts left and best ratios. */
  async challenges() {
    return (await this.request({ type: 'challenges' })).challenges;
  }
  close() {
    this.#socket.close();
  }

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

/** Connects and says hello. Options: `name`, `token` (a competitor's),
 * `timeoutMs` (every reply, the connection included; default 30000). */
export async function connect(url, { name = 'js-bot', token, timeoutMs = 30000 } = {}) {
  const WebSocketClass = await webSocketClass();
  const socket = new WebSocketClass(url);
  const opened = new Promise((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener(
      'error',
      () => reject(new AriadneError('connection', `cannot connect to ${url}`)),
      { once: true },
    );
  });
  await withTimeout(opened, timeoutMs, 'connect', () => socket.close());
  const drone = new Drone(socket, timeoutMs);
  const hello = { type: 'hello', name };
  if (token !== undefined) hello.token = token;
  drone.welcome = await drone.request(hello);
  return drone;
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
