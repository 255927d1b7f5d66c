import { describe, expect, it } from 'vitest';
import { placeLabels } from './lanes.js';

type Label = { name: string; x: number; w: number };
const place = (labels: Label[]) =>
  Object.fromEntries(
    placeLabels(
      labels,
      (label) => label.x,
      (label) => label.w,
    ).map(({ item, lane, align, crossing }) => [item.name, { lane, align, ...(crossing && { crossing }) }]),
  );

describe('placeLabels', () => {
  it('keeps names apart in one lane when they fit', () => {
    expect(
      place([
        { name: 'a', x: 10, w: 10 },
        { name: 'b', x: 50, w: 10 },
        { name: 'c', x: 90, w: 10 },
      ]),
    ).toEqual({ a: { lane: 0, align: 'center' }, b: { lane: 0, align: 'center' }, c: { lane: 0, align: 'center' } });
  });

  it('moves a name down when it would cover another, and not over the line of a deeper name', () => {
    // Bo's name would cover Ada's: one lane down. Cy's long name would fit in lane 0 beside Ada's,
    // but Bo's line passes up through it there, and lane 1 is Bo's: Cy goes to lane 2.
    expect(
      place([
        { name: 'ada', x: 20, w: 10 },
        { name: 'bo', x: 27, w: 10 },
        { name: 'cy', x: 40, w: 26 },
      ]),
    ).toEqual({
      ada: { lane: 0, align: 'center' },
      bo: { lane: 1, align: 'center' },
      cy: { lane: 2, align: 'center' },
    });
  });

  it('draws the line over a name when a dot lies under it (answers close together)', () => {
    expect(
      place([
        { name: 'maria', x: 28, w: 24 },
        { name: 'ada', x: 30, w: 10 },
      ]),
    ).toEqual({ maria: { lane: 0, align: 'center' }, ada: { lane: 1, align: 'center', crossing: true } });
  });

  it('turns names at the ends inwards', () => {
    expect(place([{ name: 'a', x: 2, w: 20 }]).a.align).toBe('start');
    expect(place([{ name: 'a', x: 98, w: 20 }]).a.align).toBe('end');
  });
});
