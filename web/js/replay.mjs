// Replays (GET /api/replays/{run}, protocol/PROTOCOL.md "Replays"): decoded,
// checked, and played move by move on the rules, exactly as the server played
// them, so a viewer can step to any point. No DOM: Node tests it.
import { readPaints } from './paint.mjs';
import { Maze, step, DIRECTIONS } from './maze.mjs';

function fail(message) {
  throw new Error(`not a replay: ${message}`);
}

function wholeNumber(value, what) {
  if (!Number.isInteger(value) || value < 0) fail(`"${what}" must be a whole number`);
  return value;
}

function readCell(value, maze, what) {
  if (typeof value !== 'object' || value === null) fail(`${what} must be {"x", "y"}`);
  const cell = { x: wholeNumber(value.x, 'x'), y: wholeNumber(value.y, 'y') };
  if (!maze.contains(cell)) fail(`${what} is outside the maze`);
  return cell;
}

// The replay in a JSON document (text or parsed), checked; throws an Error
// saying what is wrong.
export function decodeReplay(input) {
  let doc = input;
  if (typeof input === 'string') {
    try {
      doc = JSON.parse(input);
    } catch (error) {
      fail(`not JSON (${error.message})`);
    }
  }
  if (typeof doc !== 'object' || doc === null) fail('a replay is a JSON object');
  if (doc.format !== 'ariadne-replay') fail('"format" must be "ariadne-replay"');
  if (doc.version !== 1) fail('only version 1 is known');
  const m = doc.maze;
  if (typeof m !== 'object' || m === null) fail('"maze" must be a JSON maze');
  let maze;
  try {
    maze = new Maze(m.width, m.height, m.walls);
  } catch (error) {
    fail(`"maze": ${error.message}`);
  }
  const start = m.start ? readCell(m.start, maze, 'the start') : { x: 0, y: 0 };
  if (typeof doc.moves !== 'string' || !/^[NESW]*$/.test(doc.moves)) {
    fail('"moves" must be a string of N, E, S, W');
  }
  if (!Array.isArray(doc.treasures) || doc.treasures.length === 0) {
    fail('"treasures" must list every treasure hidden');
  }
  const treasures = doc.treasures.map((c) => readCell(c, maze, 'a treasure'));
  if (!Array.isArray(doc.walls_removed) || doc.walls_removed.length !== treasures.length - 1) {
    fail('"walls_removed" must hold one list per treasure after the first');
  }
  const wallsRemoved = doc.walls_removed.map((list) => {
    if (!Array.isArray(list)) fail('"walls_removed" must be a list of lists of walls');
    return list.map((w) => {
      if (!DIRECTIONS.includes(w.side)) fail('a wall\'s "side" must be N, E, S or W');
      return { ...readCell(w, maze, 'a fallen wall'), side: w.side };
    });
  });
  const o = doc.options ?? {};
  const r = doc.result ?? fail('"result" is missing');
  return {
    run: wholeNumber(doc.run, 'run'),
    player: String(doc.player ?? ''),
    bot: typeof doc.bot === 'string' ? doc.bot : '',
    label: String(doc.label ?? ''),
    startedAt: String(doc.started_at ?? ''),
    source: doc.source ?? {},
    maze,
    start,
    wallsSha256: String(doc.walls_sha256 ?? ''),
    treasures,
    wallsRemoved,
    treasureCount: wholeNumber(o.treasures, 'treasures'),
    maxSteps: wholeNumber(o.max_steps, 'max_steps'),
    bumpPenalty: wholeNumber(o.bump_penalty, 'bump_penalty'),
    moves: doc.moves,
    result: r,
    paint: readPaints(doc.paint, maze.width, maze.height),
  };
}

/** The address of a replay the viewer may load for `?url=`: this server's
 * own (same origin), resolved against the page; null for any other. A replay
 * from elsewhere could show a forged result next to this server's badge. */
export function ownReplayUrl(url, pageHref) {
  let resolved;
  try {
    resolved = new URL(url, pageHref);
  } catch {
    return null;
  }
  return resolved.origin === new URL(pageHref).origin ? resolved.href : null;
}

/** The viewer's title for a replay opened as `name` (its address or file). */
export function replayTitle(replay, name) {
  const who = `${replay.player}${replay.bot ? ` (${replay.bot})` : ''}`;
  return `run ${replay.run}: ${who} on ${replay.label} ${replay.maze.width}x${replay.maze.height}, ${replay.moves.length} moves (${name})`;
}

/** The result a replay recorded, in a line. */
export function recordedText(r) {
  return `recorded: ${r.status}, ${r.steps} steps, ${r.bumps} bumps, score ${r.score}, optimal ${r.optimal}, efficiency ${Number(r.efficiency).toFixed(3)}`;
}

/** The viewer's badge ({ text, className }) for a replay whose walls hash
 * (`matches`) or not to the SHA-256 it records; fromServer: this server's own
 * replay. A file says what it likes: only ariadne-bot --verify-replay plays
 * it on the rules. */
