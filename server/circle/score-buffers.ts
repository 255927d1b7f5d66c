/**
 * The pair-score triangles of evicted circles, kept to be used again by the next circle of the same
 * size instead of being left to the garbage collector. A triangle of 1,000 friends is half a MiB of
 * memory outside the JavaScript heap (an ArrayBuffer): when the circle cache turns games over, new
 * triangles used to be allocated faster than the collector gave the old ones back, and the
 * process held about three times the cache's budget. Sizes are whole size classes (circles grow
 * their capacity in powers of two), so a kept triangle fits the next circle of its class exactly.
 * What is kept here counts towards the cache's budget (`bytes`) and is bounded by `maxBytes`.
 */
export class ScoreBuffers {
  readonly #free = new Map<number, Uint8Array[]>();
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  /** Bytes kept for reuse. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Whether a buffer of `size` bytes is kept. */
  has(size: number): boolean {
    return (this.#free.get(size)?.length ?? 0) > 0;
  }

  /** A buffer of exactly `size` bytes: a kept one (its old contents left in place) or a new one. */
  take(size: number): Uint8Array {
    const kept = this.#free.get(size)?.pop();
    if (!kept) return new Uint8Array(size);
    this.#bytes -= size;
    return kept;
  }

  /** Keeps `buffer` for a later `take`, if there is room; its owner must not touch it again. */
  give(buffer: Uint8Array): void {
    const size = buffer.byteLength;
    if (size === 0 || this.#bytes + size > this.maxBytes) return;
    const list = this.#free.get(size);
    if (list) list.push(buffer);
    else this.#free.set(size, [buffer]);
    this.#bytes += size;
  }

  /** Gives back up to `bytes` of kept buffers to the collector, biggest first (the cache needs room). */
  shrink(bytes: number): void {
    let left = bytes;
    for (const size of [...this.#free.keys()].sort((a, b) => b - a)) {
      const list = this.#free.get(size) as Uint8Array[];
      while (left > 0 && list.length > 0) {
        list.pop();
        this.#bytes -= size;
        left -= size;
      }
      if (list.length === 0) this.#free.delete(size);
      if (left <= 0) return;
    }
  }
}
