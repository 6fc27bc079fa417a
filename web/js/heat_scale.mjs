// The heat scale, free of the DOM: a cell's colour says how often the drone
// stood on it, on a log scale up to a top that starts at 2 and doubles when
// a count passes it. Every colour then moves, so every cell is drawn again
// (cellsToDraw says which cells to draw). The live view, the replay viewer
// and the comparison keep one a canvas; draw.mjs paints the colours.

const FLOOR = '#f4f1e8'; // never walked on: the floor's colour, RAMP[0]
const RAMP = [
  [244, 241, 232],
  [255, 214, 140],
  [246, 150, 84],
  [214, 72, 62],
  [140, 30, 70],
];

/** The ramp as a CSS gradient, for the scale's legend. */
export function heatGradient() {
  return `linear-gradient(to right, ${RAMP.map((c) => `rgb(${c.join(',')})`).join(', ')})`;
}

/** The colour of a cell walked `visits` times, on a scale up to `top`. */
export function heatColour(visits, top) {
  if (visits === 0) return FLOOR;
  const t = Math.min(1, Math.log1p(visits) / Math.log1p(Math.max(top, 2)));
  const x = t * (RAMP.length - 1);
  const i = Math.min(RAMP.length - 2, Math.floor(x));
  const f = x - i;
  const c = RAMP[i].map((v, k) => Math.round(v + (RAMP[i + 1][k] - v) * f));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}

/** The scale of one canvas (or of two views drawn alike): its top, and the
 * colours on it. */
export class HeatScale {
  #top = 2;

  /** The count the hottest colour stands for: 2, 4, 8... */
  get top() {
    return this.#top;
  }

  /** Back to 2, for another run. */
  reset() {
    this.#top = 2;
  }

  /** Doubles the top until `count` is within it; true when it grew. */
  see(count) {
    let grew = false;
    while (count > this.#top) {
      this.#top *= 2;
      grew = true;
    }
    return grew;
  }

  /** Fits the top to visits[i] for each i of `cells`, or to every count when
   * `cells` is null; true when it grew. */
  fit(visits, cells = null) {
    let grew = false;
    if (cells === null) for (const v of visits) grew = this.see(v) || grew;
    else for (const i of cells) grew = this.see(visits[i]) || grew;
    return grew;
  }

  /**
   * The cells to draw after the counts `visits` changed at `changed` (cell
   * indices, or null for all): those, or null (every cell) when the top had
   * to grow to fit them, when `changed` is null or when `all` asks for every
   * cell. The top fits the counts first.
   */
  cellsToDraw(visits, changed, all = false) {
    if (!all && changed !== null && !this.fit(visits, changed)) return changed;
    this.fit(visits);
    return null;
  }

  /** The colour of a cell walked `visits` times on this scale. */
  colour(visits) {
    return heatColour(visits, this.#top);
  }
}
