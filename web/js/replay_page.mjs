// The replay viewer: /replay?url=... or a local file.
import { decodeReplay, ReplayGame, optimalPaths, wallsDigest, ownReplayUrl } from './replay.mjs';
import { MazeCanvas } from './draw.mjs';
import {
  $,
  setText,
  showError,
  getJson,
  moveInAddress,
  keepMoveInAddress,
  bindPlayerKeys,
  onVersusForm,
} from './page.mjs';
import { replayCurve } from './curve.mjs';
import { drawCurve } from './plot.mjs';
import { Paint } from './paint.mjs';

const MOVES_PER_SECOND = 20; // at 1x

let game = null;
let droneCanvas = null;
let trueCanvas = null;
let paths = [];
let playing = false;
let credit = 0; // moves owed to the clock
let last = 0;
let most = 2;
let curve = null;
let download = null; // the replay's blob URL

// The canvases' size: the two views and the counters side by side on a
// desktop, within the window's height; one above the other on a phone.
function canvasPixels() {
  const w = window.innerWidth;
  const h = window.innerHeight;
  if (w < 760) return Math.max(160, Math.min(w - 40, h - 160));
  return Math.max(200, Math.min(560, Math.floor((w - 380) / 2), h - 200));
}

// fromServer: fetched from this server (else a file the visitor opened).
async function open(doc, name, fromServer) {
  try {
    const replay = decodeReplay(doc);
    game = new ReplayGame(replay);
    paths = optimalPaths(replay);
    $('viewer').hidden = false;
    $('error').hidden = true;
    setText(
      'title',
      `run ${replay.run}: ${replay.player}${replay.bot ? ` (${replay.bot})` : ''} on ${replay.label} ${replay.maze.width}x${replay.maze.height}, ${replay.moves.length} moves (${name})`,
    );
    const pixels = canvasPixels();
    droneCanvas = new MazeCanvas($('drone-view'), replay.maze.width, replay.maze.height, {
      maxPixels: pixels,
    });
    trueCanvas = new MazeCanvas($('true-view'), replay.maze.width, replay.maze.height, {
      maxPixels: pixels,
    });
    curve = replayCurve(replay);
    // The file as it came, to save (ariadne-bot --verify-replay plays it on the rules).
    if (download) URL.revokeObjectURL(download);
    const text = typeof doc === 'string' ? doc : JSON.stringify(doc);
    download = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    $('download').href = download;
    $('download').download = `ariadne-replay-${replay.run}.json`;
    $('download').hidden = false;
    $('recent').hidden = true;
    $('scrub').max = String(replay.moves.length);
    const r = replay.result;
    setText(
      'recorded',
      `recorded: ${r.status}, ${r.steps} steps, ${r.bumps} bumps, score ${r.score}, optimal ${r.optimal}, efficiency ${Number(r.efficiency).toFixed(3)}`,
    );
    const digest = await wallsDigest(replay.maze);
    const hash = $('hash');
    const same = digest === replay.wallsSha256;
    if (!same) {
      hash.textContent = 'walls SHA-256 does NOT match the maze';
      hash.className = 'badge bad';
    } else if (fromServer) {
      hash.textContent = 'walls SHA-256 matches the maze';
      hash.className = 'badge ok';
    } else {
      // A file says what it likes: only ariadne-bot --verify-replay plays it on the rules.
      hash.textContent = 'a file: walls consistent, result not checked by this server';
      hash.className = 'badge';
    }
    hash.title = digest;
    most = 2;
    // This server's replay can be set beside another of its runs.
    $('versus').hidden = !fromServer;
    seek(fromServer ? moveInAddress() : 0);
  } catch (error) {
    showError(error);
  }
}

function seek(k) {
  game.seek(k);
  draw();
}

