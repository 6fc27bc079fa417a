// How long a run has been in play and how fast it moves, as the live view
// shows them, free of the DOM: the rate is over the last few seconds. And the
// clock that plays a replay at a speed, a frame at a time.

const WINDOW_MS = 3000;

/** "0:07", "12:34", "1:02:03". */
export function clockText(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const two = (n) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

export class RunClock {
  // startedAt: when the run started (ms since 1970), if known.
  constructor(startedAt = null) {
    this.startedAt = startedAt;
    this.endedAt = null;
    this.lasted = null; // the run's duration (ms) as the server measured it
    this.samples = []; // [time, moves]
  }

  sample(now, moves) {
    if (this.startedAt === null) this.startedAt = now;
    this.samples.push([now, moves]);
    while (this.samples.length > 2 && now - this.samples[1][0] > WINDOW_MS) this.samples.shift();
  }

  /** The run ended (or this page stopped watching) at `now`; `lastedMs`, the
   * server's measure of the run from start to end, wins over the page's
   * clocks: a page that loads after the end saw neither. */
  end(now, lastedMs = null) {
    if (this.endedAt === null) this.endedAt = now;
    if (Number.isFinite(lastedMs) && lastedMs >= 0) this.lasted = lastedMs;
  }

  elapsedText(now) {
    if (this.lasted !== null) return clockText(this.lasted);
    return this.startedAt === null ? '' : clockText((this.endedAt ?? now) - this.startedAt);
  }

  /** Moves a second over the window; "-" once ended or before two samples. */
  rateText(now) {
    if (this.endedAt !== null || this.samples.length < 2) return '-';
    const [t0, m0] = this.samples[0];
    const span = Math.max(now, this.samples.at(-1)[0]) - t0;
    if (span <= 0) return '-';
    const rate = ((this.samples.at(-1)[1] - m0) * 1000) / span;
    return rate >= 10 ? String(Math.round(rate)) : rate.toFixed(1);
  }
}

/** How many moves a replay played at a speed owes each frame: MOVES_PER_SECOND
 * at 1x, the fractions kept for the next frame. */
export class PlayClock {
  static MOVES_PER_SECOND = 20;

  constructor() {
    this.start(0);
  }

  /** Playing from `now` (ms), nothing owed. */
  start(now) {
    this.last = now;
    this.credit = 0; // moves owed to the clock
  }

  /** The whole moves owed at `now` (ms) since the last call, at `speed` (1 is 1x). */
  moves(now, speed) {
    this.credit += ((now - this.last) / 1000) * PlayClock.MOVES_PER_SECOND * speed;
    this.last = now;
    // A hair over: (a + 100) - a may come out as 99.99999999 in doubles.
    const moves = Math.floor(this.credit + 1e-9);
    this.credit -= moves;
    return moves;
  }
}
