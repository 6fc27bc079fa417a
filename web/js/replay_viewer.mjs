// A replay on the /replay page: played on the rules (ReplayGame) and drawn
// twice, the drone's view beside the true maze, moved by the page's keys,
// buttons, scrubber and address or played at a speed, with its exploration
// curve and its file to save. replay_page.mjs wires the page's events to one;
// what it draws is worked out free of the DOM (replay.mjs, heat_scale.mjs).
import {
  decodeReplay,
  ReplayGame,
  wallsDigest,
  replayTitle,
  recordedText,
  wallsBadge,
} from './replay.mjs';
import { MazeCanvas } from './draw.mjs';
import { HeatScale } from './heat_scale.mjs';
import { $, setText, moveInAddress, keepMoveInAddress, Playback, showLog } from './page.mjs';
import { replayCurve } from './curve.mjs';
import { drawCurve } from './plot.mjs';
import { Paint, lastLines } from './paint.mjs';
import { replayMoments, scrubMarks } from './scrub_marks.mjs';

// The canvases' size: the two views and the counters side by side on a
// desktop, within the window's height; one above the other on a phone.
// The scrub bar's slots for marks: finer than any bar is wide on a page.
const SLOTS = 400;
// The lines of the bot's log shown, the latest.
const LOG_SHOWN = 200;
const SVG = 'http://www.w3.org/2000/svg';

// The marks under the scrub bar, one rectangle a slot.
function drawScrubMarks(svg, marks) {
  svg.setAttribute('viewBox', `0 0 ${SLOTS} 1`);
  svg.replaceChildren(
    ...marks.map(({ slot, kind }) => {
      const rect = document.createElementNS(SVG, 'rect');
      rect.setAttribute('x', String(slot));
      rect.setAttribute('y', '0');
      rect.setAttribute('width', '1.5');
      rect.setAttribute('height', '1');
      rect.setAttribute('class', kind);
      return rect;
    }),
  );
}

function canvasPixels() {
  const w = window.innerWidth;
  const h = window.innerHeight;
  if (w < 760) return Math.max(160, Math.min(w - 40, h - 160));
  return Math.max(200, Math.min(560, Math.floor((w - 380) / 2), h - 200));
}

/** The replay page's viewer: the game shown, its two canvases, their heat
 * scale, the playback, the curve and the file to save. */
export class ReplayViewer {
  constructor() {
    this.game = null;
    this.droneCanvas = null;
    this.trueCanvas = null;
    this.heat = new HeatScale(); // both views on one scale
    this.curve = null;
    this.download = null; // the replay's blob URL
    this.playback = new Playback(this); // play or pause, and the clock's credit
  }

  /** Whether a replay is shown. */
  get ready() {
    return this.game !== null;
  }

  /** The move shown (with a replay shown). */
  get at() {
    return this.game.at;
  }

  /** The replay's moves (with a replay shown). */
  get length() {
    return this.game.replay.moves.length;
  }

  /** The run shown, or null. */
  get run() {
    return this.game?.replay.run ?? null;
  }

  get playing() {
    return this.playback.playing;
  }

  /**
   * Shows a replay document (text or parsed) opened as `name`; fromServer:
   * fetched from this server (else a file the visitor opened), it starts at
   * the address's move and can be set beside another run. Rejects with what
   * is wrong with it.
   */
  async load(doc, name, fromServer) {
    const replay = decodeReplay(doc);
    this.game = new ReplayGame(replay);
    this.logCount = -1; // the log drawn afresh
    this.heat.reset();
    $('viewer').hidden = false;
    $('error').hidden = true;
    setText('title', replayTitle(replay, name));
    const { width, height } = replay.maze;
    const maxPixels = canvasPixels();
    this.droneCanvas = new MazeCanvas($('drone-view'), width, height, { maxPixels });
    this.trueCanvas = new MazeCanvas($('true-view'), width, height, { maxPixels });
    this.curve = replayCurve(replay);
    // The file as it came, to save (ariadne-bot --verify-replay plays it on the rules).
    if (this.download) URL.revokeObjectURL(this.download);
    const text = typeof doc === 'string' ? doc : JSON.stringify(doc);
    this.download = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    $('download').href = this.download;
    $('download').download = `ariadne-replay-${replay.run}.json`;
    $('download').hidden = false;
    $('recent').hidden = true;
    $('scrub').max = String(replay.moves.length);
    drawScrubMarks($('scrub-marks'), scrubMarks(replayMoments(replay), replay.moves.length, SLOTS));
    setText('recorded', recordedText(replay.result));
    const digest = await wallsDigest(replay.maze);
    const badge = wallsBadge(digest === replay.wallsSha256, fromServer);
    $('hash').textContent = badge.text;
    $('hash').className = badge.className;
    $('hash').title = digest;
    // This server's replay can be set beside another of its runs.
    $('versus').hidden = !fromServer;
    this.seek(fromServer ? moveInAddress() : 0);
  }

  /** Goes to move k (nothing before a replay is shown). */
  seek(k) {
    if (!this.game) return;
    this.game.seek(k);
    this.draw();
  }

  /** A move forward (1) or back (-1). */
  step(by) {
    if (this.game) this.seek(this.game.at + by);
  }

  toggle() {
    this.playback.toggle();
  }

  setPlaying(on) {
    this.playback.set(on);
  }

  /** Which views show: 'both', 'drone' or 'true'. */
  show(which) {
    $('drone-figure').hidden = which === 'true';
    $('true-figure').hidden = which === 'drone';
  }

  /** Draws the move shown: the cells that changed (every cell when the heat
   * scale grew), the marks, the counters and the curve. */
  draw() {
    const game = this.game;
    if (!game) return;
    const cells = this.heat.cellsToDraw(game.visits, game.takeChanged());
    this.droneCanvas.drawCells(cells, (i) => game.sensed[i], game.visits, this.heat);
    this.trueCanvas.drawCells(cells, (i) => game.maze.digits[i], game.visits, this.heat);
    const painted = Paint.upTo(game.replay.paint, game.at, game.maze.width);
    const paint = $('show-paint').checked ? painted.marks : null;
    if ($('bot-log') && painted.lines.length !== this.logCount) {
      this.logCount = painted.lines.length;
      showLog($('bot-log'), lastLines(painted.lines, LOG_SHOWN));
    }
    this.droneCanvas.present({ ...game.marks(false), paint });
    this.trueCanvas.present({ ...game.marks(true), paint });
    setText('move', `${game.at} / ${game.replay.moves.length}`);
    setText('steps', game.steps);
    setText('bumps', game.bumps);
    setText('found', `${game.found} / ${game.replay.treasureCount}`);
    setText('score', game.score);
    setText('status', game.status);
    setText('at', `move ${game.at}`);
    $('scrub').value = String(game.at);
    drawCurve($('curve'), this.curve.points, {
      maxX: Math.max(10, game.replay.result.steps),
      maxY: game.maze.width * game.maze.height,
      marker: [game.steps, game.seen],
    });
    if (!this.playing) keepMoveInAddress(() => this.game?.at ?? null);
  }
}
