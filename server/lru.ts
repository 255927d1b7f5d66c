interface LruOptions<V> {
  /** Whether an entry may go to make room (default: every one); one that may not stays, over capacity. */
  evictable?: (value: V) => boolean;
  /** Called for each entry that went to make room (not for `delete`). */
  onEvict?: (value: V) => void;
}

/**
 * A least-recently-used map: past `capacity` entries, the one unused longest that may go goes
 * (never the one just set). The link previews' memory (cards/og-cards.ts) and the live rooms
 * (live/rooms.ts, whose rooms with sockets stay) both keep their entries in one.
 */
export class LruCache<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #evictable: (value: V) => boolean;
  readonly #onEvict: ((value: V) => void) | undefined;

  constructor(
    readonly capacity: number,
    options: LruOptions<V> = {},
  ) {
    this.#evictable = options.evictable ?? (() => true);
    this.#onEvict = options.onEvict;
  }

  /** The entry, now the most recently used. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    // A Map iterates in insertion order: re-inserting makes this the most recent.
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  /** The entry, leaving the order as it is. */
  peek(key: K): V | undefined {
    return this.#entries.get(key);
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    // Deleting while iterating a Map is safe: the rest are still visited, oldest first.
    for (const [oldKey, oldValue] of this.#entries) {
      if (this.#entries.size <= this.capacity) return;
      if (oldKey === key || !this.#evictable(oldValue)) continue;
      this.#entries.delete(oldKey);
      this.#onEvict?.(oldValue);
    }
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}
