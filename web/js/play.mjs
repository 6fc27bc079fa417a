// The playground: /play. The visitor's bot runs in a worker (an endless loop
// or an exception there never breaks the page), plays a practice run through
// the JavaScript kit, and the page watches that run like any spectator, next
// to the bundled bots' scores on the same maze (GET /api/baseline).
import { EXAMPLE, workerSource } from './bot_source.mjs';
import { SpectatorStream } from './stream.mjs';
import { LiveView } from './live_view.mjs';
import { $, setText, cell, getJson, wsUrl } from './page.mjs';

let worker = null;
let stream = null;

function showError(text) {
  $('error').hidden = false;
  $('error').textContent = text;
}

function maze() {
  const number = (id) => Number($(id).value);
  return {
    generator: $('generator').value,
    width: number('width'),
    height: number('height'),
    loops: number('loops'),
    seed: number('seed'),
  };
}

function stop(state) {
  worker?.terminate();
  worker = null;
  $('run').disabled = false;
  $('stop').disabled = true;
  if (state) setText('state', state);
}

const live = new LiveView($('maze'), {
  maxPixels: 440,
  onEnd(view, result) {
    setText(
      'state',
      `your bot: ${result.status}, score ${result.score} (optimal ${result.optimal})`,
    );
    addRow('your bot', result, true);
  },
});

function addRow(name, r, mine = false) {
  const tr = document.createElement('tr');
  if (mine) tr.className = 'mine';
  tr.append(
    cell(name),
    cell(r.status),
    cell(r.steps, 'num'),
    cell(r.bumps, 'num'),
    cell(r.score, 'num'),
    cell(Number(r.efficiency).toFixed(3), 'num'),
  );
  $('baseline').tBodies[0].append(tr);
}

async function baseline(m) {
  $('baseline').tBodies[0].replaceChildren();
  setText('baseline-note', 'the bundled bots are playing the same maze…');
  try {
    const query = new URLSearchParams(Object.entries(m).map(([k, v]) => [k, String(v)]));
    const answer = await getJson(`/api/baseline?${query}`);
    for (const b of answer.bots) addRow(b.bot, b);
    setText(
      'baseline-note',
      `shortest path from the start to the treasure: ${answer.optimal} steps`,
    );
  } catch (error) {
    setText('baseline-note', `no baseline: ${error.message}`);
  }
}

function run() {
  stop();
  stream?.stop();
  $('error').hidden = true;
  $('run').disabled = true;
  $('stop').disabled = false;
  setText('state', 'starting…');
  const m = maze();
  localStorage.setItem('ariadne-playground', $('code').value);
  baseline(m);
  const source = workerSource(`${location.origin}/static/js/ariadne.mjs`, $('code').value);
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  worker = new Worker(url, { type: 'module' });
  URL.revokeObjectURL(url);
  worker.onerror = (event) => {
    event.preventDefault();
    showError(`your code does not run: ${event.message ?? 'a syntax error'}`);
    stop('stopped');
  };
  worker.onmessage = ({ data }) => {
    if (data.type === 'started') {
      setText('state', `run ${data.run} in play`);
      stream = new SpectatorStream({
        url: wsUrl(`/spectate/${data.run}`),
        connect: (u) => new WebSocket(u),
        onMessage: (message) => {
          try {
            live.apply(message);
          } catch (error) {
            showError(String(error));
          }
        },
      }).start();
    } else if (data.type === 'done') {
      stop();
    } else if (data.type === 'error') {
      showError(data.message);
      stop('stopped by an error');
    }
  };
  worker.postMessage({ url: wsUrl('/ws'), maze: m });
}

async function start() {
  $('code').value = localStorage.getItem('ariadne-playground') ?? EXAMPLE;
  const generators = await getJson('/api/generators');
  $('generator').replaceChildren(
    ...generators.map((g) => {
      const option = document.createElement('option');
      option.value = g.name;
      option.textContent = g.name;
      option.title = g.summary;
      return option;
    }),
  );
  $('generator').value = generators.some((g) => g.name === 'recursive_backtracker')
    ? 'recursive_backtracker'
    : generators[0].name;
  $('run').addEventListener('click', run);
  $('stop').addEventListener('click', () => stop('stopped'));
}

start().catch((error) => showError(String(error)));
