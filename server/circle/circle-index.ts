import type { Edition } from '../../shared/product.js';
import { computeScore } from '../../shared/score.js';
import { isRoundAnswered } from '../../shared/trust.js';
import { blockOfNetwork } from '../http/networks.js';
import { closenessTotals, KERNEL_MAX_ROUNDS, strideFor } from './closeness-kernel.js';
import type { ScoreBuffers } from './score-buffers.js';

/** How many pairs the creator's view lists at most. */
export const TOP_PAIRS = 50;

/** A friend as the circle needs them: who, and the answers every other friend is compared with. */
export interface CircleFriend {
  publicId: string;
  name: string;
  /** In round order. */
  answers: readonly number[];
  /** The network they played from (a hash, see networks.ts); unknown for plays stored before it was kept. */
  network?: string;
}

/**
 * A network's plays of one game that get a circle. While a network has at most this many plays in
 * the game (a household on one Wi-Fi) they are all compared, with each other too. Beyond it, each
 * one's circle leaves out the others from that network, and only its first ones have a circle at
 * all: an attacker's own plays would otherwise be a ruler (their exact scores with each other are
 * known to them, so a friend's place among them would give that friend's exact score), and every
 * further circle is one more reading of every friend's band.
 */
export const SAME_NETWORK_SHOWN = 5;

/**
 * A play whose unanswered rounds and its most frequent answer together fill more than this share
 * of its rounds gets no circle (issue 42.7): such a play (all one word, or half its rounds left
 * blank and the rest few words) is a probe, built so that its score with a friend counts that
 * friend's answers in a few chosen rounds. A friend answering for themselves almost never plays
 * it (4 words in 10 Classic rounds at random: 1.4 % of plays).
 */
export const PROBE_ONE_ANSWER_SHARE = 0.6;

/**
 * A play that differs in this many rounds at most from an earlier play of the same block (an IPv4
 * /24, an IPv6 /64) still in the game gets no circle (issue 42.7): two such plays read side by side
 * say whether a friend chose that one round's answer (their bands differ exactly when the round
 * crossed a band's threshold). The earlier play keeps its circle.
 */
export const PROBE_ROUNDS_APART = 1;

/**
 * The two rules above hold in games of this many rounds or more. In shorter ones a friend's score
 * with the creator already tells most of what bands would, and honest plays of 2 to 4 rounds too
 * often look alike or one round apart (a household's plays of a 3-round game).
 */
export const PROBE_MIN_ROUNDS = 5;

/** Why a play gets no circle although it answered half its rounds (see the constants above). */
export type ProbeKind = 'answers-alike' | 'near-repeat';

/** Whether one value, unanswered rounds counted with it, fills more than PROBE_ONE_ANSWER_SHARE of a play. */
export function answersAlike(edition: Edition, answers: readonly number[]): boolean {
  const counts = new Map<number, number>();
  let unanswered = 0;
  let most = 0;
  for (const answer of answers) {
    if (!isRoundAnswered(edition, answer)) {
      unanswered += 1;
      continue;
    }
    const count = (counts.get(answer) ?? 0) + 1;
    counts.set(answer, count);
    if (count > most) most = count;
  }
  return unanswered + most > PROBE_ONE_ANSWER_SHARE * answers.length;
}

/** Rounds in which two plays of one game differ, counted up to `limit + 1`. */
function roundsApart(x: readonly number[], y: readonly number[], limit: number): number {
  let apart = 0;
  for (let round = 0; round < x.length && apart <= limit; round++) if (x[round] !== y[round]) apart += 1;
  return apart;
}

/** Another friend and how in tune they are with the one asking, in tenths (0..100). */
export interface CircleMatch {
  publicId: string;
  name: string;
  tenths: number;
}

/** Two friends (the earlier to play first) and their score in tenths. */
export interface CirclePair {
  a: { publicId: string; name: string };
  b: { publicId: string; name: string };
  tenths: number;
}

/** Slots in join order; `a < b`. */
interface SlotPair {
  a: number;
  b: number;
  tenths: number;
}

/** Best first: higher score, then the pair whose first friend played earlier, then the second. */
const better = (p: SlotPair, q: SlotPair) => q.tenths - p.tenths || p.a - q.a || p.b - q.b;