function draw() {
  const cells = game.takeChanged();
  let grew = false;
  for (const i of cells ?? []) {
    if (game.visits[i] > most) {
      most *= 2;
      grew = true;
    }
  }
  const all = cells === null || grew;
  const each = all
    ? Array.from({ length: game.maze.width * game.maze.height }, (_, i) => i)
    : cells;
  if (all) for (const v of game.visits) while (v > most) most *= 2;
  for (const i of each) {
    droneCanvas.drawCell(i, game.sensed[i], game.visits[i], most);
    trueCanvas.drawCell(i, game.maze.digits[i], game.visits[i], most);
  }
  const found = game.replay.treasures.slice(0, game.found);
  const paint = $('show-paint').checked
    ? Paint.upTo(game.replay.paint, game.at, game.maze.width).marks
    : null;
  droneCanvas.present({ drone: game.position, start: game.replay.start, treasures: found, paint });
  const ended = game.status !== 'active';
  trueCanvas.present({
    drone: game.position,
    start: game.replay.start,
    treasures: ended ? game.replay.treasures : [...found, game.treasure],
    path: ended ? paths.flat() : game.shortestPath(),
    paint,
  });
  setText('move', `${game.at} / ${game.replay.moves.length}`);
  setText('steps', game.steps);
  setText('bumps', game.bumps);
  setText('found', `${game.found} / ${game.replay.treasureCount}`);
  setText('score', game.score);
  setText('status', game.status);
  setText('at', `move ${game.at}`);
  $('scrub').value = String(game.at);
  drawCurve($('curve'), curve.points, {
    maxX: Math.max(10, game.replay.result.steps),
    maxY: game.maze.width * game.maze.height,
    marker: [game.steps, game.seen],
  });
  if (!playing) keepMoveInAddress(() => game?.at ?? null);
}

function tick(now) {
  if (!playing) return;
  const speed = Number($('speed').value);
  credit += ((now - last) / 1000) * MOVES_PER_SECOND * speed;
  last = now;
  const moves = Math.floor(credit);
  credit -= moves;
  if (moves > 0) seek(game.at + moves);
  if (game.at >= game.replay.moves.length) return setPlaying(false);
  requestAnimationFrame(tick);
}

function setPlaying(on) {
  playing = on && game !== null;
  $('play').textContent = playing ? 'pause' : 'play';
  if (!playing && game) keepMoveInAddress(() => game?.at ?? null);
  if (playing) {
    if (game.at >= game.replay.moves.length) seek(0);
    last = performance.now();
    credit = 0;
    requestAnimationFrame(tick);
  }
}

function show(which) {
  $('drone-figure').hidden = which === 'true';
  $('true-figure').hidden = which === 'drone';
}

$('play').addEventListener('click', () => setPlaying(!playing));
$('back').addEventListener('click', () => game && seek(game.at - 1));
$('forward').addEventListener('click', () => game && seek(game.at + 1));
$('scrub').addEventListener('input', (e) => game && seek(Number(e.target.value)));
$('show').addEventListener('change', (e) => show(e.target.value));
$('show-paint').addEventListener('change', () => game && draw());
// An address edited to another #move=N goes there.
window.addEventListener('hashchange', () => game && seek(moveInAddress()));
onVersusForm($('versus'), () => [game?.replay.run ?? '', $('versus-b').value]);
bindPlayerKeys({
  ready: () => game !== null,
  toggle: () => setPlaying(!playing),
  step: (by) => seek(game.at + by),
});
$('file').addEventListener('change', async (e) => {
  const file = e.target.files[0];
  if (file) open(await file.text(), file.name, false);
});

const url = new URLSearchParams(location.search).get('url');
if (url) {
  const own = ownReplayUrl(url, location.href);
  if (own === null) {
    showError(
      new Error(
        "this viewer loads the replays of this server only (/api/replays/RUN); download another server's replay and open the file",
      ),
    );
  } else {
    getJson(own).then((doc) => open(doc, url, true), showError);
  }
} else {
  listReplays().catch((error) => console.warn(error));
}

// With no replay asked for: the finished runs of this server to choose from.
async function listReplays() {
  const runs = (await getJson('/api/runs')).filter(
    (r) => r.status !== 'active' && r.steps !== null,
  );
  $('recent').hidden = false;
  $('no-recent').hidden = runs.length > 0;
  $('recent-list').replaceChildren(
    ...runs.reverse().map((r) => {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = `/replay?url=/api/replays/${r.run}`;
      a.textContent = `run ${r.run}`;
      const who = r.bot ? `${r.player} (${r.bot})` : r.player;
      li.append(a, `: ${who} on ${r.maze} ${r.width}x${r.height}, ${r.status}`);
      return li;
    }),
  );
}
