import type { Player } from '../../shared/api.js';
import type { GameEvent, GameEventBus } from '../events/bus.js';
import type { Game, GameRepository } from './repository.js';

/** Games kept in memory at most (least recently used first out); games with live sockets always stay. */
export const GAME_CACHE_CAPACITY = 2000;

/** One scoreboard row and its JSON, serialized once. */
interface Row {
  player: Player;
  json: string;
}

/**
 * A game's scoreboard as the repository would list it (highest score first, earliest first among
 * equals), with its JSON kept until the next change.
 */
export class Scoreboard {
  readonly #rows: Row[] = [];
  #players: string | undefined;
  #reply: string | undefined;
  #snapshot: string | undefined;

  constructor(players: readonly Player[] = []) {
    for (const player of players) this.#rows.push(row(player));
  }

  get players(): Player[] {
    return this.#rows.map((r) => r.player);
  }

  /** The get-all-players reply, `{"players":[…]}`. */
  get reply(): string {
    this.#reply ??= `{"players":${this.#playersJson()}}`;
    return this.#reply;
  }

  /** The live snapshot message, `{"type":"snapshot","players":[…]}`. */
  get snapshot(): string {
    this.#snapshot ??= `{"type":"snapshot","players":${this.#playersJson()}}`;
    return this.#snapshot;
  }

  /** A new friend goes after every friend with the same or a higher score (they are the latest). Idempotent. */
  add(player: Player): void {
    if (this.#rows.some((r) => r.player.playerID === player.playerID)) return;
    let low = 0;
    let high = this.#rows.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#rows[middle].player.score >= player.score) low = middle + 1;
      else high = middle;
    }
    this.#rows.splice(low, 0, row(player));
    this.#changed();
  }

  /** Idempotent. */
  remove(playerID: string): void {
    const at = this.#rows.findIndex((r) => r.player.playerID === playerID);
    if (at === -1) return;
    this.#rows.splice(at, 1);
    this.#changed();
  }

  #playersJson(): string {
    this.#players ??= `[${this.#rows.map((r) => r.json).join(',')}]`;
    return this.#players;
  }

  #changed(): void {
    this.#players = undefined;
    this.#reply = undefined;
    this.#snapshot = undefined;
  }
}

/** Fixed key order, as the reply schema and the live messages write it. */
function row(player: Player): Row {
  const clean = { playerID: player.playerID, playerName: player.playerName, score: player.score };
  return { player: clean, json: JSON.stringify(clean) };
}

/** What the cache holds about one game; it listens to the game's events as long as it is cached. */
interface Entry {
  unsubscribe: () => void;
  definition?: Promise<Game | undefined>;
  board?: Promise<Scoreboard | undefined>;
  /** The board once read: events change it as they arrive. */
  settled?: Scoreboard;
  /** While the board is being read: its events since the entry subscribed, replayed on the read. */
  pending?: GameEvent[];
  evicted: boolean;
}

/**
 * Game definitions and scoreboards in memory, read from the repository once and then kept up to
 * date ONLY by the game event bus (a `player` is inserted in order, `removed` dropped; `deleted`,
 * `resync` or a failed read evicts the game). Handlers never write to it, so several instances
 * sharing one database and one bus see the same thing. A game not found is never remembered (it
 * may be created later on another instance).
 */
export class GameCache {
  readonly #entries = new Map<string, Entry>();
  /** Games with live sockets, and how many pins each: never evicted for room. */
  readonly #pins = new Map<string, number>();

  constructor(
    private readonly games: GameRepository,
    private readonly bus: GameEventBus,
    readonly capacity = GAME_CACHE_CAPACITY,
  ) {}

  /** The game's definition (questions, creator answers, creator), as `GameRepository.findGame`. */
  findGame(gameId: string): Promise<Game | undefined> {
    const entry = this.#entry(gameId);
    if (entry.definition) return entry.definition;
    const reading = this.games.findGame(gameId);
    entry.definition = reading;
    const forget = () => {
      if (entry.definition === reading) entry.definition = undefined;
    };
    reading.then((game) => game || forget(), forget);
    return reading;
  }

