// The leaderboard's cells, free of the DOM: what a challenge's cell says,
// and once ranked replays are published, the replays behind its mark.

/** A mark and its attempts used, as a cell shows them. */
export function markText(mark) {
  if (!mark) return '';
  const attempts = mark.attempts === 1 ? '1 attempt' : `${mark.attempts} attempts`;
  return `${Number(mark.mark.toFixed(3))} (${attempts})`;
}

/**
 * The replays of a cell's attempts, grouped by attempt: [{ attempt, links:
 * [{ text, href, title }] }], each link numbered by its maze in the attempt's
 * set of `mazes` (the mazes played come first, in order), its title saying
 * which.
 * Empty before the close (the leaderboard then carries no `replays`).
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
