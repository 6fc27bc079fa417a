// A live run drawn on a page: the spectator stream's messages applied to a
// fog view and drawn once a frame, whatever the rate they arrive at. The
// watch page and the playground both use it.
import { FogView } from './fog.mjs';
import { MazeCanvas } from './draw.mjs';
import { HeatScale } from './heat_scale.mjs';
import { Maze } from './maze.mjs';
import { decodeReplay, optimalPaths } from './replay.mjs';
import { $, setText, showLog } from './page.mjs';
import { lastLines } from './paint.mjs';

// The lines of the bot's log shown, the latest.
const LOG_SHOWN = 200;
import { drawCurve } from './plot.mjs';
import { RunClock } from './run_clock.mjs';

export class LiveView {
  // canvas: the canvas element, drawn at most maxPixels wide or high;
  // onStart(view) and onEnd(view, result, replayUrl) are told.
  constructor(canvas, { onStart = () => {}, onEnd = () => {}, maxPixels = 720 } = {}) {
    this.canvasElement = canvas;
    this.maxPixels = maxPixels;
    this.onStart = onStart;
    this.onEnd = onEnd;
    this.view = null;
    this.canvas = null;
    this.heat = new HeatScale();
    this.pending = false;
    this.clock = new RunClock();
    this.showPaint = true; // the spectator may turn the bot's paint off
    // The clock goes on while the drone waits: a frame a second.
    setInterval(() => {
      if (this.view && this.clock.endedAt === null) this.schedule();
    }, 1000);
  }

  // When the run started (ms since 1970), if the page knows it: the elapsed
  // time counts from there rather than from the first message.
  setStartedAt(ms) {
    this.startedAt = ms;
    this.clock.startedAt = ms;
  }

  // The run is over for this page (stopped): its clock stops.
  stopClock() {
    this.clock.end(Date.now());
  }

  // One message of the stream; throws what is wrong with it.
  apply(message) {
    if (message.type === 'snapshot') {
      this.view = new FogView(message);
      this.paintFromStart = true;
      this.canvas = new MazeCanvas(this.canvasElement, this.view.width, this.view.height, {
        maxPixels: this.maxPixels,
      });
      this.heat.reset(); // the view's first frame draws every cell
      this.clock = new RunClock(this.startedAt ?? null); // each run its own clock
      this.onStart(this.view);
    } else if (message.type === 'steps') {
      this.view.applySteps(message);
    } else if (message.type === 'paint') {
      // After a (re)connection the stream sends every paint again.
      this.view.applyPaint(message, this.paintFromStart);
      this.paintFromStart = false;
    } else if (message.type === 'end') {
      this.view.applyEnd(message, null);
      this.clock.end(Date.now(), message.elapsed_ms);
      this.onEnd(this.view, message.result, message.replay);
      if (message.replay) this.showReplay(message.replay);
    }
    this.schedule();
  }

  // The whole maze, the treasures and the shortest paths, from the run's
  // replay (its address comes with the end of the stream).
  async showReplay(url) {
    const view = this.view; // a later run's view must not get this replay
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      const replay = decodeReplay(await response.text());
      // The maze as it ended: every wall that fell is down.
      const final = new Maze(replay.maze.width, replay.maze.height, replay.maze.code());
      for (const list of replay.wallsRemoved) for (const w of list) final.open(w, w.side);
      if (this.view !== view) return;
      view.replay = {
        treasures: replay.treasures,
        paths: optimalPaths(replay),
        finalMaze: final,
      };
      this.schedule();
    } catch (error) {
      console.warn(`no replay to show: ${error.message}`);
    }
  }

  digit(i) {
    return this.view.replay ? this.view.replay.finalMaze.digits[i] : this.view.sensed[i];
  }

  schedule() {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => this.frame());
  }

  frame() {
    this.pending = false;
    const view = this.view;
    if (!view) return;
    // The cells that changed; every cell when the heat scale grew, or once
    // the replay shows the whole maze.
    const cells = this.heat.cellsToDraw(view.visits, view.takeChanged(), view.replay !== null);
    this.canvas.drawCells(cells, (i) => this.digit(i), view.visits, this.heat);
    const marks = { drone: view.position, start: view.start, treasures: view.finds };
    if (this.showPaint) marks.paint = view.paint.marks;
    if (view.replay) {
      marks.treasures = view.replay.treasures;
      marks.path = view.replay.paths.flat();
    }
    this.canvas.present(marks);
    setText('steps', view.steps);
    setText('bumps', view.bumps);
    setText('found', `${view.found} / ${view.treasures}`);
    setText('score', view.score);
    setText('seen', view.seen);
    const now = Date.now();
    this.clock.sample(now, view.steps + view.bumps);
    setText('elapsed', this.clock.elapsedText(now));
    setText('rate', this.clock.rateText(now));
    setText('heat-most', `${this.heat.top}\u00d7`);
    const painted = view.paint.marks.size;
    setText('paint-count', painted > 0 ? `${painted} cells painted` : 'nothing painted');
    // The bot's log, drawn again only when it grew (or the stream began again).
    const lines = view.paint.lines;
    if ($('bot-log') && (lines !== this.logLines || lines.length !== this.logCount)) {
      this.logLines = lines;
      this.logCount = lines.length;
      showLog($('bot-log'), lastLines(lines, LOG_SHOWN));
    }
    if ($('curve')) {
      drawCurve($('curve'), view.curve.points, {
        maxX: Math.max(10, view.steps),
        maxY: view.width * view.height,
        marker: [view.steps, view.seen],
      });
    }
  }
}
