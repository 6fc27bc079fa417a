// Two replays side by side: /versus?a=RUN&b=RUN (this server's replays).
import { decodeReplay } from './replay.mjs';
import { MazeCanvas } from './draw.mjs';
import { HeatScale } from './heat_scale.mjs';
import {
  $,
  setText,
  showError,
  getJson,
  moveInAddress,
  keepMoveInAddress,
  bindPlayerKeys,
  onVersusForm,
  versusUrl,
  Playback,
} from './page.mjs';
import { drawCurve } from './plot.mjs';
import { Versus, label } from './versus.mjs';

const SIDES = ['a', 'b'];

let versus = null;
let canvases = [];
const heat = SIDES.map(() => new HeatScale());
let redrawAll = true; // the next draw paints every cell (a new view)
const playback = new Playback({
  get ready() {
    return versus !== null;
  },
  get at() {
    return versus.at;
  },
  get length() {
    return versus.length;
  },
  seek,
});

// Each canvas's size: side by side, on a phone too (half its width each).
function canvasPixels() {
  const w = window.innerWidth;
  const h = window.innerHeight;
  if (w < 760) return Math.max(140, Math.floor((w - 40) / 2));
  return Math.max(200, Math.min(560, Math.floor((w - 120) / 2), h - 260));
}

function draw() {
  const trueMaze = $('show').value === 'true';
  versus.games.forEach((game, k) => {
    // The cells that changed, or all of them when the heat scale grew.
    const cells = heat[k].cellsToDraw(game.visits, game.takeChanged(), redrawAll);
    const digit = trueMaze ? (i) => game.maze.digits[i] : (i) => game.sensed[i];
    canvases[k].drawCells(cells, digit, game.visits, heat[k]);
    canvases[k].present(game.marks(trueMaze));
    const side = SIDES[k];
    setText(`steps-${side}`, game.steps);
    setText(`bumps-${side}`, game.bumps);
    setText(`found-${side}`, `${game.found} / ${game.replay.treasureCount}`);
    setText(`score-${side}`, game.score);
    setText(`status-${side}`, game.status);
  });
  redrawAll = false;
  setText('at', `move ${versus.at} / ${versus.length}`);
  $('scrub').value = String(versus.at);
  const ended = versus.games.every((g) => g.status !== 'active');
  setText('verdict', ended ? versus.verdict() : '');
  const [a, b] = versus.games;
  drawCurve($('curve'), versus.curves[0].points, {
    maxX: Math.max(10, ...versus.replays.map((r) => r.result.steps)),
    maxY: Math.max(...versus.replays.map((r) => r.maze.width * r.maze.height)),
    marker: [a.steps, a.seen],
    second: { points: versus.curves[1].points, marker: [b.steps, b.seen] },
  });
  if (!playback.playing) keepMoveInAddress(() => versus?.at ?? null);
}

function seek(k) {
  versus.seek(k);
  draw();
}

async function open(a, b) {
  const docs = await Promise.all([a, b].map((run) => getJson(`/api/replays/${run}`)));
  const replays = docs.map((doc) => decodeReplay(doc));
  versus = new Versus(replays);
  const pixels = canvasPixels();
  canvases = replays.map(
    (r, k) =>
      new MazeCanvas($(`view-${SIDES[k]}`), r.maze.width, r.maze.height, { maxPixels: pixels }),
  );
  replays.forEach((r, k) => {
    const side = SIDES[k];
    setText(`name-${side}`, `${label(r)} on ${r.label} ${r.maze.width}x${r.maze.height}`);
    setText(`run-${side}`, label(r));
  });
  setText('title', `${label(replays[0])} against ${label(replays[1])}`);
  setText(
    'same-maze',
    versus.sameMaze()
      ? 'Both runs explored the same maze, with the same treasures.'
      : 'The runs explored different mazes: compare their efficiency, not their scores alone.',
  );
  $('scrub').max = String(versus.length);
  $('viewer').hidden = false;
  seek(moveInAddress());
}

$('play').addEventListener('click', () => playback.toggle());
$('back').addEventListener('click', () => versus && seek(versus.at - 1));
$('forward').addEventListener('click', () => versus && seek(versus.at + 1));
$('scrub').addEventListener('input', (e) => versus && seek(Number(e.target.value)));
$('show').addEventListener('change', () => {
  redrawAll = true;
  if (versus) draw();
});
window.addEventListener('hashchange', () => versus && seek(moveInAddress()));
bindPlayerKeys({
  ready: () => versus !== null,
  toggle: () => playback.toggle(),
  step: (by) => seek(versus.at + by),
});

onVersusForm($('choose'), () => [$('choose-a').value, $('choose-b').value]);

const params = new URLSearchParams(location.search);
const [a, b] = [params.get('a'), params.get('b')];
if (a !== null || b !== null) {
  $('choose-a').value = a ?? '';
  $('choose-b').value = b ?? '';
  if (versusUrl(a ?? '', b ?? '') === null) {
    showError('compare two runs of this server: /versus?a=RUN&b=RUN');
  } else {
    open(a, b).catch(showError);
  }
}
