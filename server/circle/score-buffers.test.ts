import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../events/bus.js';
import { CircleCache } from './cache.js';
import { type CircleFriend, CircleIndex, CircleReleasedError } from './circle-index.js';
import { ScoreBuffers } from './score-buffers.js';

const friends = (game: string, count: number): CircleFriend[] =>
  Array.from({ length: count }, (_, i) => ({ publicId: `${game}-${i}`, name: `F${i}`, answers: [i % 101, 40, 60] }));

describe('score triangles used again (issue 30, item 6)', () => {
  it("a released circle's triangle is the next circle's of its size, and the released one refuses every read", () => {
    const pool = new ScoreBuffers(1 << 20);
    const first = new CircleIndex('spectrum', friends('a', 100), pool);
    const before = first.matches('a-0');
    first.release();
    // 100 friends: a capacity of 128, 8,128 bytes of scores, kept for the next circle.
    expect(pool.bytes).toBe((128 * 127) / 2);
    const second = new CircleIndex('spectrum', friends('b', 120), pool);
    expect(pool.bytes).toBe(0);
    expect(() => first.matches('a-0')).toThrow(CircleReleasedError);
    // The second circle scores right on the reused memory.
    const fresh = new CircleIndex('spectrum', friends('b', 120));
    expect(second.matches('b-7')).toEqual(fresh.matches('b-7'));
    expect(second.topPairs()).toEqual(fresh.topPairs());
    expect(before).toHaveLength(99);
  });

  it('keeps no more than its bound, and gives kept ones back when asked', () => {
    const pool = new ScoreBuffers(10_000);
    pool.give(new Uint8Array(8128));
    pool.give(new Uint8Array(8128));
    expect(pool.bytes).toBe(8128);
    pool.shrink(1);
    expect(pool.bytes).toBe(0);
  });

  it('the cache turning games over allocates no new triangle per game, and counts what it keeps within its budget', async () => {
    const repository = {
      listFriends: async (gameId: string) => friends(gameId, 500),
      findFriend: async () => undefined,
      listNetworkPlays: async () => [],
    };
    // Room for about two games of 500 friends (a triangle of 512: 130,816 bytes, plus their heap).
    const budget = 600_000;
    const cache = new CircleCache(repository, new InProcessEventBus(), budget);
    const allocated: number[] = [];
    const take = ScoreBuffers.prototype.take;
    const spy = function (this: ScoreBuffers, size: number) {
      const kept = this.bytes;
      const buffer = take.call(this, size);
      if (this.bytes === kept) allocated.push(size);
      return buffer;
    };
    ScoreBuffers.prototype.take = spy;
    try {
      for (let pass = 0; pass < 3; pass++) {
        for (let game = 0; game < 6; game++) {
          const pairs = await cache.read(`g${game}`, 'spectrum', undefined, (circle) => circle.topPairs().length);
          expect(pairs).toBe(50);
          expect(cache.bytes).toBeLessThanOrEqual(budget);
        }
      }
    } finally {
      ScoreBuffers.prototype.take = take;
    }
    // 18 circles built; only the first few needed new memory.
    expect(allocated.length).toBeLessThanOrEqual(3);
  });
});
