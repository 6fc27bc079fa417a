// The heat scale (web/js/heat_scale.mjs) under node --test: no DOM.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HeatScale, heatColour, heatGradient } from '../../web/js/heat_scale.mjs';

test('the top starts at 2 and doubles past it, saying when it grew', () => {
  const heat = new HeatScale();
  assert.equal(heat.top, 2);
  assert.equal(heat.see(0), false);
  assert.equal(heat.see(2), false, 'a count at the top is on the scale');
  assert.equal(heat.top, 2);
  assert.equal(heat.see(3), true);
  assert.equal(heat.top, 4);
  assert.equal(heat.see(9), true, 'as many doublings as it takes');
  assert.equal(heat.top, 16);
  assert.equal(heat.see(16), false);
  heat.reset();
  assert.equal(heat.top, 2);
});

test('it fits the counts of some cells, or of all', () => {
  const heat = new HeatScale();
  const visits = Uint32Array.from([1, 7, 2, 40]);
  assert.equal(heat.fit(visits, [0, 2]), false);
  assert.equal(heat.top, 2, 'the cells not listed are not looked at');
  assert.equal(heat.fit(visits, [1]), true);
  assert.equal(heat.top, 8);
  assert.equal(heat.fit(visits), true);
  assert.equal(heat.top, 64);
  assert.equal(heat.fit(visits), false);
});

test('the cells to draw: those that changed, or every cell (null) when the top grew', () => {
  const heat = new HeatScale();
  const visits = Uint32Array.from([1, 2, 0, 9]);
  assert.deepEqual(heat.cellsToDraw(visits, [0, 1]), [0, 1]);
  assert.equal(heat.cellsToDraw(visits, [1], true), null, 'asked for all of them');
  assert.equal(heat.top, 16, 'every count fits the scale when all are drawn');
  heat.reset();
  assert.equal(heat.cellsToDraw(visits, null), null, 'all changed');
  assert.equal(heat.top, 16);
  heat.reset();
  visits[3] = 1;
  visits[0] = 3;
  assert.equal(heat.cellsToDraw(visits, [0]), null, 'the top grew: every colour moved');
  assert.equal(heat.top, 4);
  assert.deepEqual(heat.cellsToDraw(visits, []), []);
});

test('a colour: the floor unwalked, the ramp up to the top', () => {
  const heat = new HeatScale();
  assert.equal(heat.colour(0), '#f4f1e8');
  assert.equal(heat.colour(2), 'rgb(140,30,70)', 'the top is the hottest');
  assert.equal(heat.colour(1), heatColour(1, 2));
  heat.see(64);
  assert.equal(heat.colour(64), 'rgb(140,30,70)');
  assert.notEqual(heat.colour(2), 'rgb(140,30,70)', 'a higher top cools the cells below it');
  assert.equal(heatColour(1000, 2), 'rgb(140,30,70)', 'past the top stays the hottest');
  assert.match(
    heatGradient(),
    /^linear-gradient\(to right, rgb\(244,241,232\), .*rgb\(140,30,70\)\)$/,
  );
});
