import type { GameEventBus } from '../events/bus.js';
import type { GameCache } from '../games/cache.js';
import type { Game, GameRepository } from '../games/repository.js';
import type { Scoreboard } from '../games/scoreboard.js';
import { LruCache } from '../lru.js';
import type { Watch } from './delivery.js';
import { SlicedFanOut } from './fan-out.js';
import { GameRoom, type RoomContext } from './room.js';
import { MAX_BUFFERED_BYTES } from './send.js';

/** Games kept in memory at most (least recently used first out); games with live sockets always stay. */
const GAME_CACHE_CAPACITY = 2000;

interface RoomsOptions {
  /** Rooms kept open at most (GAME_CACHE_CAPACITY); one with sockets or pins is never closed for room. */
  capacity?: number;
  /** A socket's send-buffer cap in bytes (see `liveBufferLimit`). */
  maxBufferedBytes?: number;
  /** Sockets written per turn of the event loop (FAN_OUT_SLICE). */
  fanOutSlice?: number;
  /** Who is playing round by round (the live snapshot's `playing`). */
  playing?: RoomContext['playing'];
  /** On a bus with a channel per game, how long a room without sockets stays on it after a read. */
  readLingerMs?: number;
}

/**
 * The rooms of this instance, one per game in memory (see room.ts), and through them the game
 * cache that every route plugin reads: definitions and scoreboards come from the game's room. The
 * least recently used room without sockets is closed when there are more than `capacity`; a
 * deleted game's room closes itself and leaves. One fan-out for all the rooms, so that writes to
 * sockets never hold the event loop for long whichever games they are for.
 */
export class Rooms implements GameCache {
  readonly #rooms: LruCache<string, GameRoom>;
  readonly #context: RoomContext;
  readonly capacity: number;

  constructor(
    private readonly games: GameRepository,
    bus: GameEventBus,
    options: RoomsOptions = {},
  ) {
    this.capacity = options.capacity ?? GAME_CACHE_CAPACITY;
    // The least recently used rooms without sockets or pins close past `capacity`.
    this.#rooms = new LruCache(this.capacity, { evictable: (room) => !room.busy, onEvict: (room) => room.close() });
    this.#context = {
      games,
      bus,
      fanOut: new SlicedFanOut<Watch>(options.fanOutSlice),
      maxBufferedBytes: options.maxBufferedBytes ?? MAX_BUFFERED_BYTES,
      playing: options.playing,
      readLingerMs: options.readLingerMs,
    };
    // On a bus with a channel per game, a room without sockets is not on it: it hears a deletion
    // (which every instance hears of every game) here.
    if (bus.perGame) {
      bus.subscribeAll((gameId, event) => {
        if (event.type === 'deleted') this.#rooms.peek(gameId)?.deletedElsewhere();
      });
    }
  }

  /** The game's room, opened (subscribed) if there is none; the most recently used from now on. */
  room(gameId: string): GameRoom {
    const found = this.#rooms.get(gameId);
    if (found) return found;
    const room: GameRoom = new GameRoom(gameId, this.#context, () => {
      if (this.#rooms.peek(gameId) === room) this.#rooms.delete(gameId);
    });
    this.#rooms.set(gameId, room);
    return room;
  }

  findGame(gameId: string): Promise<Game | undefined> {
    return this.room(gameId).findGame();
  }

  async gameExists(gameId: string): Promise<boolean> {
    const room = this.#rooms.peek(gameId);
    if (room && (await room.knowsGame())) return true;
    return this.games.gameExists(gameId);
  }

  scoreboard(gameId: string): Promise<Scoreboard | undefined> {
    return this.room(gameId).scoreboard();
  }

  /** Keeps the game's room in memory until the returned function is called. */
  pin(gameId: string): () => void {
    return this.room(gameId).pin();
  }

  /** Rooms open (for tests). */
  get size(): number {
    return this.#rooms.size;
  }
}
