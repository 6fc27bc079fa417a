// Two replays side by side (the /versus page), free of the DOM so Node tests
// it: both runs played to the same move attempt, so two bots (on one maze, or
// on two) are compared moment by moment, and a verdict once both have ended.
import { ReplayGame } from './replay.mjs';
import { replayCurve } from './curve.mjs';

export class Versus {
  constructor(replays) {
    if (replays.length !== 2) throw new Error('a comparison is of two replays');
    this.replays = replays;
    this.games = replays.map((r) => new ReplayGame(r));
    this.curves = replays.map((r) => replayCurve(r));
    this.length = Math.max(...replays.map((r) => r.moves.length));
    this.at = 0;
  }

  /** Both runs at move attempt k; a shorter one stays at its end. */
  seek(k) {
    this.at = Math.max(0, Math.min(this.length, k));
    for (const g of this.games) g.seek(Math.min(this.at, g.replay.moves.length));
    return this;
  }

  /** Whether both runs explored one maze: same size, walls, start and treasures. */
  sameMaze() {
    const [a, b] = this.replays;
    const cells = (list) => list.map((c) => `${c.x},${c.y}${c.side ?? ''}`).join(' ');
    return (
      a.maze.width === b.maze.width &&
      a.maze.height === b.maze.height &&
      a.maze.code() === b.maze.code() &&
      a.start.x === b.start.x &&
      a.start.y === b.start.y &&
      cells(a.treasures) === cells(b.treasures) &&
      a.wallsRemoved.map(cells).join('|') === b.wallsRemoved.map(cells).join('|')
    );
  }

  /** The recorded results compared, in words: on one maze the lower score
   * is the better; on two, the higher efficiency (optimal / score). */
  verdict() {
    const [a, b] = this.replays.map((r) => r.result);
    const names = this.replays.map(label);
    const found = [a, b].map((r) => r.status === 'found');
    if (found[0] !== found[1]) {
      return `${names[found[0] ? 0 : 1]} found every treasure, the other did not`;
    }
    if (!found[0]) return 'neither found every treasure';
    if (!this.sameMaze()) {
      const [ea, eb] = [a, b].map((r) => Number(r.efficiency));
      if (ea === eb) return `a tie on different mazes: both at efficiency ${ea.toFixed(3)}`;
      const better = ea > eb ? 0 : 1;
      return `on different mazes, ${names[better]} was the more efficient: ${Math.max(ea, eb).toFixed(3)} against ${Math.min(ea, eb).toFixed(3)}`;
    }
    if (a.score === b.score) return `a tie: both scored ${a.score}`;
    const [better, worse] = a.score < b.score ? [0, 1] : [1, 0];
    const scores = [a.score, b.score];
    const margin = scores[worse] - scores[better];
    const share = (100 * margin) / scores[worse];
    const percent = share < 10 ? share.toFixed(1) : Math.round(share);
    return `${names[better]} scored ${scores[better]}, ${names[worse]} ${scores[worse]}: better by ${margin} (${percent}%)`;
  }
}

/** A replay's player and bot, as the pages name a run. */
export function label(replay) {
  return `run ${replay.run} ${replay.player}${replay.bot ? ` (${replay.bot})` : ''}`;
}