/**
 * Friends one game's circle holds at most (removed ones included until the index is rebuilt):
 * 8 MiB of pair scores. Far above the default MAX_PLAYERS_PER_GAME (1,000); an instance
 * configured for bigger games answers get-circle for them with a clear refusal.
 */
export const CIRCLE_MAX_FRIENDS = 4096;

/** The index was released (its cache evicted it and gave its memory to another circle): read the game again. */
export class CircleReleasedError extends Error {
  constructor() {
    super('This circle was released.');
  }
}

/** The game has more friends than CIRCLE_MAX_FRIENDS. */
export class CircleTooLargeError extends Error {
  constructor() {
    super(`A circle holds at most ${CIRCLE_MAX_FRIENDS} friends.`);
  }
}

/**
 * What one friend costs in the JavaScript heap besides their answers' 12 bytes a round: their ids,
 * name, answers array, slot and network (measured: about 290 bytes with 10 rounds, 40,000 friends,
 * after a full collection; the score triangle and columns are counted by their ArrayBuffers).
 */
const FRIEND_BYTES = 200;

/** Score values in tenths: 0..100. */
const SCORE_VALUES = 101;

/** Answers the kernels take: whole numbers 0..100 (every Spectrum answer, every Classic one). */
const fitsKernel = (answers: readonly number[]) =>
  answers.length <= KERNEL_MAX_ROUNDS && answers.every((a) => Number.isInteger(a) && a >= 0 && a <= 100);

/**
 * `scoreOfCloseness × 10` (the score in tenths, rounded half up, in integers) of each of the first
 * `count` totals of `rounds` rounds, into `scores` from `start`.
 */
function tenthsOfTotals(totals: Int32Array, count: number, rounds: number, scores: Uint8Array, start: number): void {
  const denominator = rounds * 100;
  for (let slot = 0; slot < count; slot++) {
    scores[start + slot] = Math.floor((2 * totals[slot] + denominator) / (2 * denominator));
  }
}

/** The slots of `live` whose score with the slot whose row starts at `start` is at least `floor`. */
function slotsScoringAtLeast(live: readonly number[], scores: Uint8Array, start: number, floor: number): number[] {
  const found: number[] = [];
  for (let k = 0; k < live.length; k++) {
    const other = live[k];
    if (scores[start + other] >= floor) found.push(other);
  }
  return found;
}

/**
 * Every pair of one game's friends and their score, as `computeScore` gives it with one friend's
 * answers in the creator's place (the formula is symmetric). Friends get slots in the order they
 * joined the index and keep them (a removed friend's slot stays empty), so ties are ordered by
 * who played first.
 *
 * Cost: adding a friend compares them once with every other friend (O(friends) scores); a
 * friend's matches are a counting sort over the 101 possible scores (O(friends)); the top pairs
 * are kept as friends arrive, and rebuilt by one pass over the pairs only when a removal took
 * one of them. Memory: one byte per pair (a triangle that doubles its friends as it fills), so a
 * game of 1,000 friends holds about 0.5 MiB.
 */
export class CircleIndex {
  #capacity = 0;
  /**
   * Scores in tenths, as a triangle: the pair of slots a < b at `rowStart(b) + a`, so that a new
   * friend's scores are one contiguous row after the others'. Only cells of two live slots mean anything.
   */
  #scores: Uint8Array = new Uint8Array(0);
  readonly #ids: string[] = [];
  readonly #names: string[] = [];
  /** Undefined once the slot's friend is removed (their answers are no longer needed). */
  readonly #answers: (readonly number[] | undefined)[] = [];
  /** The game's number of rounds, from the first friend; the kernels serve friends with as many answers. */
  #rounds: number | undefined;
  /** Every slot's answers as columns, one per round of `#stride` bytes (see closeness-kernel.ts). */
  #columns = new Uint8Array(0);
  #stride = 0;
  /** 1 where the slot's answers are in `#columns`; the others are scored with `computeScore`. */
  #tabled = new Uint8Array(0);
  /** Friends in the circle whose answers are not in `#columns`. */
  #untabled = 0;
  /** Closeness totals of the friend being added with every earlier slot (scratch). */
  #totals = new Int32Array(0);
  readonly #slots = new Map<string, number>();
  /** Each slot's network (undefined: not known). */
  readonly #networks: (string | undefined)[] = [];
  /** The slots of friends in the circle now, per network, ascending (join order). */
  readonly #perNetwork = new Map<string, number[]>();
  /** The same per block (an IPv4 /24, an IPv6 /64: see blockOfNetwork). */
  readonly #perBlock = new Map<string, number[]>();
  /** The slots of friends in the circle now, ascending (join order). */
  readonly #live: number[] = [];
  #top: SlotPair[] = [];
  /** A removal took a pair out of `#top`: it is rebuilt when next read. */
  #topStale = false;
  /** Its score triangle went back to the pool: every call throws CircleReleasedError. */
  #released = false;