export function wallsBadge(matches, fromServer) {
  if (!matches) return { text: 'walls SHA-256 does NOT match the maze', className: 'badge bad' };
  if (fromServer) return { text: 'walls SHA-256 matches the maze', className: 'badge ok' };
  return {
    text: 'a file: walls consistent, result not checked by this server',
    className: 'badge',
  };
}

// SHA-256 of the maze's walls code, in hex (Web Crypto: browsers and Node).
export async function wallsDigest(maze) {
  const bytes = new TextEncoder().encode(maze.code());
  const hash = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// The game of a replay, at any move: the rules of core/game/run.cpp.
export class ReplayGame {
  constructor(replay) {
    this.replay = replay;
    this.optimal = null; // every search's shortest path, end to end, once asked for
    this.reset();
  }

  reset() {
    const r = this.replay;
    this.changed = new Set();
    this.allChanged = true;
    this.maze = new Maze(r.maze.width, r.maze.height, r.maze.code());
    this.position = { ...r.start };
    this.at = 0; // moves played
    this.steps = 0;
    this.bumps = 0;
    this.found = 0;
    this.status = 'active';
    this.treasure = r.treasures[0];
    this.searchFrom = [{ ...r.start }]; // where each search began
    this.visits = new Uint32Array(this.maze.width * this.maze.height);
    this.visits[this.maze.index(this.position)] = 1;
    this.seen = 1; // distinct cells stood on
    this.sensed = new Int8Array(this.maze.width * this.maze.height).fill(-1);
    this.sense();
    this.lastBump = false;
  }

  sense() {
    this.sensed[this.maze.index(this.position)] = this.maze.digits[this.maze.index(this.position)];
  }

  get score() {
    return this.steps + this.replay.bumpPenalty * this.bumps;
  }

  // Plays the next move; false at the end of the moves or of the run.
  forward() {
    const r = this.replay;
    if (this.at >= r.moves.length || this.status !== 'active') return false;
    const dir = r.moves[this.at++];
    this.lastBump = !this.maze.isOpen(this.position, dir);
    this.changed.add(this.maze.index(this.position));
    if (this.lastBump) {
      this.bumps++;
    } else {
      this.position = step(this.position, dir);
      this.steps++;
      if (this.visits[this.maze.index(this.position)]++ === 0) this.seen++;
      if (this.position.x === this.treasure.x && this.position.y === this.treasure.y) {
        this.found++;
        if (this.found >= r.treasureCount) {
          this.status = 'found';
          this.sense();
          return true;
        }
        for (const w of r.wallsRemoved[this.found - 1] ?? []) {
          this.maze.open(w, w.side);
          this.changed.add(this.maze.index(w));
          this.changed.add(this.maze.index(step(w, w.side)));
        }
        this.treasure = r.treasures[this.found];
        this.searchFrom.push({ ...this.position });
      }
      this.sense();
      this.changed.add(this.maze.index(this.position));
    }
    if (this.steps + this.bumps >= r.maxSteps) this.status = 'exhausted';
    return true;
  }

  // Goes to move k (0 to moves.length): forward from here, or again from the start.
  seek(k) {
    const target = Math.max(0, Math.min(k, this.replay.moves.length));
    if (target < this.at) this.reset();
    while (this.at < target && this.forward());
    // A run ended by its moves stops there; one that was abandoned or timed
    // out takes the recorded status after its last move.
    if (this.at === this.replay.moves.length && this.status === 'active') {
      this.status = this.replay.result.status;
    }
    return this;
  }

  // The cells to draw again since the last call, or null for all of them.
  takeChanged() {
    const cells = this.allChanged ? null : [...this.changed];
    this.changed.clear();
    this.allChanged = false;
    return cells;
  }

  // The shortest path of the current search, on the walls as they are now.
  shortestPath() {
    return this.maze.shortestPath(this.searchFrom[this.searchFrom.length - 1], this.treasure);
  }

  /** What a view of the game draws over its cells ({ drone, start,
   * treasures, path }, as MazeCanvas.present takes them). The drone's view
   * (truth false) shows the treasures found; the true maze also the treasure
   * sought and the shortest path to it, and once the run has ended every
   * treasure and every search's shortest path. */
  marks(truth) {
    const r = this.replay;
    const found = r.treasures.slice(0, this.found);
    const marks = { drone: this.position, start: r.start, treasures: found, path: null };
    if (!truth) return marks;
    if (this.status === 'active') {
      return { ...marks, treasures: [...found, this.treasure], path: this.shortestPath() };
    }
    this.optimal ??= optimalPaths(r).flat();
    return { ...marks, treasures: r.treasures, path: this.optimal };
  }
}

// The shortest path of every search (from the start, then from each treasure
// found, to the next treasure) on the walls as they stood during it. Their
// lengths add up to the result's "optimal".
export function optimalPaths(replay) {
  const maze = new Maze(replay.maze.width, replay.maze.height, replay.maze.code());
  const paths = [];
  let from = replay.start;
  replay.treasures.forEach((treasure, k) => {
    if (k > 0) for (const w of replay.wallsRemoved[k - 1]) maze.open(w, w.side);
    paths.push(maze.shortestPath(from, treasure) ?? []);
    from = treasure;
  });
  return paths;
}
