import type { GameEventBus, GameEventListener } from '../events/bus.js';

/** A room without sockets stays on a per-game bus this long after its last board read (a board read over and over is read once). */
export const READ_LINGER_MS = 10_000;

/**
 * A room's subscription to its game on the bus. On a bus that carries every game to every
 * instance (in-process, LISTEN/NOTIFY) it is made with the room and kept while the room is open,
 * so that what the room read stays true whether or not sockets watch. On a bus with a channel per
 * game (`perGame`: Redis sharded pub/sub) it is made with the first socket or board read and
 * dropped with the last socket (or `readLingerMs` after the last read without sockets), so that an
 * instance receives only the events of the games its sockets watch or it serves reads of; without
 * it the room keeps no scoreboard.
 */
export class BusWatch {
  #unsubscribe: (() => void) | undefined;
  /** Settles once the bus hears every instance's events of the game (see SubscribeOptions.heard). */
  #hearing: Promise<void> | undefined;
  #heard = false;
  #closed = false;
  /** When the board was last read without sockets (performance.now()), and the check that follows it. */
  #lastRead = Number.NEGATIVE_INFINITY;
  #lingering: NodeJS.Timeout | undefined;

  constructor(
    private readonly bus: GameEventBus,
    private readonly gameId: string,
    private readonly listener: GameEventListener,
    private readonly room: {
      /** How long a room without sockets stays on a per-game bus after its last board read (READ_LINGER_MS). */
      lingerMs?: number;
      /** The room's sockets now. */
      sockets(): number;
      /** Off a per-game bus: the room drops what it read. */
      left(): void;
    },
  ) {
    if (!bus.perGame) void this.watch();
  }

  /** A board read without sockets: on a per-game bus the room stays on it `lingerMs` from now. */
  readWithoutSockets(): void {
    if (!this.bus.perGame) return;
    this.#lastRead = performance.now();
    if (!this.#lingering) this.leaveIfIdle();
  }

  /** Off a per-game bus once no socket watches and no board read came for `lingerMs`. */
  leaveIfIdle(): void {
    clearTimeout(this.#lingering);
    this.#lingering = undefined;
    if (this.#closed || !this.bus.perGame || this.room.sockets() > 0) return;
    const left = this.#lastRead + (this.room.lingerMs ?? READ_LINGER_MS) - performance.now();
    if (left > 0) {
      this.#lingering = setTimeout(() => this.leaveIfIdle(), left);
      this.#lingering.unref();
    } else if (this.unwatch()) this.room.left();
  }

  /** True while the room hears every event of its game. */
  get subscribed(): boolean {
    return this.#unsubscribe !== undefined;
  }

  /** Subscribed, and the bus hears the game: what the room reads from now on stays true. */
  get ready(): boolean {
    return this.#heard && this.subscribed;
  }

  /** Subscribes if it is not yet; resolves once the room may read what it keeps. */
  watch(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    if (this.#hearing) return this.#hearing;
    const hearing = new Promise<void>((resolve) => {
      const heard = () => {
        if (this.#hearing === hearing) this.#heard = true;
        resolve();
      };
      this.#unsubscribe = this.bus.subscribe(this.gameId, this.listener, { heard });
    });
    this.#hearing = hearing;
    return this.#hearing;
  }

  /** On a bus with a channel per game, unsubscribes; returns true if it did. */
  private unwatch(): boolean {
    if (!this.bus.perGame || !this.#unsubscribe) return false;
    this.#unsubscribe();
    this.#unsubscribe = undefined;
    this.#hearing = undefined;
    this.#heard = false;
    return true;
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#lingering);
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#hearing = undefined;
    this.#heard = false;
  }
}
