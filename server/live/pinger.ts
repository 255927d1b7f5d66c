/**
 * A round of pings (one ping interval) is this many ticks, each pinging one slice of the sockets:
 * 300 (a tick every 100 ms at the default 30 s) keeps a tick to about 65 pings with 20,000 sockets,
 * a millisecond of writes; 30 slices made it 650 pings and their pongs once a second, which a
 * request arriving then waited behind (docs/benchmarks.md, "Party": the answer's p99).
 */
export const PING_SLICES = 300;

interface Pingable {
  ping(): void;
  terminate(): void;
}

/**
 * Pings every live socket once per interval, one slice at a time: a socket joins the smallest of
 * `slices` groups when it opens, and each tick (every interval / slices) pings one group, so a
 * round of ticks pings every socket once. A socket that has not answered its previous ping when
 * its turn comes again is gone (phone asleep, network lost) and is terminated.
 *
 * Why slices: pinging every socket in one go wrote to all of them in one turn of the event loop,
 * and their pongs came back together right after. With 10,000 sockets that held every request
 * for 100–700 ms once per interval (bench/games.ts, issue 38); a slice is a few dozen writes.
 */
export class SpreadPinger<S extends Pingable> {
  readonly #slices: Set<S>[];
  readonly #sliceOf = new Map<S, Set<S>>();
  /** Sockets that answered since their last ping (or opened since). */
  readonly #alive = new WeakSet<S>();
  #next = 0;

  constructor(slices = PING_SLICES) {
    this.#slices = Array.from({ length: slices }, () => new Set<S>());
  }

  /** A socket that just opened: alive, pinged when its slice's turn comes. */
  add(socket: S): void {
    if (this.#sliceOf.has(socket)) return;
    const slice = this.#slices.reduce((smallest, s) => (s.size < smallest.size ? s : smallest));
    slice.add(socket);
    this.#sliceOf.set(socket, slice);
    this.#alive.add(socket);
  }

  /** The socket answered a ping. */
  pong(socket: S): void {
    this.#alive.add(socket);
  }

  /** The socket closed. Idempotent. */
  delete(socket: S): void {
    this.#sliceOf.get(socket)?.delete(socket);
    this.#sliceOf.delete(socket);
  }

  /** Pings the next slice (terminating those that did not answer the previous ping). */
  tick(): void {
    const slice = this.#slices[this.#next];
    this.#next = (this.#next + 1) % this.#slices.length;
    for (const socket of slice) {
      if (!this.#alive.has(socket)) {
        this.delete(socket);
        socket.terminate();
        continue;
      }
      this.#alive.delete(socket);
      socket.ping();
    }
  }

  /** Sockets being pinged. */
  get size(): number {
    return this.#sliceOf.size;
  }
}
