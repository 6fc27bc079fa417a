// The replay viewer's page: /replay?url=... or a local file, shown by one
// ReplayViewer (replay_viewer.mjs) that this module wires the page's events to;
// with no replay asked for, the finished runs of this server to choose from.
import { ownReplayUrl } from './replay.mjs';
import { ReplayViewer } from './replay_viewer.mjs';
import {
  $,
  cell,
  setText,
  showError,
  getJson,
  moveInAddress,
  bindPlayerKeys,
  onVersusForm,
  versusUrl,
} from './page.mjs';
import { RUN_COLUMNS, columnText, runTablePage } from './run_table.mjs';

const viewer = new ReplayViewer();
// With no replay asked for (listReplays below): the finished runs of this
// server to choose from, to search, sort (a column's heading) and page through.
const table = { runs: [], query: '', sort: 'run', descending: true, page: 1, picked: [] };

$('play').addEventListener('click', () => viewer.toggle());
$('back').addEventListener('click', () => viewer.step(-1));
$('forward').addEventListener('click', () => viewer.step(1));
$('scrub').addEventListener('input', (e) => viewer.seek(Number(e.target.value)));
$('show').addEventListener('change', (e) => viewer.show(e.target.value));
$('show-paint').addEventListener('change', () => viewer.draw());
// An address edited to another #move=N goes there.
window.addEventListener('hashchange', () => viewer.seek(moveInAddress()));
onVersusForm($('versus'), () => [viewer.run ?? '', $('versus-b').value]);
bindPlayerKeys({
  ready: () => viewer.ready,
  toggle: () => viewer.toggle(),
  step: (by) => viewer.step(by),
});
$('file').addEventListener('change', async (e) => {
  const file = e.target.files[0];
  if (file) viewer.load(await file.text(), file.name, false).catch(showError);
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
    getJson(own)
      .then((doc) => viewer.load(doc, url, true))
      .catch(showError);
  }
} else {
  listReplays().catch((error) => console.warn(error));
}

async function listReplays() {
  table.runs = (await getJson('/api/runs')).filter((r) => r.status !== 'active');
  $('recent').hidden = false;
  $('run-query').addEventListener('input', (e) => {
    table.query = e.target.value;
    table.page = 1;
    showTable();
  });
  $('page-back').addEventListener('click', () => {
    table.page -= 1;
    showTable();
  });
  $('page-forward').addEventListener('click', () => {
    table.page += 1;
    showTable();
  });
  showTable();
}

function heading(column) {
  const th = document.createElement('th');
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'sort';
  const chosen = table.sort === column.key;
  button.textContent = column.title + (chosen ? (table.descending ? ' ▼' : ' ▲') : '');
  th.setAttribute('aria-sort', chosen ? (table.descending ? 'descending' : 'ascending') : 'none');
  if (column.numeric) th.className = 'num';
  button.addEventListener('click', () => {
    table.descending = chosen ? !table.descending : column.numeric || column.key === 'started_at';
    table.sort = column.key;
    showTable();
  });
  th.append(button);
  return th;
}

function showTable() {
  const shown = runTablePage(table.runs, table);
  table.page = shown.page;
  const head = document.createElement('tr');
  head.append(...RUN_COLUMNS.map(heading), document.createElement('th'));
  $('run-table').tHead.replaceChildren(head);
  $('run-table').tBodies[0].replaceChildren(
    ...shown.rows.map((r) => {
      const tr = document.createElement('tr');
      for (const column of RUN_COLUMNS) {
        tr.append(cell(columnText(r, column.key), column.numeric ? 'num' : ''));
      }
      // The run's number opens its replay: the first thing a phone shows.
      const number = document.createElement('a');
      number.textContent = String(r.run);
      number.href = `/replay?url=/api/replays/${r.run}`;
      tr.firstChild.replaceChildren(number);
      const links = document.createElement('td');
      links.className = 'links';
      for (const [text, href] of [
        ['replay', `/replay?url=/api/replays/${r.run}`],
        ['watch', `/watch/${r.run}`],
      ]) {
        const a = document.createElement('a');
        a.textContent = text;
        a.href = href;
        links.append(a, ' ');
      }
      // Two runs picked: side by side on /versus.
      const pick = document.createElement('input');
      pick.type = 'checkbox';
      pick.checked = table.picked.includes(r.run);
      pick.setAttribute('aria-label', `pick run ${r.run} for versus`);
      pick.addEventListener('change', () => {
        table.picked = table.picked.filter((run) => run !== r.run);
        if (pick.checked) table.picked = [...table.picked, r.run].slice(-2);
        showTable();
      });
      const label = document.createElement('label');
      label.append(pick, ' versus');
      links.append(label);
      tr.append(links);
      return tr;
    }),
  );
  $('no-recent').hidden = table.runs.length > 0;
  $('run-table').hidden = shown.total === 0;
  setText(
    'run-count',
    table.query.trim() === ''
      ? `${shown.total} runs`
      : `${shown.total} of ${table.runs.length} runs match`,
  );
  setText('page-at', `page ${shown.page} of ${shown.pages}`);
  const versus = versusUrl(...table.picked, '');
  $('versus-picked').hidden = versus === null;
  if (versus !== null) {
    $('versus-picked').href = versus;
    $('versus-picked').textContent = `run ${table.picked[0]} versus run ${table.picked[1]}`;
  }
  $('page-back').disabled = shown.page <= 1;
  $('page-forward').disabled = shown.page >= shown.pages;
}
