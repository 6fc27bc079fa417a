// Small DOM helpers the pages share. Text always goes in as text, never as
// HTML: names come from players.
import { PlayClock } from './run_clock.mjs';

export const $ = (id) => document.getElementById(id);

/** The bot's log lines ([{at, text}]) in list (an <ol>), each with its move;
 * the list's section (its parent) hidden while there is none. The bot's
 * text goes in as text, never as markup. */
export function showLog(list, lines) {
  list.parentElement.hidden = lines.length === 0;
  list.replaceChildren(
    ...lines.map(({ at, text }) => {
      const item = document.createElement('li');
      const move = document.createElement('span');
      move.className = 'at';
      move.textContent = `move ${at}`;
      item.append(move, ` ${text}`);
      return item;
    }),
  );
  list.scrollTop = list.scrollHeight;
}

export function setText(id, value) {
  const node = $(id);
  if (node) node.textContent = String(value);
}

export function cell(text, className = '') {
  const td = document.createElement('td');
  td.textContent = String(text);
  if (className) td.className = className;
  return td;
}

export function link(text, href) {
  const td = document.createElement('td');
  const a = document.createElement('a');
  a.textContent = text;
  a.href = href;
  td.append(a);
  return td;
}

export function showError(error) {
  const node = $('error');
  node.hidden = false;
  node.textContent = error instanceof Error ? error.message : String(error);
}

export function wsUrl(path) {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}

export async function getJson(url) {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${(await response.text()).trim()}`);
  return response.json();
}

/** The move an address asks for: PAGE?...#move=N (0 without one). */
export function moveInAddress() {
  const match = /^#move=(\d+)$/.exec(location.hash);
  return match ? Number(match[1]) : 0;
}

// At most a few times a second: browsers limit how often a page rewrites it.
let addressTimer = null;
/** Keeps the move shown in the address (at() says it), so a moment can be shared. */
export function keepMoveInAddress(at) {
  clearTimeout(addressTimer);
  addressTimer = setTimeout(() => {
    const move = at();
    if (move !== null) {
      history.replaceState(null, '', `${location.pathname}${location.search}#move=${move}`);
    }
  }, 250);
}

/** The player's keys of the replay pages: space plays and pauses, the arrows
 * step back and forth (step(-1), step(1)); not while the visitor types in a
 * field, nor before ready(). */
export function bindPlayerKeys({ ready, toggle, step }) {
  document.addEventListener('keydown', (e) => {
    const typing =
      e.target instanceof HTMLInputElement &&
      !['range', 'checkbox', 'button'].includes(e.target.type);
    if (!ready() || typing) return;
    const action = { ' ': toggle, ArrowLeft: () => step(-1), ArrowRight: () => step(1) }[e.key];
    if (action) {
      e.preventDefault();
      action();
    }
  });
}

/** Plays a replay page's moves a frame at a time, at the speed its #speed
 * list says, its #play button saying what a click does. target: { ready, at,
 * length, seek(k) }, the replay shown; paused, the address keeps its move. */
export class Playback {
  constructor(target) {
    this.target = target;
    this.playing = false;
    this.clock = new PlayClock();
  }

  toggle() {
    this.set(!this.playing);
  }

  set(on) {
    const t = this.target;
    this.playing = on && t.ready;
    $('play').textContent = this.playing ? 'pause' : 'play';
    if (!this.playing && t.ready) keepMoveInAddress(() => (t.ready ? t.at : null));
    if (this.playing) {
      if (t.at >= t.length) t.seek(0);
      this.clock.start(performance.now());
      requestAnimationFrame((now) => this.tick(now));
    }
  }

  tick(now) {
    if (!this.playing) return;
    const t = this.target;
    const moves = this.clock.moves(now, Number($('speed').value));
    if (moves > 0) t.seek(t.at + moves);
    if (t.at >= t.length) return this.set(false);
    requestAnimationFrame((next) => this.tick(next));
  }
}

/** The address of two runs side by side, or null unless both are run numbers. */
export function versusUrl(a, b) {
  const run = (value) => /^\d+$/.test(String(value).trim());
  return run(a) && run(b) ? `/versus?a=${String(a).trim()}&b=${String(b).trim()}` : null;
}

/** A form that opens /versus: the pages forbid form submissions (their
 * Content-Security-Policy says form-action 'none'), so it navigates itself. */
export function onVersusForm(form, runs) {
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const url = versusUrl(...runs());
    if (url) location.href = url;
  });
}
