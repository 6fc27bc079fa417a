// Draws an exploration curve (curve.mjs) in an <svg>: the axes' top values,
// the curve, and a marker at the moment shown.
import { curvePath } from './curve.mjs';

const NS = 'http://www.w3.org/2000/svg';
const WIDTH = 300;
const HEIGHT = 120;

function element(name, attributes) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}

/** Fills svg with the curve's points on axes up to maxX steps and maxY
 * cells; marker: [steps, seen] to point at, or null; second: another run's
 * { points, marker } on the same axes, in the second colour. */
export function drawCurve(svg, points, { maxX, maxY, marker = null, second = null }) {
  svg.setAttribute('viewBox', `-36 -8 ${WIDTH + 44} ${HEIGHT + 28}`);
  const box = { width: WIDTH, height: HEIGHT, maxX, maxY };
  const text = (x, y, value, anchor) => {
    const node = element('text', { x, y, 'text-anchor': anchor, class: 'axis' });
    node.textContent = value;
    return node;
  };
  const children = [
    element('path', { d: `M0,0V${HEIGHT}H${WIDTH}`, class: 'frame' }),
    element('path', { d: curvePath(points, box), class: 'curve' }),
    text(-4, 8, String(maxY), 'end'),
    text(-4, HEIGHT, '0', 'end'),
    text(WIDTH, HEIGHT + 16, `${maxX} steps`, 'end'),
    text(-4, HEIGHT / 2 + 4, 'cells', 'end'),
  ];
  const point = (at, className) => {
    const [x, y] = [
      (at[0] * WIDTH) / Math.max(1, maxX),
      HEIGHT - (at[1] * HEIGHT) / Math.max(1, maxY),
    ];
    children.push(
      element('circle', { cx: x.toFixed(1), cy: y.toFixed(1), r: 3.5, class: className }),
    );
  };
  if (second) {
    children.splice(
      2,
      0,
      element('path', { d: curvePath(second.points, box), class: 'curve second' }),
    );
    if (second.marker) point(second.marker, 'marker second');
  }
  if (marker) point(marker, 'marker');
  svg.replaceChildren(...children);
}

/** Fills svg with one line a bot: efficiency (0 to 1) on each seed; yours
 * drawn over the others, each line named at its end. */
export function drawSeries(svg, series, seeds) {
  svg.setAttribute('viewBox', `-36 -8 ${WIDTH + 140} ${HEIGHT + 28}`);
  const x = (i) => (seeds.length < 2 ? WIDTH / 2 : (i * WIDTH) / (seeds.length - 1));
  const y = (e) => HEIGHT - e * HEIGHT;
  const children = [element('path', { d: `M0,0V${HEIGHT}H${WIDTH}`, class: 'frame' })];
  const label = (px, py, value, anchor, className = 'axis') => {
    const node = element('text', { x: px, y: py, 'text-anchor': anchor, class: className });
    node.textContent = value;
    return node;
  };
  children.push(label(-4, 8, '1', 'end'), label(-4, HEIGHT, '0', 'end'));
  children.push(label(-4, HEIGHT / 2 + 4, 'eff.', 'end'));
  const every = tickEvery(
    seeds.length < 2 ? Infinity : WIDTH / (seeds.length - 1),
    Math.max(0, ...seeds.map((seed) => String(seed).length)),
  );
  seeds.forEach((seed, i) => {
    if (i % every === 0) children.push(label(x(i), HEIGHT + 16, String(seed), 'middle'));
  });
  const ordered = [...series.filter((s) => !s.mine), ...series.filter((s) => s.mine)];
  const drawn = ordered.filter((s) => s.points.length > 0);
  const names = spreadLabels(
    drawn.map((s) => y(s.points.at(-1)[1])),
    LABEL_GAP,
    HEIGHT,
  );
  for (const s of ordered) {
    if (s.points.length === 0) continue;
    const d = s.points.map(
      ([i, e], k) => `${k === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(e).toFixed(1)}`,
    );
    children.push(element('path', { d: d.join(''), class: s.mine ? 'curve' : 'curve other' }));
    for (const [i, e] of s.points) {
      children.push(
        element('circle', {
          cx: x(i).toFixed(1),
          cy: y(e).toFixed(1),
          r: s.mine ? 3 : 2,
          class: s.mine ? 'marker' : 'dot',
        }),
      );
    }
    const li = s.points.at(-1)[0];
    const ly = names[drawn.indexOf(s)];
    children.push(label(x(li) + 6, ly + 4, s.bot, 'start', s.mine ? 'axis mine' : 'axis'));
  }
  svg.replaceChildren(...children);
}

// The charts' text is 11 units high (its box, descenders and all, about
// 13); a digit about 6.6 wide.
const LABEL_GAP = 14;
const DIGIT_WIDTH = 6.6;

/** Heights for labels wanted at ys (any order), returned in that order: at
 * least gap apart, each as near its own as that allows, none below floor.
 * From the top down each goes at least gap below the one above it; then
 * from the bottom up none goes below the floor or too near the one under it. */
