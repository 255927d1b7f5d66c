import type { Edition } from '../../shared/product.js';
import { answersHalf } from '../../shared/trust.js';
import type { GameEvent, GameEventBus } from '../events/bus.js';
import { CircleIndex, CircleReleasedError } from './circle-index.js';
import type { CircleRepository } from './repository.js';
import { ScoreBuffers } from './score-buffers.js';

/** Memory the circles of all games may hold together (a full game of 1,000 friends is about 0.5 MiB). */
export const CIRCLE_CACHE_BYTES = 64 * 1024 * 1024;
/** Games whose circle is kept at most (each holds one bus subscription). */
export const CIRCLE_CACHE_GAMES = 2000;

/** What the cache holds about one game; it listens to the game's events as long as it is held. */
interface Entry {
  /**
   * The index with every event received so far applied: each event is one more step on this
   * promise, so events apply in the order they came, after the first read, whatever they await.
   */
  index: Promise<CircleIndex>;
  /** The index as last measured (released at once when the entry is evicted). */
  current?: CircleIndex;
  bytes: number;
  unsubscribe: () => void;
  evicted: boolean;
}

/**
 * Friends' circles of the games asked about, built from the repository on first use and then kept
 * up to date ONLY by the game event bus, as the game cache is: a new friend (whichever instance
 * stored them) is read by their public id and compared with every other friend once; `removed`
 * drops their pairs; `deleted`, `resync` or a failed read forgets the game. Handlers only read.
 * A friend whose play answered fewer than half its rounds is never taken in.
 * Held least recently used first out, within a memory budget.
 */
export class CircleCache {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;
  /**
   * Score triangles of evicted circles, for the next circles to use (see ScoreBuffers): counted in
   * the budget, at most a quarter of it.
   */
  readonly #buffers: ScoreBuffers;

  constructor(
    private readonly friends: CircleRepository,
    private readonly bus: GameEventBus,
    readonly budgetBytes = CIRCLE_CACHE_BYTES,
    readonly capacity = CIRCLE_CACHE_GAMES,
  ) {
    this.#buffers = new ScoreBuffers(Math.floor(budgetBytes / 4));
  }

  /**
   * Reads the game's circle with `reader`, called at once (in the same turn) with the circle and
   * every event received so far applied: an index the cache evicts is released (its memory goes to
   * the next circle), so it is read only here. With `publicId`, a friend the database has but whose
   * event has not arrived yet (stored through another instance a moment ago) is read first, exactly
   * as their event would have it read.
   */
  async read<T>(gameId: string, edition: Edition, publicId: string | undefined, reader: (index: CircleIndex) => T) {
    for (let attempt = 1; ; attempt++) {
      const entry = this.#entry(gameId, edition);
      try {
        let index = await entry.index;
        if (publicId !== undefined && !entry.evicted && !index.has(publicId)) {
          index = await this.#step(gameId, entry, (current) => this.#addFriend(gameId, current, publicId));
        }
        // Evicted meanwhile: released, or about to be; read the game again.
        if (!entry.evicted) return reader(index);
      } catch (error) {
        if (!(error instanceof CircleReleasedError)) throw error;
      }
      if (attempt === 3) throw new Error('The circle cache is too small to hold this game.');
    }
  }

  /** The game's circle as `read` gives it (for tests: an index evicted later is released). */
  circle(gameId: string, edition: Edition, publicId?: string): Promise<CircleIndex> {
    return this.read(gameId, edition, publicId, (index) => index);
  }

  /** Games held (for tests). */
  get size(): number {
    return this.#entries.size;
  }

  /** Bytes held by every circle and kept for the next ones (for tests). */
  get bytes(): number {
    return this.#bytes + this.#buffers.bytes;
  }