  async gameExists(gameId: string): Promise<boolean> {
    const entry = this.#entries.get(gameId);
    if (entry?.board && (await entry.board)) return true;
    if (entry?.definition && (await entry.definition)) return true;
    return this.games.gameExists(gameId);
  }

  /** The game's scoreboard; undefined if there is no such game. Read it, never change it. */
  scoreboard(gameId: string): Promise<Scoreboard | undefined> {
    const entry = this.#entry(gameId);
    if (entry.board) return entry.board;
    entry.pending = [];
    const reading = this.#readBoard(gameId, entry);
    entry.board = reading;
    const forget = () => {
      if (entry.board === reading) entry.board = undefined;
    };
    reading.then((board) => board || forget(), forget);
    return reading;
  }

  /** Keeps the game in memory (live sockets watch it) until the returned function is called. */
  pin(gameId: string): () => void {
    this.#pins.set(gameId, (this.#pins.get(gameId) ?? 0) + 1);
    let pinned = true;
    return () => {
      if (!pinned) return;
      pinned = false;
      const left = (this.#pins.get(gameId) ?? 1) - 1;
      if (left > 0) this.#pins.set(gameId, left);
      else this.#pins.delete(gameId);
    };
  }

  /** Drops what is held about the game (it is read again when next asked for). */
  evict(gameId: string): void {
    const entry = this.#entries.get(gameId);
    if (entry) this.#evict(gameId, entry);
  }

  /** Games held (for tests). */
  get size(): number {
    return this.#entries.size;
  }

  async #readBoard(gameId: string, entry: Entry): Promise<Scoreboard | undefined> {
    try {
      if (!(await this.games.gameExists(gameId))) return undefined;
      const board = new Scoreboard(await this.games.listPlayers(gameId));
      // Events delivered while reading may or may not be in the read; each is idempotent, so
      // replaying them in order gives the state after the last of them.
      for (const event of entry.pending ?? []) applyTo(board, event);
      // In the same step as the end of pending: from here on, events change the board directly.
      if (!entry.evicted) entry.settled = board;
      return board;
    } finally {
      entry.pending = undefined;
    }
  }

  #entry(gameId: string): Entry {
    const found = this.#entries.get(gameId);
    if (found) {
      // Most recently used last.
      this.#entries.delete(gameId);
      this.#entries.set(gameId, found);
      return found;
    }
    const entry: Entry = { unsubscribe: () => {}, evicted: false };
    entry.unsubscribe = this.bus.subscribe(gameId, (event) => this.#onEvent(gameId, entry, event));
    this.#entries.set(gameId, entry);
    this.#makeRoom();
    return entry;
  }

  #onEvent(gameId: string, entry: Entry, event: GameEvent): void {
    if (entry.evicted) return;
    switch (event.type) {
      case 'deleted':
      case 'resync':
        this.#evict(gameId, entry);
        return;
      case 'player':
      case 'removed':
        if (entry.pending) entry.pending.push(event);
        else if (entry.settled) applyTo(entry.settled, event);
        return;
    }
  }

  #evict(gameId: string, entry: Entry): void {
    entry.evicted = true;
    entry.unsubscribe();
    entry.board = undefined;
    entry.settled = undefined;
    entry.definition = undefined;
    if (this.#entries.get(gameId) === entry) this.#entries.delete(gameId);
  }

  #makeRoom(): void {
    if (this.#entries.size <= this.capacity) return;
    for (const [gameId, entry] of this.#entries) {
      if (this.#entries.size <= this.capacity) return;
      if (!this.#pins.has(gameId)) this.#evict(gameId, entry);
    }
  }
}

function applyTo(board: Scoreboard, event: GameEvent): void {
  if (event.type === 'player') board.add(event.player);
  else if (event.type === 'removed') board.remove(event.playerID);
}
