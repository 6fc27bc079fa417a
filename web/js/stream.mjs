// The spectator stream of one run (WebSocket /spectate/{run}) as a page sees
// it: every message once, in order, across dropped connections. It remembers
// the last seq it passed on, reconnects by itself with ?from=SEQ&boot=BOOT
// (the snapshot's boot: a server restarted since, whose run of that number is
// another, refuses it), and drops anything at or before that seq. No DOM: connect is given, so Node tests it.

export class SpectatorStream {
  // url: ws://host/spectate/{run}. connect(url) returns a WebSocket-like
  // object (onmessage, onclose, close()). onMessage(msg) gets each message once;
  // onStatus(text) hears 'live', 'reconnecting', 'ended' or 'failed: why'.
  constructor({
    url,
    connect,
    onMessage,
    onStatus = () => {},
    delays = [250, 500, 1000, 2000, 4000],
    timer = (fn, ms) => setTimeout(fn, ms),
  }) {
    this.url = url;
    this.connect = connect;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.delays = delays;
    this.timer = timer;
    this.seq = 0;
    this.boot = null;
    this.attempt = 0; // reconnections in a row that never opened
    this.ended = false;
    this.stopped = false;
    this.socket = null;
  }

  start() {
    this.open();
    return this;
  }

  stop() {
    this.stopped = true;
    this.socket?.close();
  }

  open() {
    const boot = this.boot === null ? '' : `&boot=${this.boot}`;
    const url = this.seq > 0 ? `${this.url}?from=${this.seq}${boot}` : this.url;
    const socket = this.connect(url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.onStatus('live');
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => {};
    socket.onclose = (event) => this.closed(socket, event);
  }

  receive(data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    // A bot's paints carry no seq: folding them again changes nothing.
    if (message.type === 'paint') {
      if (!this.ended && this.seq !== 0) this.onMessage(message);
      return;
    }
    if (typeof message.seq !== 'number') return;
    // A snapshot starts the stream; afterwards only what is newer counts. The
    // end may carry the last steps' seq (a move that ended the run), and
    // comes once.
    if (this.ended) return;
    if (message.type === 'snapshot' && this.seq !== 0) return;
    if (message.type === 'steps' && message.seq <= this.seq) return;
    if (message.type === 'end' && message.seq < this.seq) return;
    this.seq = message.seq;
    if (message.type === 'snapshot' && typeof message.boot === 'string') this.boot = message.boot;
    if (message.type === 'end') {
      this.ended = true;
      this.onStatus('ended');
    }
    this.onMessage(message);
  }

  closed(socket, event) {
    if (socket !== this.socket || this.stopped || this.ended) return;
    if (event?.code === 1008 || event?.code === 1011) {
      this.onStatus(`failed: ${event.reason || 'the server refused this stream'}`);
      return;
    }
    // A run the server no longer has is refused before the upgrade: the
    // browser sees only a failed connection. Give up after a few in a row.
    if (this.attempt >= 8) {
      this.onStatus('failed: the server does not have this run any more');
      return;
    }
    const delay = this.delays[Math.min(this.attempt, this.delays.length - 1)];
    this.attempt++;
    this.onStatus('reconnecting');
    this.timer(() => {
      if (!this.stopped) this.open();
    }, delay);
  }
}