  #entry(gameId: string, edition: Edition): Entry {
    const found = this.#entries.get(gameId);
    if (found) {
      // Most recently used last.
      this.#entries.delete(gameId);
      this.#entries.set(gameId, found);
      return found;
    }
    const entry: Entry = {
      index: Promise.resolve(new CircleIndex(edition)),
      bytes: 0,
      unsubscribe: () => {},
      evicted: false,
    };
    // Subscribed before the read, so a friend stored meanwhile is not missed (adding is idempotent);
    // read once the bus hears the game (a bus with a channel per game subscribes to it first).
    let heard = () => {};
    const hearing = new Promise<void>((resolve) => {
      heard = resolve;
    });
    entry.unsubscribe = this.bus.subscribe(gameId, (event) => this.#onEvent(gameId, entry, event), { heard });
    this.#entries.set(gameId, entry);
    this.#step(gameId, entry, async () => {
      await hearing;
      // A play of fewer than half its rounds answered is in no one's circle (see shared/trust.ts).
      const friends = (await this.friends.listFriends(gameId)).filter((friend) => answersHalf(edition, friend.answers));
      // Room first: the circles evicted for it give their triangles to this one.
      if (!entry.evicted) this.#makeRoom(gameId, CircleIndex.estimate(friends));
      return new CircleIndex(edition, friends, this.#buffers);
    });
    return entry;
  }

  #onEvent(gameId: string, entry: Entry, event: GameEvent): void {
    if (entry.evicted) return;
    switch (event.type) {
      case 'player': {
        const { playerID } = event.player;
        this.#step(gameId, entry, (index) => this.#addFriend(gameId, index, playerID));
        return;
      }
      case 'removed':
        this.#step(gameId, entry, async (index) => {
          index.remove(event.playerID);
          return index;
        });
        return;
      case 'deleted':
      case 'resync':
        this.#evict(gameId, entry);
        return;
    }
  }

  /** Reads a friend's answers (the bus carries none) unless they are in already; a removed friend is not found. */
  async #addFriend(gameId: string, index: CircleIndex, publicId: string): Promise<CircleIndex> {
    if (index.has(publicId)) return index;
    const friend = await this.friends.findFriend(gameId, publicId);
    if (friend && answersHalf(index.edition, friend.answers)) index.add(friend);
    return index;
  }

  /** Chains one change after the others; a failure forgets the game (it is read again when next asked for). */
  #step(gameId: string, entry: Entry, change: (index: CircleIndex) => Promise<CircleIndex>): Promise<CircleIndex> {
    const next = entry.index.then(change);
    entry.index = next;
    next.then(
      (index) => this.#measure(gameId, entry, index),
      () => this.#evict(gameId, entry),
    );
    return next;
  }

  #measure(gameId: string, entry: Entry, index: CircleIndex): void {
    if (entry.evicted) {
      // Built or changed after its eviction: nobody reads it any more.
      index.release();
      this.#fitBuffers();
      return;
    }
    this.#bytes += index.bytes - entry.bytes;
    entry.bytes = index.bytes;
    entry.current = index;
    this.#makeRoom(gameId);
  }

  /** Forgets a game; `reuse`: its triangle is kept for the next circle (evicted for room, not deleted). */
  #evict(gameId: string, entry: Entry, reuse = false): void {
    if (entry.evicted) return;
    entry.evicted = true;
    entry.unsubscribe();
    this.#bytes -= entry.bytes;
    if (this.#entries.get(gameId) === entry) this.#entries.delete(gameId);
    // Released either way (a change still chained on it then fails, and its read starts over on a
    // new entry); for room, its triangle goes to the next circle.
    const release = (index: CircleIndex) => {
      index.release(reuse);
      this.#fitBuffers();
    };
    if (entry.current) release(entry.current);
    entry.index.then(release, () => {});
  }

  /** Kept triangles beyond the budget go to the collector. */
  #fitBuffers(): void {
    const over = this.#bytes + this.#buffers.bytes - this.budgetBytes;
    if (over > 0) this.#buffers.shrink(over);
  }

  /**
   * Circles oldest first, never `keep` (the game being used), until the circles, the triangles
   * kept for the next ones and `more` bytes about to be built fit the budget; then kept triangles.
   */
  #makeRoom(keep: string, more?: { triangle: number; bytes: number }): void {
    for (const [gameId, entry] of this.#entries) {
      // A kept triangle of the right size is what the circle about to be built will take.
      const reused = more && this.#buffers.has(more.triangle) ? more.triangle : 0;
      const needed = this.#bytes + this.#buffers.bytes + (more ? more.bytes - reused : 0);
      if (needed <= this.budgetBytes && this.#entries.size <= this.capacity) break;
      if (gameId !== keep) this.#evict(gameId, entry, true);
    }
    this.#fitBuffers();
  }
}
