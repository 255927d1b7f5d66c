import type { Edition } from '../../shared/product.js';
import { answersHalf } from '../../shared/trust.js';
import type { GameEvent, GameEventBus } from '../events/bus.js';
import { CircleIndex } from './circle-index.js';
import type { CircleRepository } from './repository.js';

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

  constructor(
    private readonly friends: CircleRepository,
    private readonly bus: GameEventBus,
    readonly budgetBytes = CIRCLE_CACHE_BYTES,
    readonly capacity = CIRCLE_CACHE_GAMES,
  ) {}

  /**
   * The game's circle, with every event received so far applied. With `publicId`, a friend the
   * database has but whose event has not arrived yet (stored through another instance a moment
   * ago) is read now, exactly as their event would have it read.
   */
  async circle(gameId: string, edition: Edition, publicId?: string): Promise<CircleIndex> {
    const entry = this.#entry(gameId, edition);
    const index = await entry.index;
    if (publicId === undefined || index.has(publicId) || entry.evicted) return index;
    return this.#step(gameId, entry, (current) => this.#addFriend(gameId, current, publicId));
  }

  /** Games held (for tests). */
  get size(): number {
    return this.#entries.size;
  }

  /** Bytes held by every circle (for tests). */
  get bytes(): number {
    return this.#bytes;
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
    // Subscribed before the read, so a friend stored meanwhile is not missed (adding is idempotent).
    entry.unsubscribe = this.bus.subscribe(gameId, (event) => this.#onEvent(gameId, entry, event));
    this.#entries.set(gameId, entry);
    this.#step(gameId, entry, async () => {
      // A play of fewer than half its rounds answered is in no one's circle (see shared/trust.ts).
      const friends = (await this.friends.listFriends(gameId)).filter((friend) => answersHalf(edition, friend.answers));
      return new CircleIndex(edition, friends);
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
    if (entry.evicted) return;
    this.#bytes += index.bytes - entry.bytes;
    entry.bytes = index.bytes;
    this.#makeRoom(gameId);
  }

  #evict(gameId: string, entry: Entry): void {
    if (entry.evicted) return;
    entry.evicted = true;
    entry.unsubscribe();
    this.#bytes -= entry.bytes;
    if (this.#entries.get(gameId) === entry) this.#entries.delete(gameId);
  }

  /** Oldest first, never the game just used. */
  #makeRoom(keep: string): void {
    for (const [gameId, entry] of this.#entries) {
      if (this.#bytes <= this.budgetBytes && this.#entries.size <= this.capacity) return;
      if (gameId !== keep) this.#evict(gameId, entry);
    }
  }
}
