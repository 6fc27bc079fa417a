// What the replay's scrub bar marks, free of the DOM: the moves that bumped,
// that found a treasure and after which the bot painted, placed along the
// bar in as many slots as it has room for (a slot holds its strongest kind:
// a find over a paint over a bump), so a run of a million moves draws at
// most `slots` marks.
import { ReplayGame } from './replay.mjs';

const RANK = { bump: 1, paint: 2, find: 3 };

/** The moves of a decoded replay at which it bumped or found a treasure
 * (the move's number, 1 for the first), and those after which it painted. */
export function replayMoments(replay) {
  const game = new ReplayGame(replay);
  const bumps = [];
  const finds = [];
  while (game.forward()) {
    if (game.lastBump) bumps.push(game.at);
    else if (game.found > finds.length) finds.push(game.at);
  }
  const paints = [...new Set(replay.paint.map((p) => p.at))];
  return { bumps, finds, paints };
}

/** The marks of a bar of `slots` slots over `moves` moves: [{slot, kind}],
 * one per slot that holds a moment, kind "find", "paint" or "bump". */
export function scrubMarks(moments, moves, slots) {
  const best = new Map();
  const place = (at, kind) => {
    if (moves <= 0 || slots <= 0) return;
    const slot = Math.min(slots - 1, Math.floor((Math.min(at, moves) / moves) * slots));
    if ((RANK[best.get(slot)] ?? 0) < RANK[kind]) best.set(slot, kind);
  };
  for (const at of moments.bumps) place(at, 'bump');
  for (const at of moments.paints) place(at, 'paint');
  for (const at of moments.finds) place(at, 'find');
  return [...best].sort((a, b) => a[0] - b[0]).map(([slot, kind]) => ({ slot, kind }));
}
