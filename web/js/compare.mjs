// Your bot against the bundled bots over several seeds, free of the DOM:
// what the playground's table and chart show.

export const YOURS = 'your bot';

export class Comparison {
  constructor(seeds) {
    this.seeds = seeds;
    this.results = new Map([[YOURS, new Map()]]); // bot -> seed -> result
  }

  add(bot, seed, result) {
    if (!this.results.has(bot)) this.results.set(bot, new Map());
    this.results.get(bot).set(seed, result);
  }

  /** The table: a row a bot (yours first), a score a seed ('' while not
   * played), and the mean efficiency of the seeds played. */
  rows() {
    return [...this.results].map(([bot, bySeed]) => {
      const played = [...bySeed.values()];
      const mean =
        played.length === 0
          ? ''
          : (played.reduce((sum, r) => sum + Number(r.efficiency), 0) / played.length).toFixed(3);
      return {
        bot,
        mine: bot === YOURS,
        cells: this.seeds.map((seed) => (bySeed.has(seed) ? String(bySeed.get(seed).score) : '')),
        mean,
      };
    });
  }

  /** The chart: each bot's efficiency on each seed it played, as [seed's
   * index, efficiency] points. */
  series() {
    return [...this.results].map(([bot, bySeed]) => ({
      bot,
      mine: bot === YOURS,
      points: this.seeds
        .map((seed, i) => (bySeed.has(seed) ? [i, Number(bySeed.get(seed).efficiency)] : null))
        .filter((p) => p !== null),
    }));
  }
}
