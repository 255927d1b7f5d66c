import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Edition } from '../../shared/product.js';
import { computeScore } from '../../shared/score.js';
import { blockOfNetwork, networkOf } from '../http/networks.js';
import {
  answersAlike,
  CIRCLE_MAX_FRIENDS,
  type CircleFriend,
  CircleIndex,
  CircleTooLargeError,
  TOP_PAIRS,
} from './circle-index.js';

/** The obvious O(friends²) answer: every pair scored with computeScore, sorted. */
function bruteForce(edition: Edition, friends: readonly CircleFriend[]) {
  const tenths = (x: CircleFriend, y: CircleFriend) => Math.round(computeScore(edition, x.answers, y.answers) * 10);
  const pairs = friends.flatMap((a, i) =>
    friends.slice(i + 1).map((b, k) => ({ i, j: i + 1 + k, a, b, tenths: tenths(a, b) })),
  );
  pairs.sort((p, q) => q.tenths - p.tenths || p.i - q.i || p.j - q.j);
  return {
    top: pairs.slice(0, TOP_PAIRS).map(({ a, b, tenths }) => ({
      a: { publicId: a.publicId, name: a.name },
      b: { publicId: b.publicId, name: b.name },
      tenths,
    })),
    matches: (friend: CircleFriend) =>
      friends
        .map((other, order) => ({ other, order }))
        .filter(({ other }) => other !== friend)
        .map(({ other, order }) => ({
          order,
          publicId: other.publicId,
          name: other.name,
          tenths: tenths(friend, other),
        }))
        .sort((p, q) => q.tenths - p.tenths || p.order - q.order)
        .map(({ order: _, ...match }) => match),
  };
}

const ROUNDS = 4;
const editionArb = fc.constantFrom<Edition>('classic', 'spectrum');
const answerArb = (edition: Edition) =>
  edition === 'classic' ? fc.integer({ min: 0, max: 3 }) : fc.integer({ min: 0, max: 100 });
/** Now and then an answer the WebAssembly kernels do not take (a fraction, past 100): scored by the formula. */
const offKernelAnswerArb = (edition: Edition) =>
  fc.oneof({ weight: 6, arbitrary: answerArb(edition) }, fc.constant(150), fc.constant(42.5));

/** A history of friends arriving and (sometimes) being removed, over a game's few possible answers. */
const historyArb = (answer: (edition: Edition) => fc.Arbitrary<number>) =>
  editionArb.chain((edition) =>
    fc.record({
      edition: fc.constant(edition),
      steps: fc.array(
        fc.oneof(
          {
            weight: 4,
            arbitrary: fc
              .array(answer(edition), { minLength: ROUNDS, maxLength: ROUNDS })
              .map((answers) => ({ kind: 'add' as const, answers })),
          },
          { weight: 1, arbitrary: fc.nat().map((pick) => ({ kind: 'remove' as const, pick })) },
        ),
        { maxLength: 40 },
      ),
    }),
  );

