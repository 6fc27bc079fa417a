// An exploration curve: the cells a drone has seen against its steps, free
// of the DOM. The live view adds a point as the run goes; a replay has its
// whole curve at once. The page draws it as an SVG path (plot.mjs).
import { ReplayGame } from './replay.mjs';

/** Points kept to at most `limit` however long the run: when full, every
 * other one goes and points come half as often, the last always kept. */
export class Curve {
  constructor(limit = 400) {
    this.limit = limit;
    this.points = [];
    this.every = 1; // the least step between two kept points
  }

  add(steps, seen) {
    const last = this.points.at(-1);
    if (last && last[0] === steps) {
      last[1] = seen;
      return;
    }
    if (this.points.length >= 2 && steps - this.points.at(-2)[0] < this.every) {
      this.points[this.points.length - 1] = [steps, seen];
      return;
    }
    this.points.push([steps, seen]);
    if (this.points.length > this.limit) {
      const end = this.points.at(-1);
      this.points = this.points.filter((_, i) => i % 2 === 0);
      if (this.points.at(-1) !== end) this.points.push(end);
      this.every *= 2;
    }
  }
}

/** The curve of a decoded replay: the distinct cells stood on after each
 * step (a bump moves nothing and adds no point), from the start cell on. */
export function replayCurve(replay) {
  const game = new ReplayGame(replay);
  const curve = new Curve();
  curve.add(0, game.seen);
  while (game.forward()) if (!game.lastBump) curve.add(game.steps, game.seen);
  return curve;
}

/** An SVG path's "d" for points on a box width x height, x up to maxX and
 * y up to maxY (y grows upwards, as a chart's does). */
export function curvePath(points, { width, height, maxX, maxY }) {
  if (points.length === 0) return '';
  const sx = width / Math.max(1, maxX);
  const sy = height / Math.max(1, maxY);
  return points
    .map(
      ([px, py], i) =>
        `${i === 0 ? 'M' : 'L'}${(px * sx).toFixed(1)},${(height - py * sy).toFixed(1)}`,
    )
    .join('');
}
