// The playground: /play. The visitor's bot runs in a worker (an endless loop
// or an exception there never breaks the page), plays practice runs through
// the JavaScript kit on one seed or several, and the page watches each run
// like any spectator, next to the bundled bots' results on the same mazes
// (GET /api/baseline), with the bot's console and every earlier run.
import {
  EXAMPLE,
  SYNTAX_CHECK_OFFSET,
  errorLine,
  syntaxCheckSource,
  workerSource,
} from './bot_source.mjs';
import { CodeEditor } from './code_editor.mjs';
import { SpectatorStream } from './stream.mjs';
import { LiveView } from './live_view.mjs';
import { Comparison, YOURS } from './compare.mjs';
import { drawSeries } from './plot.mjs';
import { parseSeeds } from './ariadne.mjs';
import { $, setText, cell, getJson, wsUrl } from './page.mjs';

const MOST_SEEDS = 10;
const CONSOLE_LINES = 300;

let worker = null;
let stream = null;
let finish = null; // resolves the run in play: its result, or null
let stopped = false;
let comparison = null;
let seedLog = null; // the console's part for the seed in play
const editor = new CodeEditor($('code-frame'), $('gutter'), $('code'));

// An error's text, and its line marked in the editor when it names one.
function showError(text) {
  $('error').hidden = false;
  $('error').textContent = text;
  const line = errorLine(text);
  if (line !== null) editor.mark(line);
}

// The console: a part a seed, each folding apart, the latest lines kept.
function consoleFor(seed) {
  const part = document.createElement('details');
  part.open = true;
  const title = document.createElement('summary');
  title.textContent = `seed ${seed}`;
  const lines = document.createElement('div');
  part.append(title, lines);
  $('console').append(part);
  seedLog = { title, lines, seed, count: 0 };
}

function say(level, text) {
  if (seedLog === null) consoleFor('?');
  const line = document.createElement('div');
  line.className = `line ${level}`;
  line.textContent = text;
  seedLog.lines.append(line);
  seedLog.count += 1;
  seedLog.title.textContent = `seed ${seedLog.seed}: ${seedLog.count} line${seedLog.count === 1 ? '' : 's'}`;
  while (seedLog.lines.childElementCount > CONSOLE_LINES) seedLog.lines.firstElementChild.remove();
  const box = $('console');
  box.scrollTop = box.scrollHeight;
}

function maze(seed) {
  const number = (id) => Number($(id).value);
  return {
    generator: $('generator').value,
    width: number('width'),
    height: number('height'),
    loops: number('loops'),
    seed,
  };
}

// The run's end: the worker goes; its spectator stream plays on to the end
// of the run (the next run, or Stop, ends it).
function endRun(result) {
  live.stopClock();
  worker?.terminate();
  worker = null;
  const done = finish;
  finish = null;
  done?.(result);
}

const live = new LiveView($('maze'), {
  maxPixels: 440,
  onStart() {
    $('placeholder').hidden = true;
    $('maze').hidden = false;
  },
  onEnd(view, result) {
    setText(
      'state',
      `your bot: ${result.status}, score ${result.score} (optimal ${result.optimal})`,
    );
  },
});

function showComparison() {
  const head = document.createElement('tr');
  for (const title of ['bot', ...comparison.seeds.map((s) => `seed ${s}`), 'mean efficiency']) {
    const th = document.createElement('th');
    th.textContent = title;
    if (title !== 'bot') th.className = 'num';
    head.append(th);
  }
  $('baseline').tHead.replaceChildren(head);
  $('baseline').tBodies[0].replaceChildren(
    ...comparison.rows().map((row) => {
      const tr = document.createElement('tr');
      if (row.mine) tr.className = 'mine';
      tr.append(cell(row.bot), ...row.cells.map((c) => cell(c, 'num')), cell(row.mean, 'num'));
      return tr;
    }),
  );
  drawSeries($('chart'), comparison.series(), comparison.seeds);
}

async function baseline(m) {
  const target = comparison; // a later Run's table is not this one's
  try {
    const query = new URLSearchParams(Object.entries(m).map(([k, v]) => [k, String(v)]));
    const answer = await getJson(`/api/baseline?${query}`);
    for (const b of answer.bots) target.add(b.bot, m.seed, b);
    setText(
      'baseline-note',
      `scores a seed (steps plus bumps); seed ${m.seed}: shortest path ${answer.optimal} steps`,
    );
  } catch (error) {
    setText('baseline-note', `no baseline for seed ${m.seed}: ${error.message}`);
  }
  if (target === comparison) showComparison();
}