describe('CircleIndex', () => {
  it.each([
    ['answers the kernels take', answerArb],
    ['now and then answers they do not', offKernelAnswerArb],
  ])('agrees with a brute-force O(friends²) reference after any history of arrivals and removals (%s)', (_, answer) => {
    fc.assert(
      fc.property(historyArb(answer), ({ edition, steps }) => {
        const index = new CircleIndex(edition);
        let live: CircleFriend[] = [];
        let next = 0;
        for (const step of steps) {
          if (step.kind === 'add') {
            const friend = { publicId: `p${next}`, name: `Friend ${next}`, answers: step.answers };
            next++;
            expect(index.add(friend)).toBe(true);
            live.push(friend);
          } else if (live.length > 0) {
            const gone = live[step.pick % live.length];
            expect(index.remove(gone.publicId)).toBe(true);
            live = live.filter((friend) => friend !== gone);
          }
          // Checked after every step, so that a stale top list is caught where it goes stale.
          const reference = bruteForce(edition, live);
          expect(index.topPairs()).toEqual(reference.top);
        }
        const reference = bruteForce(edition, live);
        for (const friend of live) expect(index.matches(friend.publicId)).toEqual(reference.matches(friend));
        // Built at once from the same friends: the same answers.
        const built = new CircleIndex(edition, live);
        expect(built.topPairs()).toEqual(reference.top);
        expect(index.size).toBe(live.length);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps only the TOP_PAIRS best pairs, and refills them from the rest when a removal takes some', () => {
    // 12 friends with the same answers: 66 perfect pairs, ordered by who played first.
    const friends = Array.from({ length: 12 }, (_, i) => ({ publicId: `p${i}`, name: `F${i}`, answers: [50, 50] }));
    const index = new CircleIndex('spectrum', friends);
    const top = index.topPairs();
    expect(top).toHaveLength(TOP_PAIRS);
    expect(top[0]).toEqual({ a: { publicId: 'p0', name: 'F0' }, b: { publicId: 'p1', name: 'F1' }, tenths: 100 });
    index.remove('p0');
    const after = index.topPairs();
    expect(after).toHaveLength(TOP_PAIRS);
    expect(after.some((pair) => pair.a.publicId === 'p0' || pair.b.publicId === 'p0')).toBe(false);
    expect(after[0].a.publicId).toBe('p1');
    expect(after.at(-1)).toEqual(bruteForce('spectrum', friends.slice(1)).top.at(-1));
  });

  it('adds a friend once, removes them once, and knows nobody else', () => {
    const index = new CircleIndex('classic');
    const bo = { publicId: 'bo', name: 'Bo', answers: [1, 2] };
    expect(index.add(bo)).toBe(true);
    expect(index.add(bo)).toBe(false);
    expect(index.matches('bo')).toEqual([]);
    expect(index.topPairs()).toEqual([]);
    expect(index.remove('cy')).toBe(false);
    expect(index.matches('cy')).toBeUndefined();
    expect(index.remove('bo')).toBe(true);
    expect(index.remove('bo')).toBe(false);
    expect(index.has('bo')).toBe(false);
  });

  it(`refuses more than ${CIRCLE_MAX_FRIENDS} friends instead of growing without bound`, () => {
    const friend = (i: number) => ({ publicId: `p${i}`, name: '', answers: [1] });
    expect(
      () =>
        new CircleIndex(
          'classic',
          Array.from({ length: CIRCLE_MAX_FRIENDS + 1 }, (_, i) => friend(i)),
        ),
    ).toThrow(CircleTooLargeError);
  });
});

describe('plays that probe (issue 42.7)', () => {
  it('stores an IPv4 play under its address with its /24 in front; an IPv6 /64 is one block', () => {
    const [a, b, c] = ['198.51.100.1', '198.51.100.200', '198.51.101.1'].map(networkOf);
    // The cap and the burst flag compare whole values: every address stays its own network.
    expect(new Set([a, b, c]).size).toBe(3);
    expect(networkOf('::ffff:198.51.100.1')).toBe(a);
    expect(blockOfNetwork(a)).toBe(blockOfNetwork(b));
    expect(blockOfNetwork(a)).not.toBe(blockOfNetwork(c));
    const v6 = networkOf('2001:db8:1:2::1');
    expect(v6).toBe(networkOf('2001:db8:1:2:ffff::9'));
    expect(blockOfNetwork(v6)).toBe(v6);
    // Stored before blocks were kept (22 characters, no dot): the network is its own block.
    expect(blockOfNetwork('abcdefghijklmnopqrstuv')).toBe('abcdefghijklmnopqrstuv');
  });

  it('answers alike: blank rounds and the most frequent answer together over 60 %', () => {
    expect(answersAlike('classic', [1, 1, 1, 1, 1, 1, 2, 3, 4, 2])).toBe(false);
    expect(answersAlike('classic', [1, 1, 1, 1, 1, 1, 1, 3, 4, 2])).toBe(true);
    expect(answersAlike('classic', [1, 1, 1, 1, 2, 3, 0, 0, 4, 2])).toBe(false);
    expect(answersAlike('classic', [1, 2, 3, 4, 1, 0, 0, 0, 0, 0])).toBe(true);
    expect(answersAlike('spectrum', [10, 20, 30, 50, 50, 50, 60, 70, 80, 90])).toBe(false);
    expect(answersAlike('spectrum', [100, 100, 100, 100, 50, 50, 50, 70, 80, 90])).toBe(true);
  });

  it('a near repeat is judged against the earlier plays of its block still in the circle', () => {
    const friend = (publicId: string, answers: number[], address: string): CircleFriend => ({
      publicId,
      name: publicId,
      answers,
      network: networkOf(address),
    });
    const base = [1, 2, 3, 4, 2, 3, 4, 1, 1, 2];
    const circle = new CircleIndex('classic', [
      friend('first', base, '198.51.100.1'),
      friend('next', [...base.slice(0, 9), 3], '198.51.100.2'),
      friend('away', [...base.slice(0, 9), 4], '198.51.101.2'),
    ]);
    expect(circle.probe('first')).toBeUndefined();
    expect(circle.probe('next')).toBe('near-repeat');
    expect(circle.probe('away')).toBeUndefined();
    // Once the earlier play is gone (the creator removed it), the later one is no repeat of anything.
    circle.remove('first');
    expect(circle.probe('next')).toBeUndefined();
    expect(circle.probe('unknown')).toBeUndefined();
  });
});
