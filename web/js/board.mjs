// The competition's cells and sentences, free of the DOM: what the home
// page's leaderboard and challenge list say, and once ranked replays are
// published, the replays behind each mark.

/** A mark and its attempts used, as a cell shows them: on the totals'
 * scale (100 times the mark) and to their precision, so that a row's
 * total reads as the weighted mean of its marks. */
export function markText(mark) {
  if (!mark) return '';
  if (mark.attempts === 0) return '-';
  const attempts = mark.attempts === 1 ? '1 attempt' : `${mark.attempts} attempts`;
  return `${(100 * mark.mark).toFixed(1)} (${attempts})`;
}

/** A total, with its standard error when it has one: "41.3 ± 2.1". */
export function totalText(row) {
  const total = Number(row.total).toFixed(1);
  return typeof row.total_error === 'number'
    ? `${total} \u00b1 ${row.total_error.toFixed(1)}`
    : total;
}

/** A row's rank: "-" before it played anything, "3?" when not decided. */
export function rankText(row) {
  const played = Object.values(row.challenges ?? {}).some((c) => c.attempts > 0);
  if (!played) return '-';
  return row.decided === false ? `${row.rank}?` : String(row.rank);
}

/** An RFC 3339 time as people read it, in the viewer's time zone (or
 * `timeZone`): "2026-12-01 19:05 CET", the zone left out with `zone: false`
 * (a table's column of times). Swedish dates are in ISO's order. */
export function timeText(iso, { timeZone = undefined, zone = true } = {}) {
  if (!iso) return '';
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return String(iso);
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    ...(zone ? { timeZoneName: 'short' } : {}),
  }).format(when);
}

/** How long until (or since) a moment, to its two largest units: "2 d 5 h", "3 min 20 s". */
export function spanText(ms) {
  let s = Math.max(0, Math.round(ms / 1000));
  const units = [
    ['d', 86400],
    ['h', 3600],
    ['min', 60],
    ['s', 1],
  ];
  const parts = [];
  for (const [name, size] of units) {
    if (s >= size || (parts.length > 0 && parts.length < 2)) {
      parts.push(`${Math.floor(s / size)} ${name}`);
      s %= size;
    }
    if (parts.length === 2) break;
  }
  return parts.length > 0 ? parts.join(' ') : '0 s';
}

/**
 * Where the competition stands, in one sentence, at `now` (ms since the
 * epoch): "opens in 2 h 5 min (2026-12-02 10:00 UTC)", "open: closes in
 * 3 d 4 h (...)", "open, with no closing time", "closed at ...".
 */
export function stateText(competition, now) {
  const opens = competition.opens_at ? Date.parse(competition.opens_at) : null;
  const closes = competition.closes_at ? Date.parse(competition.closes_at) : null;
  if (opens !== null && now < opens) {
    return `not open yet: opens in ${spanText(opens - now)} (${timeText(competition.opens_at)})`;
  }
  if (closes !== null && now >= closes) return `closed at ${timeText(competition.closes_at)}`;
  if (closes === null) return 'open, with no closing time';
  return `open: closes in ${spanText(closes - now)} (${timeText(competition.closes_at)})`;
}

/** A challenge's maze: its parameters once revealed, else why they are not shown. */
export function mazeText(challenge) {
  const maze = challenge.maze;
  if (!maze) return `${challenge.width}x${challenge.height}, hidden until the close`;
  if (maze.name) return maze.name;
  const loops = maze.loops ? `, loops ${maze.loops}` : '';
  return `${maze.generator} ${maze.width}x${maze.height}${loops}`;
}

/** A challenge's attempts, as "5 sets of 10 mazes" where each attempt is a set. */
export function attemptsText(challenge) {
  const attempts = challenge.attempts ?? 1;
  const mazes = challenge.mazes ?? 1;
  if (mazes === 1) return String(attempts);
  return `${attempts} ${attempts === 1 ? 'set' : 'sets'} of ${mazes} mazes`;
}

/**
 * How a would-be competitor joins, from the page's own address (`origin`,
 * like "https://cup.example.org") and /api/competition: the drone URL, one
 * command a kit with a token placeholder (the bundled bots play every
 * challenge; each kit's example names the first), and the rules of marks in
 * a sentence. Commands run from a clone of the repository, after a build.
 */
export function joinText(competition, origin) {
  const url = `${origin.replace(/^http/, 'ws')}/ws`;
  const first = competition.challenges?.[0]?.id ?? 'CHALLENGE';
  const ranked = `--url ${url} --token YOUR_TOKEN`;
  const commands = [
    `build/ci/clients/runner/ariadne-bot ${ranked} --challenge all --bot frontier`,
    `python3 clients/python/ariadne_client.py ${ranked} --challenge ${first}`,
    `node clients/js/examples/dfs-bot.mjs ${ranked} --challenge ${first}`,
    `build/ci/clients/bridge/ariadne-pipe ${ranked} --challenge ${first} -- ./your_bot`,
  ];
  const marks = new Set((competition.challenges ?? []).map((c) => c.mark ?? 'sum_ratio'));
  const mark = marks.has('reference_sum')
    ? "a challenge's mark is the shortest ways to the treasures you found over the moves you spent (sum_ratio), or the reference bot's moves on your very mazes over yours (reference_sum)"
    : "a challenge's mark is the length of the shortest ways to the treasures you found over the moves you spent";
  const every = (competition.challenges ?? []).every((c) => (c.keep ?? 'all') === 'all');
  const counted = every ? ' (every attempt allowed counts: one not played, as not found)' : '';
  const rules = `Every step and bump counts, walking back included: ${mark}${counted}; marks are shown times 100, and your total is their weighted mean, higher is better.`;
  return { url, commands, rules };
}

/**
 * The replays of a cell's attempts, grouped by attempt: [{ attempt, links:
 * [{ text, href, title }] }], each link numbered by its maze in the attempt's
 * set of `mazes` (the mazes played come first, in order), its title saying
 * which. Empty before the close (the leaderboard then carries no `replays`).
 */
export function replayGroups(mark, mazes = 1) {
  return (mark?.replays ?? []).map(({ attempt, runs }) => ({
    attempt,
    links: runs.map((run, i) => ({
      text: mazes === 1 ? `run ${run}` : String(i + 1),
      href: `/replay?url=/api/replays/${run}`,
      title: `attempt ${attempt}, maze ${i + 1} of ${mazes}: run ${run}`,
    })),
  }));
}

/** True when a run's player or bot holds the filter's text (case aside). */
export function runMatches(run, filter) {
  const wanted = filter.trim().toLowerCase();
  if (wanted === '') return true;
  return `${run.player}\n${run.bot ?? ''}`.toLowerCase().includes(wanted);
}
