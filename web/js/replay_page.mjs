// The replay viewer's page: /replay?url=... or a local file, shown by one
// ReplayViewer (replay_viewer.mjs) that this module wires the page's events to;
// with no replay asked for, the finished runs of this server to choose from.
import { ownReplayUrl } from './replay.mjs';
import { ReplayViewer } from './replay_viewer.mjs';
import { $, showError, getJson, moveInAddress, bindPlayerKeys, onVersusForm } from './page.mjs';

const viewer = new ReplayViewer();

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