function addHistory(run, m, result) {
  const tr = document.createElement('tr');
  tr.append(
    cell(run),
    cell(`${m.generator} ${m.width}x${m.height}${m.loops > 0 ? ` loops ${m.loops}` : ''}`),
    cell(m.seed, 'num'),
    cell(result.status),
    cell(result.steps, 'num'),
    cell(result.score, 'num'),
    cell(Number(result.efficiency).toFixed(3), 'num'),
  );
  $('history').tBodies[0].prepend(tr);
  $('no-history').hidden = true;
  while ($('history').tBodies[0].rows.length > 50) {
    $('history').tBodies[0].lastElementChild.remove();
  }
}

// The line and words of code's syntax error, parsed apart as a classic
// script (none of the code runs: it is a function nothing calls); null when
// it parses, or when only a module could parse it (import, export).
function syntaxError(code) {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(
      new Blob([syntaxCheckSource(code)], { type: 'text/javascript' }),
    );
    const checker = new Worker(url);
    URL.revokeObjectURL(url);
    const done = (answer) => {
      clearTimeout(timer);
      checker.terminate();
      resolve(answer);
    };
    const timer = setTimeout(() => done(null), 2000);
    checker.onerror = (event) => {
      event.preventDefault();
      const message = String(event.message ?? '').replace(/^Uncaught /, '');
      if (/import|export|module/.test(message)) return done(null);
      return done({ line: event.lineno - SYNTAX_CHECK_OFFSET, message });
    };
    // It answers only once it has parsed.
    checker.onmessage = () => done(null);
    checker.postMessage(null);
  });
}

// One run of the visitor's bot on maze m: its result, or null (an error, a stop).
function playOne(m, delay) {
  stream?.stop();
  const code = editor.value;
  const source = workerSource(`${location.origin}/static/js/ariadne.mjs`, code);
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  worker = new Worker(url, { type: 'module' });
  URL.revokeObjectURL(url);
  let run = null;
  const finished = new Promise((resolve) => {
    finish = resolve;
  });
  worker.onerror = async (event) => {
    event.preventDefault();
    setText('state', 'stopped');
    endRun(null);
    // The code starts on the module's second line.
    let where = event.lineno > 1 ? { line: event.lineno - 1, message: event.message } : null;
    where ??= await syntaxError(code);
    const line = where?.line > 0 ? ` (your code, line ${where.line})` : '';
    showError(`your code does not run: ${where?.message ?? 'a syntax error'}${line}`);
  };
  worker.onmessage = ({ data }) => {
    if (data.type === 'started') {
      run = data.run;
      setText('state', `run ${data.run} in play (seed ${m.seed})`);
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
    } else if (data.type === 'log') {
      say(data.level, data.text);
    } else if (data.type === 'done') {
      addHistory(run, m, data.result);
      endRun(data.result);
    } else if (data.type === 'error') {
      showError(data.message);
      say('error', data.message);
      setText('state', 'stopped by an error');
      endRun(null);
    }
  };
  worker.postMessage({ url: wsUrl('/ws'), maze: m, delay });
  return finished;
}

async function runAll() {
  $('error').hidden = true;
  editor.mark(null);
  let seeds;
  try {
    seeds = parseSeeds($('seeds').value);
    if (seeds.length > MOST_SEEDS) throw new Error(`at most ${MOST_SEEDS} seeds a run`);
  } catch (error) {
    showError(`seeds: ${error.message.replace(/^bad_request: /, '')}`);
    return;
  }
  stopped = false;
  $('run').disabled = true;
  $('stop').disabled = false;
  $('console').replaceChildren();
  seedLog = null;
  try {
    try {
      localStorage.setItem('ariadne-playground', editor.value);
    } catch {
      // No storage here (a private window): the code is only not kept.
    }
    comparison = new Comparison(seeds);
    showComparison();
    const delay = Number($('speed').value);
    for (const seed of seeds) {
      if (stopped) break;
      const m = maze(seed);
      consoleFor(seed);
      setText('state', `starting seed ${seed}…`);
      baseline(m); // fills its column when the bundled bots have played
      const result = await playOne(m, delay);
      if (result === null) break;
      comparison.add(YOURS, seed, result);
      showComparison();
    }
  } finally {
    $('run').disabled = false;
    $('stop').disabled = true;
  }
}

async function start() {
  editor.value = localStorage.getItem('ariadne-playground') ?? EXAMPLE;
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
  $('run').addEventListener('click', () => runAll().catch((error) => showError(String(error))));
  $('stop').addEventListener('click', () => {
    stopped = true;
    setText('state', 'stopped');
    stream?.stop();
    endRun(null);
  });
  $('reset').addEventListener('click', () => {
    editor.value = EXAMPLE;
    localStorage.removeItem('ariadne-playground');
    setText('state', 'the example is back');
  });
}

start().catch((error) => showError(String(error)));