  constructor(
    readonly edition: Edition,
    friends: readonly CircleFriend[] = [],
    /** Where score triangles come from and go back to (the cache's); none: allocated and collected. */
    private readonly buffers?: ScoreBuffers,
  ) {
    if (friends.length > CIRCLE_MAX_FRIENDS) throw new CircleTooLargeError();
    this.#grow(capacityFor(friends.length));
    for (const friend of friends) this.add(friend);
  }

  /**
   * About what an index of these friends holds (`bytes` once built), and the size of its score
   * triangle, to make room before building it.
   */
  static estimate(friends: readonly CircleFriend[]): { triangle: number; bytes: number } {
    const capacity = capacityFor(friends.length);
    const rounds = friends[0]?.answers.length ?? 0;
    const triangle = rowStart(capacity);
    return { triangle, bytes: triangle + capacity * (rounds + 5) + friends.length * (FRIEND_BYTES + 12 * rounds) };
  }

  /**
   * Ends the index: its calls throw from now on. `reuse`: its score triangle goes back to the pool
   * for the next circle; otherwise to the collector.
   */
  release(reuse = true): void {
    if (this.#released) return;
    this.#released = true;
    if (reuse) this.buffers?.give(this.#scores);
    this.#scores = new Uint8Array(0);
  }

  #check(): void {
    if (this.#released) throw new CircleReleasedError();
  }

  /** Friends in the circle now. */
  get size(): number {
    return this.#slots.size;
  }

  /** Roughly what the index holds in memory, in bytes (for the cache's budget). */
  get bytes(): number {
    const columns = this.#columns.byteLength + this.#tabled.byteLength + this.#totals.byteLength;
    return this.#scores.byteLength + columns + this.#ids.length * (FRIEND_BYTES + 12 * (this.#rounds ?? 0));
  }

  has(publicId: string): boolean {
    this.#check();
    return this.#slots.has(publicId);
  }

  /** Compares a new friend with every other friend; false (and nothing changes) if they are already in. */
  add(friend: CircleFriend): boolean {
    this.#check();
    if (this.#slots.has(friend.publicId)) return false;
    const slot = this.#ids.length;
    if (slot >= CIRCLE_MAX_FRIENDS) throw new CircleTooLargeError();
    if (slot >= this.#capacity) this.#grow(capacityFor(this.#capacity * 2));
    const answers = friend.answers;
    if (this.#rounds === undefined) {
      this.#rounds = answers.length;
      this.#columns = new Uint8Array(this.#rounds * this.#stride);
    }
    const rounds = this.#rounds;
    const tabled = this.#tabled;
    const totals = this.#totals;
    const fits = rounds > 0 && answers.length === rounds && fitsKernel(answers);
    if (fits) {
      const stride = this.#stride;
      for (let round = 0; round < rounds; round++) this.#columns[round * stride + slot] = answers[round];
      tabled[slot] = 1;
      // Every earlier friend at once (the hot loop of a first read: every pair of the game once).
      closenessTotals(this.edition, answers, this.#columns, stride, slot, totals);
    }
    const scores = this.#scores;
    const start = rowStart(slot);
    if (fits) tenthsOfTotals(totals, slot, rounds, scores, start);
    const live = this.#live;
    if (!fits || this.#untabled > 0) {
      // Off the kernels (answers of another length or out of range): the formula, pair by pair.
      for (const other of live) {
        if (fits && tabled[other] === 1) continue;
        const others = this.#answers[other] as readonly number[];
        scores[start + other] = Math.round(computeScore(this.edition, others, answers) * 10);
      }
    }
    if (!this.#topStale) {
      // Most pairs of a big game fall below the 50th best pair: only the others are offered.
      const top = this.#top;
      const floor = top.length < TOP_PAIRS ? 0 : top[TOP_PAIRS - 1].tenths;
      for (const other of slotsScoringAtLeast(live, scores, start, floor)) {
        this.#offer(other, slot, scores[start + other]);
      }
    }
    if (!fits) this.#untabled += 1;
    this.#ids.push(friend.publicId);
    this.#names.push(friend.name);
    this.#answers.push(friend.answers);
    this.#networks.push(friend.network);
    if (friend.network !== undefined) {
      pushTo(this.#perNetwork, friend.network, slot);
      pushTo(this.#perBlock, blockOfNetwork(friend.network), slot);
    }
    this.#slots.set(friend.publicId, slot);
    live.push(slot);
    return true;
  }

  /** Drops a friend and every pair they are in; false if they are not in the circle. */
  remove(publicId: string): boolean {
    this.#check();
    const slot = this.#slots.get(publicId);
    if (slot === undefined) return false;
    this.#slots.delete(publicId);
    this.#answers[slot] = undefined;
    const network = this.#networks[slot];
    const same = network === undefined ? undefined : this.#perNetwork.get(network);
    if (network !== undefined && same) {
      same.splice(same.indexOf(slot), 1);
      if (same.length === 0) this.#perNetwork.delete(network);
      pullFrom(this.#perBlock, blockOfNetwork(network), slot);
    }
    if (this.#tabled[slot] === 0) this.#untabled -= 1;
    this.#tabled[slot] = 0;
    this.#live.splice(this.#live.indexOf(slot), 1);
    if (this.#top.some((pair) => pair.a === slot || pair.b === slot)) this.#topStale = true;
    return true;
  }

  /**
   * Every other friend with their score, highest first (earliest to play first among equals), but
   * for the other plays of a crowded network (SAME_NETWORK_SHOWN); undefined if not in.
   */
  matches(publicId: string): CircleMatch[] | undefined {
    this.#check();
    const slot = this.#slots.get(publicId);
    if (slot === undefined) return undefined;
    const scores = this.#scores;
    const start = rowStart(slot);
    // Counting sort: slots are visited in join order, so each bucket is already in tie order.
    const buckets: number[][] = Array.from({ length: SCORE_VALUES }, () => []);
    const network = this.#networks[slot];
    const crowded = network !== undefined && (this.#perNetwork.get(network)?.length ?? 0) > SAME_NETWORK_SHOWN;
    const networks = this.#networks;
    for (const other of this.#live) {
      if (crowded && networks[other] === network) continue;
      if (other < slot) buckets[scores[start + other]].push(other);
      else if (other > slot) buckets[scores[rowStart(other) + slot]].push(other);
    }
    const matches: CircleMatch[] = [];
    for (let tenths = SCORE_VALUES - 1; tenths >= 0; tenths--) {
      for (const other of buckets[tenths]) {
        matches.push({ publicId: this.#ids[other], name: this.#names[other], tenths });
      }
    }
    return matches;
  }

  /**
   * Whether this friend's play is one of a crowded network's later ones, which have no circle
   * (SAME_NETWORK_SHOWN); false for a friend not in the circle.
   */
  withheld(publicId: string): boolean {
    this.#check();
    const slot = this.#slots.get(publicId);
    const network = slot === undefined ? undefined : this.#networks[slot];
    if (slot === undefined || network === undefined) return false;
    const same = this.#perNetwork.get(network) ?? [];
    return same.length > SAME_NETWORK_SHOWN && same.indexOf(slot) >= SAME_NETWORK_SHOWN;
  }

  /**
   * Why this friend's play gets no circle although it is in the circle: its answers are mostly one
   * value (PROBE_ONE_ANSWER_SHARE), or it is PROBE_ROUNDS_APART rounds at most from an earlier play
   * of its block still in the game; undefined when it gets one (or is not in the circle). Others'
   * circles still show it: what it tells them is theirs to know.
   */
  probe(publicId: string): ProbeKind | undefined {
    this.#check();
    const slot = this.#slots.get(publicId);
    const answers = slot === undefined ? undefined : this.#answers[slot];
    if (slot === undefined || answers === undefined || answers.length < PROBE_MIN_ROUNDS) return undefined;
    if (answersAlike(this.edition, answers)) return 'answers-alike';
    const network = this.#networks[slot];
    if (network === undefined) return undefined;
    for (const earlier of this.#perBlock.get(blockOfNetwork(network)) ?? []) {
      if (earlier >= slot) break;
      const theirs = this.#answers[earlier] as readonly number[];
      if (roundsApart(theirs, answers, PROBE_ROUNDS_APART) <= PROBE_ROUNDS_APART) return 'near-repeat';
    }
    return undefined;
  }

  /** The TOP_PAIRS most in-tune pairs, best first. */
  topPairs(): CirclePair[] {
    this.#check();
    if (this.#topStale) this.#rebuildTop();
    return this.#top.map(({ a, b, tenths }) => ({
      a: { publicId: this.#ids[a], name: this.#names[a] },
      b: { publicId: this.#ids[b], name: this.#names[b] },
      tenths,
    }));
  }

  /** Keeps the pair of slots `a < b` if it belongs among the best TOP_PAIRS. */
  #offer(a: number, b: number, tenths: number): void {
    const top = this.#top;
    if (top.length === TOP_PAIRS) {
      // Checked before anything is allocated: most pairs of a big game end here.
      const last = top[TOP_PAIRS - 1];
      if (tenths < last.tenths || (tenths === last.tenths && (a > last.a || (a === last.a && b > last.b)))) return;
    }
    const pair = { a, b, tenths };
    let low = 0;
    let high = top.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (better(top[middle], pair) < 0) low = middle + 1;
      else high = middle;
    }
    top.splice(low, 0, pair);
    if (top.length > TOP_PAIRS) top.pop();
  }

  /** One pass over the pairs of live friends (O(friends²) byte reads, no score is computed again). */
  #rebuildTop(): void {
    this.#top = [];
    this.#topStale = false;
    const live = this.#live;
    const scores = this.#scores;
    for (let j = 1; j < live.length; j++) {
      const b = live[j];
      const start = rowStart(b);
      for (let i = 0; i < j; i++) this.#offer(live[i], b, scores[start + live[i]]);
    }
  }

  /** Room for `slots` friends, keeping every score already computed. */
  #grow(slots: number): void {
    if (slots <= this.#capacity) return;
    const size = rowStart(slots);
    const scores = this.buffers ? this.buffers.take(size) : new Uint8Array(size);
    scores.set(this.#scores);
    this.buffers?.give(this.#scores);
    this.#scores = scores;
    const tabled = new Uint8Array(slots);
    tabled.set(this.#tabled);
    this.#tabled = tabled;
    const stride = strideFor(slots);
    if (this.#rounds !== undefined) {
      const columns = new Uint8Array(this.#rounds * stride);
      for (let round = 0; round < this.#rounds; round++) {
        columns.set(this.#columns.subarray(round * this.#stride, round * this.#stride + this.#stride), round * stride);
      }
      this.#columns = columns;
    }
    this.#stride = stride;
    this.#totals = new Int32Array(slots);
    this.#capacity = slots;
  }
}

/**
 * The capacity for `friends`: a power of two from 16 (so that triangles come in few sizes and an
 * evicted circle's fits the next one of its class), at most CIRCLE_MAX_FRIENDS.
 */
function capacityFor(friends: number): number {
  let capacity = 16;
  while (capacity < friends) capacity *= 2;
  return Math.min(CIRCLE_MAX_FRIENDS, capacity);
}

/** Adds `slot` to the ascending list of `key`. */
function pushTo(lists: Map<string, number[]>, key: string, slot: number): void {
  const list = lists.get(key);
  if (list) list.push(slot);
  else lists.set(key, [slot]);
}

/** Takes `slot` out of the list of `key`, and the list once empty. */
function pullFrom(lists: Map<string, number[]>, key: string, slot: number): void {
  const list = lists.get(key);
  if (!list) return;
  list.splice(list.indexOf(slot), 1);
  if (list.length === 0) lists.delete(key);
}

/** Where the scores of slot `b` with slots 0..b − 1 start in the triangle. */
const rowStart = (b: number) => (b * (b - 1)) / 2;
