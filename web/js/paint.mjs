// A bot's paint as a page shows it, free of the DOM: the marks on its cells
// (a colour of the palette and/or a short text) after its paints so far.
// The live view folds the spectator stream's paint messages; a replay folds
// the paints made up to the move shown.

// Solid colours: a mark is a diamond on its cell, never a floor colour that
// the heat's full-cell ramp could be taken for.
export const PALETTE = {
  red: 'rgb(220, 53, 69)',
  orange: 'rgb(253, 126, 20)',
  yellow: 'rgb(255, 205, 57)',
  green: 'rgb(40, 167, 69)',
  teal: 'rgb(32, 201, 151)',
  blue: 'rgb(13, 110, 253)',
  purple: 'rgb(111, 66, 193)',
  grey: 'rgb(108, 117, 125)',
};

/** How a mark is drawn in a cell of `size` pixels whose walls take `wall`:
 * a diamond of its colour (`radius` from its centre to a corner is
 * radius * 1.25), outlined once there is room, and its text where it can be
 * read, sized and squeezed to stay inside the cell. */
export function markShape(size, wall) {
  const inner = Math.max(0, size - wall);
  return {
    radius: Math.max(1, inner * 0.3),
    outline: inner >= 8 ? 1 : 0,
    fontPx: Math.max(7, Math.floor(inner * 0.42)),
    text: inner >= 11,
    textWidth: Math.max(1, inner - 2),
  };
}

/** The most characters of a log line the pages show (the server takes 120). */
export const LOG_TEXT = 120;

/** Reads a list of paints ({at, clear, cells}, and log, a line of the bot's
 * log) as a replay or the stream carries them; throws on a malformed one. */
export function readPaints(list, width, height) {
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw new Error('"paint" must be a list');
  return list.map((event) => {
    const at = Number(event?.at ?? 0);
    if (!Number.isInteger(at) || at < 0) throw new Error('a paint\'s "at" must be a whole number');
    if (!Array.isArray(event.cells)) throw new Error('a paint\'s "cells" must be a list');
    const cells = event.cells.map((c) => {
      if (!Number.isInteger(c?.x) || !Number.isInteger(c?.y)) {
        throw new Error('a painted cell needs whole x and y');
      }
      if (c.x < 0 || c.y < 0 || c.x >= width || c.y >= height) {
        throw new Error('a painted cell is outside the maze');
      }
      const colour = typeof c.colour === 'string' && c.colour in PALETTE ? c.colour : '';
      const text = typeof c.text === 'string' ? c.text.slice(0, 8) : '';
      return { x: c.x, y: c.y, colour, text };
    });
    const log = typeof event.log === 'string' ? event.log.slice(0, LOG_TEXT) : '';
    return { at, clear: event.clear === true, cells, log };
  });
}

/** The last `count` lines of a bot's log ([{at, text}]), oldest first. */
export function lastLines(lines, count) {
  return lines.slice(Math.max(0, lines.length - count));
}

export class Paint {
  constructor(width) {
    this.width = width;
    this.marks = new Map(); // cell index -> {colour, text}
    this.lines = []; // the bot's log: {at, text}, in order
  }

  apply(event) {
    if (event.log) this.lines.push({ at: event.at, text: event.log });
    if (event.clear) this.marks.clear();
    for (const c of event.cells) {
      const i = c.y * this.width + c.x;
      if (!c.colour && !c.text) this.marks.delete(i);
      else this.marks.set(i, { colour: c.colour, text: c.text });
    }
  }

  /** The paint after the paints made within the first `moves` moves. */
  static upTo(events, moves, width) {
    const paint = new Paint(width);
    for (const e of events) {
      if (e.at > moves) break;
      paint.apply(e);
    }
    return paint;
  }
}
