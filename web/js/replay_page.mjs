// The replay viewer: /replay?url=... or a local file.
import { decodeReplay, ReplayGame, optimalPaths, wallsDigest, ownReplayUrl } from './replay.mjs';
import { MazeCanvas } from './draw.mjs';
import { $, setText, showError, getJson } from './page.mjs';

const MOVES_PER_SECOND = 20; // at 1x

let game = null;
let droneCanvas = null;
let trueCanvas = null;
let paths = [];
let playing = false;
let credit = 0; // moves owed to the clock
let last = 0;
let most = 2;

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
    droneCanvas = new MazeCanvas($('drone-view'), replay.maze.width, replay.maze.height, {
      maxPixels: 560,
    });
    trueCanvas = new MazeCanvas($('true-view'), replay.maze.width, replay.maze.height, {
      maxPixels: 560,
    });
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
    seek(0);
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
  droneCanvas.present({ drone: game.position, start: game.replay.start, treasures: found });
  const ended = game.status !== 'active';
  trueCanvas.present({
    drone: game.position,
    start: game.replay.start,
    treasures: ended ? game.replay.treasures : [...found, game.treasure],
    path: ended ? paths.flat() : game.shortestPath(),
  });
  setText('move', `${game.at} / ${game.replay.moves.length}`);
  setText('steps', game.steps);
  setText('bumps', game.bumps);
  setText('found', `${game.found} / ${game.replay.treasureCount}`);
  setText('score', game.score);
  setText('status', game.status);
  setText('at', `move ${game.at}`);
  $('scrub').value = String(game.at);
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
document.addEventListener('keydown', (e) => {
  if (!game || (e.target instanceof HTMLInputElement && e.target.type === 'file')) return;
  if (e.key === ' ') {
    e.preventDefault();
    setPlaying(!playing);
  } else if (e.key === 'ArrowLeft') {
    e.preventDefault();
    seek(game.at - 1);
  } else if (e.key === 'ArrowRight') {
    e.preventDefault();
    seek(game.at + 1);
  }
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
}
