// The live view of one run: /watch/{run}.
import { SpectatorStream } from './stream.mjs';
import { LiveView } from './live_view.mjs';
import { heatGradient } from './heat_scale.mjs';
import { $, setText, showError, wsUrl } from './page.mjs';

const run = location.pathname.split('/').filter(Boolean).pop();
$('heat-bar').style.background = heatGradient();
$('show-paint').addEventListener('change', (event) => {
  live.showPaint = event.target.checked;
  live.schedule();
});

function showStatus(status) {
  setText('status', status);
  $('status').className =
    `badge ${status === 'active' ? 'live' : status === 'found' ? 'found' : 'bad'}`;
}

const live = new LiveView($('maze'), {
  onStart(view) {
    document.title = `Ariadne: run ${view.run}`;
    setText(
      'title',
      `run ${view.run}: ${view.player}${view.bot ? ` (${view.bot})` : ''} on ${view.maze} ${view.width}x${view.height}${view.ranked ? ' (ranked)' : ''}`,
    );
    showStatus(view.status);
  },
  onEnd(view, result, replayUrl) {
    showStatus(result.status);
    // The result below says the score: no "so far" any more.
    for (const node of document.querySelectorAll('.so-far')) node.hidden = true;
    $('result').hidden = false;
    setText('result-status', result.status === 'found' ? 'found every treasure' : result.status);
    setText('result-score', result.score);
    setText('result-optimal', result.optimal);
    setText('result-efficiency', result.efficiency.toFixed(3));
    if (replayUrl) {
      setText('result-note', 'the full maze, the treasures and the shortest paths are shown');
      $('replay-link').hidden = false;
      $('replay-link').href = `/replay?url=${encodeURIComponent(replayUrl)}`;
    } else if (view.ranked) {
      setText('result-note', 'a ranked run: its maze is shown once the competition has closed');
    } else {
      setText('result-note', 'this run made more moves than the server keeps: it has no replay');
    }
  },
});

// The server says at once whether the run can be watched (no such run, or a
// ranked one before the close): the stream would only retry.
async function watch() {
  const probe = await fetch(`/api/runs/${run}`, { cache: 'no-store' });
  if (!probe.ok) {
    setText('title', `run ${run}: not watched`);
    setText('refused-why', (await probe.text()).trim());
    $('view').hidden = true;
    $('refused').hidden = false;
    return;
  }
  const item = await probe.json();
  if (item.replay) {
    // Ended before the server last started: nothing to stream, but its replay.
    window.location.replace(`/replay?url=${encodeURIComponent(item.replay)}`);
    return;
  }
  const started = Date.parse(item.started_at);
  if (!Number.isNaN(started)) live.setStartedAt(started);
  new SpectatorStream({
    url: wsUrl(`/spectate/${run}`),
    connect: (url) => new WebSocket(url),
    onMessage: (message) => {
      try {
        live.apply(message);
      } catch (error) {
        console.warn(error);
        showError(error);
      }
    },
    onStatus: (status) => setText('connection', status),
  }).start();
}

if (!/^\d+$/.test(run ?? '')) {
  showError('no run here: the address is /watch/ and a run number');
} else {
  watch().catch((error) => showError(error));
}
