// The replays of a server as a table to search, sort and page through (the
// /replay page), free of the DOM: which runs a query matches, in which order,
// and which of them one page shows.
import { timeText } from './board.mjs';

/** The table's columns: the key a row is sorted by, its heading, and
 * whether it holds numbers (right-aligned, largest first when chosen). */
export const RUN_COLUMNS = Object.freeze([
  { key: 'run', title: 'run', numeric: true },
  { key: 'player', title: 'player', numeric: false },
  { key: 'bot', title: 'bot', numeric: false },
  { key: 'maze', title: 'maze', numeric: false },
  { key: 'size', title: 'size', numeric: true },
  { key: 'steps', title: 'steps', numeric: true },
  { key: 'efficiency', title: 'efficiency', numeric: true },
  { key: 'status', title: 'status', numeric: false },
  { key: 'started_at', title: 'started', numeric: false },
]);

export const RUNS_PER_PAGE = 25;

/** A run's value in a column, as it sorts: cells for the size; null for
 * what it does not have (sorted last either way). */
export function columnValue(run, key) {
  if (key === 'size') return run.width * run.height;
  const value = run[key];
  return value === undefined || value === null || value === '' ? null : value;
}

/** True when every word of the query is in the run's player, bot, maze,
 * status or number (case aside). */
export function runMatchesQuery(run, query) {
  const words = String(query).toLowerCase().split(/\s+/).filter(Boolean);
  const text = [run.run, run.player, run.bot ?? '', run.maze, run.status].join('\n').toLowerCase();
  return words.every((w) => text.includes(w));
}

/**
 * One page of the finished runs that match `query`, sorted by `sort` (a
 * column's key; descending by default for numbers and times), with `page`
 * kept within the pages there are. Returns { rows, page, pages, total }.
 */
export function runTablePage(runs, { query = '', sort = 'run', descending = true, page = 1 } = {}) {
  const matching = runs.filter((r) => r.status !== 'active' && runMatchesQuery(r, query));
  const order = descending ? -1 : 1;
  const sorted = matching
    .map((run, i) => ({ run, i }))
    .sort((a, b) => {
      const x = columnValue(a.run, sort);
      const y = columnValue(b.run, sort);
      if (x === null || y === null) return x === y ? a.i - b.i : x === null ? 1 : -1;
      if (x < y) return -order;
      if (x > y) return order;
      return a.i - b.i;
    })
    .map((entry) => entry.run);
  const pages = Math.max(1, Math.ceil(sorted.length / RUNS_PER_PAGE));
  const shown = Math.min(Math.max(1, Math.floor(Number(page)) || 1), pages);
  const from = (shown - 1) * RUNS_PER_PAGE;
  return {
    rows: sorted.slice(from, from + RUNS_PER_PAGE),
    page: shown,
    pages,
    total: sorted.length,
  };
}

/** What a cell of the table says: the efficiency to three places, the size
 * as WxH, the start in the viewer's time zone, a dash for what is not known
 * (a ranked run before the close). */
export function columnText(run, key, timeZone = undefined) {
  if (key === 'size') return `${run.width}x${run.height}`;
  const value = columnValue(run, key);
  if (value === null) return '–';
  if (key === 'efficiency') return Number(value).toFixed(3);
  if (key === 'started_at') return timeText(value, { timeZone, zone: false });
  return String(value);
}
