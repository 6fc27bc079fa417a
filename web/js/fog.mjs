// What a spectator knows of a run: the cells the drone has sensed (the rest
// is fog), how often it stood on each, where it is, the counters, and its
// exploration curve, a point a step (however the server batched them). Built
// from the spectator stream's snapshot, then its steps batches, then its end.
// No DOM: Node tests it.
import { Curve } from './curve.mjs';
import { step } from './maze.mjs';
import { Paint, readPaints } from './paint.mjs';

function isMove(letter) {
  return letter >= 'A' && letter <= 'Z';
}

export class FogView {
  constructor(snapshot) {
    if (snapshot?.type !== 'snapshot') throw new Error('a view starts from a snapshot');
    const { width, height } = snapshot;
    if (snapshot.sensed.length !== width * height) {
      throw new Error("the snapshot's fog has the wrong size");
    }
    this.run = snapshot.run;
    this.player = snapshot.player;
    this.bot = typeof snapshot.bot === 'string' ? snapshot.bot : '';
    this.maze = snapshot.maze;
    this.ranked = snapshot.ranked;
    this.width = width;
    this.height = height;
    this.start = snapshot.start;
    this.treasures = snapshot.treasures;
    this.maxSteps = snapshot.max_steps;
    this.bumpPenalty = snapshot.bump_penalty;
    this.sensed = new Int8Array(width * height).fill(-1);
    for (let i = 0; i < snapshot.sensed.length; i++) {
      if (snapshot.sensed[i] !== '.') this.sensed[i] = parseInt(snapshot.sensed[i], 16);
    }
    this.seen = this.sensed.reduce((n, d) => n + (d >= 0 ? 1 : 0), 0);
    this.curve = new Curve();
    this.visits = new Uint32Array(width * height);
    this.position = { ...this.start };
    this.visits[this.index(this.position)] = 1;
    this.finds = []; // cells where treasures were found
    this.changed = new Set();
    this.result = null;
    this.replay = null;
    this.paint = new Paint(width);
    // The curve from the run's first step, for a spectator who joins late:
    // the snapshot's trail says which cells the drone stood on, and when.
    this.curve.add(0, 1);
    this.walk(snapshot.trail, null, snapshot.finds);
    this.adopt(snapshot);
    this.curve.add(this.steps, this.seen);
    this.status = snapshot.status;
    for (let i = 0; i < width * height; i++) this.changed.add(i);
  }

  index(cell) {
    return cell.y * this.width + cell.x;
  }

  // Plays a trail; open (one digit a letter) updates what each cell was sensed as.
  // Each step adds its point to the curve: with open, the cells sensed so
  // far; without (the snapshot's trail), the cells stood on so far, which
  // are the same cells.
  walk(trail, open, finds) {
    const findAt = new Set(finds ?? []);
    let steps = this.steps ?? 0;
    let stoodOn = open ? 0 : this.visits.reduce((n, v) => n + (v > 0 ? 1 : 0), 0);
    for (let i = 0; i < trail.length; i++) {
      const letter = trail[i];
      if (isMove(letter)) {
        this.position = step(this.position, letter);
        const at = this.index(this.position);
        if (this.visits[at]++ === 0) stoodOn++;
        this.changed.add(at);
        steps++;
        if (!open) this.curve.add(steps, stoodOn);
      }
      if (open) {
        const at = this.index(this.position);
        if (this.sensed[at] < 0) this.seen++;
        this.sensed[at] = parseInt(open[i], 16);
        this.changed.add(at);
        if (isMove(letter)) this.curve.add(steps, this.seen);
      }
      if (findAt.has(i)) this.finds.push({ ...this.position });
    }
  }

  adopt(message) {
    this.seq = message.seq;
    this.steps = message.steps;
    this.bumps = message.bumps;
    this.found = message.found;
    this.score = message.score;
    if (message.position.x !== this.position.x || message.position.y !== this.position.y) {
      throw new Error(
        `the trail leads to (${this.position.x}, ${this.position.y}), the server says (${message.position.x}, ${message.position.y})`,
      );
    }
  }

  applySteps(message) {
    if (message.trail.length !== message.open.length) {
      throw new Error('a steps message needs one open digit a letter');
    }
    const before = this.index(this.position);
    this.changed.add(before);
    this.walk(message.trail, message.open, message.finds);
    this.adopt(message);
  }

  // The bot's paints since the last message (all of them after a snapshot:
  // folding them again from an empty paint gives the same marks).
  applyPaint(message, fromStart = false) {
    if (fromStart) this.paint = new Paint(this.width);
    for (const e of readPaints(message.events, this.width, this.height)) this.paint.apply(e);
  }

  // The end of the stream; replay, when given, is what the page draws of it.
  applyEnd(message, replay = null) {
    this.seq = message.seq;
    this.result = message.result;
    this.status = message.result.status;
    this.steps = message.result.steps;
    this.bumps = message.result.bumps;
    this.found = message.result.found;
    this.score = message.result.score;
    this.replay = replay;
  }

  // The cells to draw again since the last call.
  takeChanged() {
    const cells = [...this.changed];
    this.changed.clear();
    return cells;
  }

  get efficiency() {
    return this.result ? this.result.efficiency : null;
  }
}
