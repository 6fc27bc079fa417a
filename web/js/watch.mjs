// The live view of one run: /watch/{run}.
import { FogView } from './fog.mjs';
import { SpectatorStream } from './stream.mjs';
import { decodeReplay, optimalPaths } from './replay.mjs';
import { MazeCanvas } from './draw.mjs';
import { Maze } from './maze.mjs';
import { $, setText, showError, wsUrl } from './page.mjs';

const run = location.pathname.split('/').filter(Boolean).pop();
let view = null;
let canvas = null;
let most = 2; // the heat scale's top: doubling it redraws every cell
let pending = false;

function redrawAll() {
  const cells = view.width * view.height;
  for (let i = 0; i < cells; i++) canvas.drawCell(i, cellDigit(i), view.visits[i], most);
  view.takeChanged();
}

function cellDigit(i) {
  if (view.replay) return view.replay.finalMaze.digits[i];
  return view.sensed[i];
}

function frame() {
  pending = false;
  if (!view) return;
  let grew = false;
  const changed = view.takeChanged();
  for (const i of changed) {
    if (view.visits[i] > most) {
      most *= 2;
      grew = true;
    }
  }
  if (grew || view.replay) {
    redrawAll();
  } else {
    for (const i of changed) canvas.drawCell(i, cellDigit(i), view.visits[i], most);
  }
  const marks = { drone: view.position, start: view.start, treasures: view.finds };
  if (view.replay) {
    marks.treasures = view.replay.treasures;
    marks.path = view.replay.paths.flat();
  }
  canvas.present(marks);
  setText('steps', view.steps);
  setText('bumps', view.bumps);
  setText('found', `${view.found} / ${view.treasures}`);
  setText('score', view.score);
  setText('seen', countSeen());
  setText('status', view.status);
  $('status').className = `badge ${view.status === 'active' ? 'live' : view.status === 'found' ? 'found' : 'bad'}`;
}

function countSeen() {
  let n = 0;
  for (const d of view.sensed) if (d >= 0) n++;
  return n;
}

function schedule() {
  if (!pending) {
    pending = true;
    requestAnimationFrame(frame);
  }
}

function showResult(result) {
  $('result').hidden = false;
  setText('result-status', result.status === 'found' ? 'found every treasure' : result.status);
  setText('result-score', result.score);
  setText('result-optimal', result.optimal);
  setText('result-efficiency', result.efficiency.toFixed(3));
  if (view.replay) {
    setText('result-note', 'the full maze, the treasures and the shortest paths are shown');
    $('replay-link').hidden = false;
    $('replay-link').href = `/replay?url=/api/replays/${view.run}`;
  } else {
    setText('result-note', 'a ranked run: its maze is shown once the competition has closed');
  }
}

function onMessage(message) {
  try {
    if (message.type === 'snapshot') {
      view = new FogView(message);
      canvas = new MazeCanvas($('maze'), view.width, view.height);
      document.title = `Ariadne: run ${view.run}`;
      setText('title', `run ${view.run}: ${view.player} on ${view.maze} ${view.width}x${view.height}${view.ranked ? ' (ranked)' : ''}`);
      redrawAll();
    } else if (message.type === 'steps') {
      view.applySteps(message);
    } else if (message.type === 'end') {
      let replay = null;
      if (message.replay) {
        const decoded = decodeReplay(message.replay);
        const paths = optimalPaths(decoded);
        // The maze as it ended: every wall that fell is down.
        const final = new Maze(decoded.maze.width, decoded.maze.height, decoded.maze.code());
        for (const list of decoded.wallsRemoved) for (const w of list) final.open(w, w.side);
        replay = { treasures: decoded.treasures, paths, finalMaze: final };
      }
      view.applyEnd(message, replay);
      showResult(message.result);
    }
    schedule();
  } catch (error) {
    console.warn(error);
    showError(error);
  }
}

if (!/^\d+$/.test(run ?? '')) {
  showError('no run here: the address is /watch/ and a run number');
} else {
  new SpectatorStream({
    url: wsUrl(`/spectate/${run}`),
    connect: (url) => new WebSocket(url),
    onMessage,
    onStatus: (status) => setText('connection', status),
  }).start();
}
