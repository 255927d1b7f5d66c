import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Edition } from '../../shared/product.js';
import { seeded } from '../testing/seeded.js';
import { QuestionDraw, type QuestionSource, sample } from './draw.js';
import type { QuestionRow } from './repository.js';

/** A list that counts how many of its items are read. */
function countingList(size: number) {
  const items = Array.from({ length: size }, (_, i) => i);
  let reads = 0;
  const list = new Proxy(items, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  return { list, reads: () => reads };
}

describe('sample', () => {
  it('costs O(count): one random number and one item read per pick, however long the list', () => {
    const { list, reads } = countingList(10_000);
    let calls = 0;
    const random = seeded(1);
    const picked = sample(list, 10, () => {
      calls++;
      return random();
    });
    expect(picked).toHaveLength(10);
    expect(calls).toBe(10);
    expect(reads()).toBe(10);
  });

  it('picks count distinct items of the list, or all of them when it holds fewer', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 80 }),
        fc.integer(),
        (size, count, seed) => {
          const items = Array.from({ length: size }, (_, i) => `q${i}`);
          const picked = sample(items, count, seeded(seed));
          expect(picked).toHaveLength(Math.min(size, count));
          expect(new Set(picked).size).toBe(picked.length);
          for (const item of picked) expect(items).toContain(item);
        },
      ),
    );
  });

  it('is uniform: every item as likely in every place', () => {
    const size = 8;
    const draws = 40_000;
    const random = seeded(42);
    // counts[place][item]
    const counts = Array.from({ length: 3 }, () => new Array<number>(size).fill(0));
    const items = Array.from({ length: size }, (_, i) => i);
    for (let d = 0; d < draws; d++) {
      sample(items, 3, random).forEach((item, place) => {
        counts[place][item]++;
      });
    }
    // Expected 5,000 each; a fair draw stays within ±6 % (about 4.5 standard deviations).
    for (const row of counts) for (const count of row) expect(Math.abs(count - draws / size)).toBeLessThan(300);
  });
});

describe('QuestionDraw', () => {
  const row = (id: string): QuestionRow => ({ id, edition: 'classic', text: id, options: '[]' });

  /** A database of active ids that counts what is read from it. */
  function source(active: string[]) {
    const reads = { ids: 0, rows: [] as string[][] };
    const database: QuestionSource & { active: string[] } = {
      active,
      async activeIds(_edition: Edition) {
        reads.ids++;
        return [...database.active];
      },
      async activeRows(ids) {
        reads.rows.push(ids);
        return ids.filter((id) => database.active.includes(id)).map(row);
      },
    };
    return { database, reads };
  }

  it('reads the ids once, then only the rows it picked, and leaves out the excluded ones', async () => {
    const { database, reads } = source(Array.from({ length: 5000 }, (_, i) => `q${i}`));
    const draw = new QuestionDraw(database, seeded(7));
    for (let i = 0; i < 20; i++) {
      const drawn = await draw.draw('classic', 10, ['q1', 'q2']);
      expect(drawn).toHaveLength(10);
      expect(drawn.map((r) => r.id)).not.toContain('q1');
    }
    expect(reads.ids).toBe(1);
    for (const ids of reads.rows) expect(ids.length).toBeLessThanOrEqual(10);
  });

  it('reads the ids again when a picked question has left the bank', async () => {
    const { database, reads } = source(['a', 'b', 'c']);
    const draw = new QuestionDraw(database, seeded(3));
    expect(await draw.draw('classic', 3, [])).toHaveLength(3);
    database.active = ['d', 'e', 'f'];
    const drawn = await draw.draw('classic', 3, []);
    expect(drawn.map((r) => r.id).sort()).toEqual(['d', 'e', 'f']);
    expect(reads.ids).toBe(2);
  });
});