export function spreadLabels(ys, gap, floor) {
  const out = [...ys];
  const order = ys.map((_, i) => i).sort((a, b) => ys[a] - ys[b]);
  for (let k = 1; k < order.length; k++) {
    const above = out[order[k - 1]];
    if (out[order[k]] < above + gap) out[order[k]] = above + gap;
  }
  for (let k = order.length - 1; k >= 0; k--) {
    const lowest = k === order.length - 1 ? floor : out[order[k + 1]] - gap;
    if (out[order[k]] > lowest) out[order[k]] = lowest;
  }
  return out;
}

/** Which ticks to name along an axis (every k-th, k returned) so that names
 * of at most `digits` characters, spacing apart, never touch. */
export function tickEvery(spacing, digits) {
  const wide = digits * DIGIT_WIDTH + 6;
  return spacing >= wide ? 1 : Math.ceil(wide / spacing);
}

/** The least of 1, 2 or 5 times a power of ten at or above value (at least 1). */
export function niceTop(value) {
  let power = 1;
  while (power * 10 <= value) power *= 10;
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** The leaderboard over time (/api/leaderboard/history) as lines on a box
 * width x height, free of the DOM: x from the first moment to the last, y
 * from 0 to a round number at or above the highest total; each leader's path,
 * and where its name goes: beside its end, moved apart from the others'
 * names so that none covers another. */
export function historyLines(history, { width, height, labelGap = LABEL_GAP }) {
  const times = history.times ?? [];
  const leaders = history.leaders ?? [];
  if (times.length === 0) return { lines: [], top: 1 };
  const top = niceTop(Math.max(1, ...leaders.flatMap((l) => l.totals)));
  const span = times.at(-1) - times[0];
  const x = (i) => (span === 0 ? width : ((times[i] - times[0]) * width) / span);
  const y = (total) => height - (total * height) / top;
  const lines = leaders.map((leader) => {
    const points = leader.totals.map((t, i) => [x(i), y(t)]);
    return {
      name: leader.competitor,
      d: points
        .map(([px, py], i) => `${i === 0 ? 'M' : 'L'}${px.toFixed(1)},${py.toFixed(1)}`)
        .join(''),
      end: points.at(-1),
      label: [...points.at(-1)],
    };
  });
  const heights = spreadLabels(
    lines.map((l) => l.end[1]),
    labelGap,
    height,
  );
  lines.forEach((l, i) => {
    l.label[1] = heights[i];
  });
  return { lines, top };
}

/** A moment of the plot's axis in the viewer's time zone (or `timeZone`):
 * the date only when the plot spans days, the seconds when it spans
 * minutes, the milliseconds within seconds. */
export function momentText(ms, spanMs, timeZone = undefined) {
  const options = { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  if (spanMs >= 86400000) {
    Object.assign(options, { year: 'numeric', month: '2-digit', day: '2-digit' });
  } else if (spanMs < 600000) options.second = '2-digit';
  if (spanMs < 10000) options.fractionalSecondDigits = 3;
  // Swedish: ISO's order of a date; its decimal comma made a point.
  return new Intl.DateTimeFormat('sv-SE', options).format(new Date(ms)).replace(',', '.');
}

/** The short name of the time zone at a moment: "UTC", "CET", "GMT+9". */
export function zoneName(ms, timeZone = undefined) {
  const parts = new Intl.DateTimeFormat('sv-SE', { timeZone, timeZoneName: 'short' }).formatToParts(
    new Date(ms),
  );
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/** Fills svg with the leaderboard over time: a line a leader, named at its
 * end, the first and last moments (in the viewer's time zone) under the axis. */
export function drawHistory(svg, history) {
  svg.setAttribute('viewBox', `-36 -8 ${WIDTH + 140} ${HEIGHT + 28}`);
  const { lines, top } = historyLines(history, { width: WIDTH, height: HEIGHT });
  const label = (x, y, value, anchor, className = 'axis') => {
    const node = element('text', { x, y, 'text-anchor': anchor, class: className });
    node.textContent = value;
    return node;
  };
  const children = [
    element('path', { d: `M0,0V${HEIGHT}H${WIDTH}`, class: 'frame' }),
    label(-4, 8, String(top), 'end'),
    label(-4, HEIGHT, '0', 'end'),
    label(-4, HEIGHT / 2 + 4, 'total', 'end'),
  ];
  const times = history.times ?? [];
  if (times.length > 0) {
    const span = times.at(-1) - times[0];
    children.push(label(0, HEIGHT + 16, momentText(times[0], span), 'start'));
    if (times.length > 1) {
      children.push(
        label(
          WIDTH,
          HEIGHT + 16,
          `${momentText(times.at(-1), span)} ${zoneName(times.at(-1))}`,
          'end',
        ),
      );
    }
  }
  lines.forEach((line, k) => {
    children.push(element('path', { d: line.d, class: `curve series-${k % 8}` }));
    // A long name is cut to what fits beside the plot.
    const name = line.name.length > 16 ? `${line.name.slice(0, 15)}\u2026` : line.name;
    children.push(
      label(line.label[0] + 6, line.label[1] + 4, name, 'start', `axis series-${k % 8}`),
    );
  });
  svg.replaceChildren(...children);
}
