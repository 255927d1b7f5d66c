import type { Server } from 'node:net';

/**
 * Spreads bursts of work over turns of the event loop. When a network drop or a deploy makes
 * thousands of sockets reconnect at once, each one's work (looking up its game or party, the
 * upgrade, its snapshot or state) is small, but thousands of them in one turn keep every other
 * request waiting for seconds. Here they queue: at most `perTurn` go on per turn, the next ones in
 * a later turn (setImmediate runs after the turn's I/O), so requests in between are answered.
 */
export class TurnPacer {
  #queue: (() => void)[] = [];
  #head = 0;
  #scheduled = false;

  constructor(private readonly perTurn: number) {}

  /** Resolves when it is this caller's turn (in this turn already, if few are waiting). */
  turn(): Promise<void> {
    return new Promise((resolve) => {
      this.#queue.push(resolve);
      if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(this.#drain);
      }
    });
  }

  /** Waiting callers. */
  get waiting(): number {
    return this.#queue.length - this.#head;
  }

  readonly #drain = (): void => {
    const end = Math.min(this.#queue.length, this.#head + this.perTurn);
    // Each resolution's work runs in the microtasks after this callback, before the next turn.
    for (; this.#head < end; this.#head++) this.#queue[this.#head]();
    if (this.#head < this.#queue.length) {
      setImmediate(this.#drain);
      return;
    }
    this.#queue = [];
    this.#head = 0;
    this.#scheduled = false;
  };
}

/**
 * New connections start reading `perTurn` per turn of the event loop. In a reconnect storm the
 * kernel hands over thousands of connections at once, and their requests (HTTP parsing, routing,
 * the request hooks and logger) all ran in the turn that read them, before any JavaScript of ours
 * could pace them (TurnPacer paces what comes after routing). Each connection is accepted at
 * once but paused (net.Server's `pauseOnConnect`, which Node's HTTP server does not take as an
 * option) and resumed in its turn; an idle kept-alive connection is not affected.
 */
export function paceConnections(server: Server, perTurn: number): void {
  const pacer = new TurnPacer(perTurn);
  // Read by net.Server for every connection it accepts; not in @types/node.
  (server as Server & { pauseOnConnect: boolean }).pauseOnConnect = true;
  server.on('connection', (socket) => {
    void pacer.turn().then(() => socket.resume());
  });
}
