// A maze's walls as the JSON maze format and the spectator stream write them:
// one hex digit a cell, cells row by row from the south (y = 0), west to
// east; bit 8 a north wall, 4 east, 2 south, 1 west. No DOM: Node tests it.

export const DIRECTIONS = ['N', 'E', 'S', 'W'];
const WALL_BIT = { N: 8, E: 4, S: 2, W: 1 };
const DX = { N: 0, E: 1, S: 0, W: -1 };
const DY = { N: 1, E: 0, S: -1, W: 0 };
const OPPOSITE = { N: 'S', E: 'W', S: 'N', W: 'E' };

export function wallBit(dir) {
  return WALL_BIT[dir];
}

export function step(cell, dir) {
  return { x: cell.x + DX[dir], y: cell.y + DY[dir] };
}

export class Maze {
  // width x height cells; walls: a walls code, or null for every wall standing.
  constructor(width, height, walls = null) {
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
      throw new Error(`a maze's size must be whole numbers from 1, not ${width}x${height}`);
    }
    this.width = width;
    this.height = height;
    this.digits = new Uint8Array(width * height).fill(15);
    if (walls !== null) {
      if (typeof walls !== 'string' || walls.length !== width * height) {
        throw new Error(`the walls must be ${width * height} hex digits`);
      }
      for (let i = 0; i < walls.length; i++) {
        const digit = parseInt(walls[i], 16);
        if (Number.isNaN(digit)) throw new Error(`walls character ${i + 1} is not a hex digit`);
        this.digits[i] = digit;
      }
    }
  }

  index(cell) {
    return cell.y * this.width + cell.x;
  }

  cellAt(i) {
    return { x: i % this.width, y: Math.floor(i / this.width) };
  }

  contains(cell) {
    return cell.x >= 0 && cell.y >= 0 && cell.x < this.width && cell.y < this.height;
  }

  isOpen(cell, dir) {
    return this.contains(cell) && (this.digits[this.index(cell)] & WALL_BIT[dir]) === 0;
  }

  // Knocks the wall on side dir of cell down, on both sides.
  open(cell, dir) {
    const next = step(cell, dir);
    if (!this.contains(cell) || !this.contains(next)) return;
    this.digits[this.index(cell)] &= ~WALL_BIT[dir];
    this.digits[this.index(next)] &= ~WALL_BIT[OPPOSITE[dir]];
  }

  code() {
    let out = '';
    for (const d of this.digits) out += d.toString(16);
    return out;
  }

  // The shortest path from one cell to another, both included, or null.
  shortestPath(from, to) {
    const previous = new Int32Array(this.width * this.height).fill(-1);
    const start = this.index(from);
    const goal = this.index(to);
    previous[start] = start;
    const queue = [start];
    for (let head = 0; head < queue.length; head++) {
      const i = queue[head];
      if (i === goal) break;
      const cell = this.cellAt(i);
      for (const dir of DIRECTIONS) {
        if (!this.isOpen(cell, dir)) continue;
        const j = this.index(step(cell, dir));
        if (previous[j] !== -1) continue;
        previous[j] = i;
        queue.push(j);
      }
    }
    if (previous[goal] === -1) return null;
    const path = [];
    for (let i = goal; ; i = previous[i]) {
      path.push(this.cellAt(i));
      if (i === start) break;
    }
    return path.reverse();
  }
}
