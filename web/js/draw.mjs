// Draws a maze on a canvas: a layer that keeps every cell as last drawn (so a
// frame redraws only the cells that changed), and on top of it the drone, the
// treasures and a path. Cells are north-up: y = 0 is the bottom row. A cell's
// colour comes from a heat scale (heat_scale.mjs).
import { PALETTE, markShape } from './paint.mjs';

const FOG = '#20242c';
const WALL = '#1b1e24';
const DRONE = '#d6336c';

export class MazeCanvas {
  constructor(canvas, width, height, { maxPixels = 720 } = {}) {
    this.canvas = canvas;
    this.width = width;
    this.height = height;
    this.cell = Math.max(2, Math.floor(maxPixels / Math.max(width, height)));
    this.wall = Math.max(1, Math.round(this.cell / 7));
    canvas.width = width * this.cell + this.wall;
    canvas.height = height * this.cell + this.wall;
    this.layer = document.createElement('canvas');
    this.layer.width = canvas.width;
    this.layer.height = canvas.height;
    this.base = this.layer.getContext('2d');
    this.base.fillStyle = FOG;
    this.base.fillRect(0, 0, canvas.width, canvas.height);
    this.ctx = canvas.getContext('2d');
  }

  drawPaint(marks) {
    const c = this.ctx;
    const s = this.cell;
    const w = this.wall;
    const shape = markShape(s, w);
    c.textAlign = 'center';
    c.textBaseline = 'middle';
    c.font = `600 ${shape.fontPx}px sans-serif`;
    c.lineJoin = 'round';
    for (const [i, mark] of marks) {
      const [px, py] = this.origin(i % this.width, Math.floor(i / this.width));
      const cx = px + (s + w) / 2;
      const cy = py + (s + w) / 2;
      if (mark.colour) {
        // A diamond: the drone, the treasures and the start are discs.
        const r = shape.radius * 1.25;
        c.beginPath();
        c.moveTo(cx, cy - r);
        c.lineTo(cx + r, cy);
        c.lineTo(cx, cy + r);
        c.lineTo(cx - r, cy);
        c.closePath();
        c.fillStyle = PALETTE[mark.colour];
        c.fill();
        if (shape.outline) {
          c.lineWidth = shape.outline;
          c.strokeStyle = 'rgba(20, 20, 20, 0.7)';
          c.stroke();
        }
      }
      if (mark.text && shape.text) {
        // Within its cell, over a light halo that any floor or disc shows.
        c.save();
        c.beginPath();
        c.rect(px + w, py + w, s - w, s - w);
        c.clip();
        c.lineWidth = 3;
        c.strokeStyle = 'rgba(255, 255, 255, 0.85)';
        c.strokeText(mark.text, cx, cy, shape.textWidth);
        c.fillStyle = '#111';
        c.fillText(mark.text, cx, cy, shape.textWidth);
        c.restore();
      }
    }
  }

  origin(x, y) {
    return [x * this.cell, (this.height - 1 - y) * this.cell];
  }

  /** Draws the cells `cells` (indices, or null for every cell): digit(i) their
   * walls (-1 for fog), their colour their count in `visits` on `heat` (a
   * HeatScale). */
  drawCells(cells, digit, visits, heat) {
    if (cells === null) {
      const all = this.width * this.height;
      for (let i = 0; i < all; i++) this.drawCell(i, digit(i), heat.colour(visits[i]));
    } else {
      for (const i of cells) this.drawCell(i, digit(i), heat.colour(visits[i]));
    }
  }

  // One cell: digit (walls) or -1 for fog, its floor in `colour`.
  drawCell(i, digit, colour) {
    const x = i % this.width;
    const y = Math.floor(i / this.width);
    const [px, py] = this.origin(x, y);
    const s = this.cell;
    const w = this.wall;
    const g = this.base;
    if (digit < 0) {
      g.fillStyle = FOG;
      g.fillRect(px, py, s + w, s + w);
      return;
    }
    g.fillStyle = colour;
    g.fillRect(px + w, py + w, s - w, s - w);
    g.fillStyle = WALL;
    g.fillRect(px, py, w, w);
    g.fillRect(px + s, py, w, w);
    g.fillRect(px, py + s, w, w);
    g.fillRect(px + s, py + s, w, w);
    g.fillStyle = digit & 8 ? WALL : colour;
    g.fillRect(px + w, py, s - w, w);
    g.fillStyle = digit & 2 ? WALL : colour;
    g.fillRect(px + w, py + s, s - w, w);
    g.fillStyle = digit & 1 ? WALL : colour;
    g.fillRect(px, py + w, w, s - w);
    g.fillStyle = digit & 4 ? WALL : colour;
    g.fillRect(px + s, py + w, w, s - w);
  }

  // Copies the cell layer to the screen, then draws marks on top: the bot's
  // paint (a Map of cell index to {colour, text}), the path, the dots.
  present({ drone = null, treasures = [], path = null, start = null, paint = null } = {}) {
    const c = this.ctx;
    c.drawImage(this.layer, 0, 0);
    const half = this.cell / 2;
    if (paint) this.drawPaint(paint);
    const centre = (cell) => {
      const [px, py] = this.origin(cell.x, cell.y);
      return [px + half + this.wall / 2, py + half + this.wall / 2];
    };
    if (path && path.length > 1) {
      c.strokeStyle = 'rgba(40, 120, 220, 0.85)';
      c.lineWidth = Math.max(1, this.cell / 4);
      c.lineJoin = 'round';
      c.beginPath();
      path.forEach((cell, k) => {
        const [x, y] = centre(cell);
        if (k === 0) c.moveTo(x, y);
        else c.lineTo(x, y);
      });
      c.stroke();
    }
    const dot = (cell, colour, scale) => {
      const [x, y] = centre(cell);
      c.fillStyle = colour;
      c.beginPath();
      c.arc(x, y, Math.max(1.5, half * scale), 0, 2 * Math.PI);
      c.fill();
    };
    if (start) dot(start, '#3a9d5d', 0.45);
    for (const t of treasures) dot(t, '#e0b000', 0.6);
    if (drone) {
      // Its own colour, ringed, and never smaller than a few pixels: it must
      // stand out from the path (blue) and on a large maze.
      const [x, y] = centre(drone);
      c.beginPath();
      c.arc(x, y, Math.max(4, half * 0.75), 0, 2 * Math.PI);
      c.fillStyle = DRONE;
      c.fill();
      c.lineWidth = Math.max(1.5, half * 0.2);
      c.strokeStyle = '#ffffff';
      c.stroke();
    }
  }
}
