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
 * cells; marker: [steps, seen] to point at, or null. */
export function drawCurve(svg, points, { maxX, maxY, marker = null }) {
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
  if (marker) {
    const [x, y] = [
      (marker[0] * WIDTH) / Math.max(1, maxX),
      HEIGHT - (marker[1] * HEIGHT) / Math.max(1, maxY),
    ];
    children.push(
      element('circle', { cx: x.toFixed(1), cy: y.toFixed(1), r: 3.5, class: 'marker' }),
    );
  }
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
  seeds.forEach((seed, i) => children.push(label(x(i), HEIGHT + 16, String(seed), 'middle')));
  const ordered = [...series.filter((s) => !s.mine), ...series.filter((s) => s.mine)];
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
    const [li, le] = s.points.at(-1);
    children.push(label(x(li) + 6, y(le) + 4, s.bot, 'start', s.mine ? 'axis mine' : 'axis'));
  }
  svg.replaceChildren(...children);
}
