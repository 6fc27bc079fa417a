// The home page: live and finished runs, and in competition mode the
// leaderboard and the challenges, kept up to date.
import { $, setText, cell, link, getJson } from './page.mjs';
import {
  attemptsText,
  joinText,
  markText,
  mazeText,
  rankText,
  replayGroups,
  runMatches,
  stateText,
  timeText,
  totalText,
} from './board.mjs';
import { drawHistory } from './plot.mjs';

// A challenge's cell: its mark, then (after the close) its attempts' replays.
function markCell(mark, mazes, key, opened) {
  const td = cell(markText(mark), 'num');
  const groups = replayGroups(mark, mazes);
  if (groups.length === 0) return td;
  const details = document.createElement('details');
  details.dataset.key = key;
  details.open = opened.has(key);
  const summary = document.createElement('summary');
  summary.textContent = 'replays';
  details.append(summary);
  for (const group of groups) {
    const line = document.createElement('div');
    line.className = 'replays';
    line.append(`attempt ${group.attempt}: `);
    for (const l of group.links) {
      const a = document.createElement('a');
      a.textContent = l.text;
      a.href = l.href;
      a.title = l.title;
      line.append(a, ' ');
    }
    details.append(line);
  }
  td.append(details);
  return td;
}

// The player, and under it the bot its client named.
function playerCell(run) {
  const td = cell(run.player);
  if (run.bot) {
    const bot = document.createElement('div');
    bot.className = 'muted bot';
    bot.textContent = run.bot;
    td.append(bot);
  }
  return td;
}

function fillRuns(tbody, runs, finished) {
  const rows = runs.map((r) => {
    const tr = document.createElement('tr');
    tr.dataset.run = r.run;
    // A ranked run shows no counters, and cannot be watched, until the close.
    const hidden = r.ranked && r.steps === null;
    tr.append(
      cell(r.run),
      playerCell(r),
      cell(r.ranked ? `${r.maze} (ranked)` : r.maze),
      cell(`${r.width}x${r.height}`, 'num'),
      cell(r.steps ?? '', 'num'),
      cell(r.bumps ?? '', 'num'),
    );
    if (finished) {
      tr.append(
        cell(
          hidden ? r.status : `${r.status}${r.treasures > 1 ? ` ${r.found}/${r.treasures}` : ''}`,
        ),
      );
      tr.append(
        hidden
          ? cell('after the close', 'muted')
          : link('replay', `/replay?url=/api/replays/${r.run}`),
      );
    } else {
      tr.append(cell(hidden ? '' : `${r.found}/${r.treasures}`, 'num'));
      tr.append(hidden ? cell('after the close', 'muted') : link('watch', `/watch/${r.run}`));
    }
    return tr;
  });
  tbody.replaceChildren(...rows);
}

// The runs last fetched: a change of the filter shows them again at once.
let lastRuns = [];

async function refreshRuns() {
  lastRuns = await getJson('/api/runs');
  showRuns();
}

function showRuns() {
  const filter = $('filter').value;
  const runs = lastRuns.filter((r) => runMatches(r, filter));
  const live = runs.filter((r) => r.status === 'active');
  const finished = runs
    .filter((r) => r.status !== 'active')
    .reverse()
    .slice(0, 25);
  fillRuns($('live').tBodies[0], live, false);
  fillRuns($('finished').tBodies[0], finished, true);
  $('no-live').hidden = live.length > 0;
  $('no-finished').hidden = finished.length > 0;
  const note = filter.trim() === '' ? '' : ` matching "${filter.trim()}"`;
  setText('no-live', `No run${note} is in play.`);
  setText('no-finished', `No run${note} has finished yet.`);
}

// What the tables were last built from: an unchanged board is not built
// again, so a reader's open list of replays stays open.
let shown = '';

let historyShown = '';

function showHistory(history) {
  const text = JSON.stringify(history);
  if (text === historyShown) return;
  historyShown = text;
  const any = (history.times ?? []).length > 0 && (history.leaders ?? []).length > 0;
  $('history-plot').hidden = !any;
  $('no-history').hidden = any;
  if (any) drawHistory($('history'), history);
}

async function refreshCompetition() {
  const competition = await getJson('/api/competition');
  const board = await getJson('/api/leaderboard');
  $('competition').hidden = false;
  setText('competition-name', `Leaderboard: ${competition.name ?? board.competition}`);
  setText(
    'competition-state',
    `${stateText(competition, Date.now())}; ${board.ranked_runs} ranked runs; ` +
      `updated ${timeText(board.generated_at)}`,
  );
  const announcement = competition.announcement ?? '';
  setText('announcement', announcement);
  $('announcement').hidden = announcement === '';
  const built = JSON.stringify([competition, board.rows]);
  if (built === shown) return;
  shown = built;
  const opened = new Set(
    [...$('leaderboard').querySelectorAll('details[open]')].map((d) => d.dataset.key),
  );
  const ids = (competition.challenges ?? []).map((c) => c.id);
  const head = document.createElement('tr');
  for (const title of ['rank', 'competitor', 'total', 'found', ...ids]) {
    const th = document.createElement('th');
    th.textContent = title;
    head.append(th);
  }
  $('leaderboard').tHead.replaceChildren(head);
  $('leaderboard').tBodies[0].replaceChildren(
    ...board.rows.map((row) => {
      const tr = document.createElement('tr');
      tr.append(
        cell(rankText(row)),
        cell(row.competitor),
        cell(totalText(row), 'num'),
        cell(row.found, 'num'),
      );
      for (const c of competition.challenges ?? []) {
        tr.append(
          markCell(row.challenges?.[c.id], c.mazes ?? 1, `${row.competitor}\n${c.id}`, opened),
        );
      }
      return tr;
    }),
  );
  const join = joinText(competition, window.location.origin);
  setText('join-url', join.url);
  setText('join-commands', join.commands.join('\n'));
  setText('join-rules', join.rules);
  $('challenges').tBodies[0].replaceChildren(
    ...(competition.challenges ?? []).map((c) => {
      const tr = document.createElement('tr');
      tr.append(
        cell(c.id),
        cell(mazeText(c)),
        cell(attemptsText(c), 'num'),
        cell(c.weight ?? 1, 'num'),
      );
      return tr;
    }),
  );
}

async function start() {
  const server = await getJson('/api/server');
  setText('server', `${server.name} ${server.version}`);
  $('filter').addEventListener('input', showRuns);
  const loop = async (work, ms) => {
    try {
      await work();
    } catch (error) {
      console.warn(error);
    }
    setTimeout(() => loop(work, ms), ms);
  };
  loop(refreshRuns, 1000);
  if (server.competition) {
    loop(refreshCompetition, 2000);
    // Apart from the board: a slow or failed plot never holds the table back.
    loop(async () => showHistory(await getJson('/api/leaderboard/history')), 5000);
  }
}

start().catch((error) => setText('server', error.message));
