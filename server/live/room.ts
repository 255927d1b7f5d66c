import type { WebSocket } from 'ws';
import { PLAYING_FADES_AFTER_MS, PLAYING_SHOWN } from '../../shared/live.js';
import type { GameEvent, GameEventBus } from '../events/bus.js';
import type { RoundRepository } from '../games/plays.js';
import type { Game, GameRepository } from '../games/repository.js';
import { applyTo, Scoreboard } from '../games/scoreboard.js';
import { BusWatch } from './bus-watch.js';
import { DELETED, Delivery, type Outgoing, outgoing, Watch, writeOutgoing, writeSnapshot } from './delivery.js';
import type { SlicedFanOut } from './fan-out.js';

/**
 * ONE GAME'S LIVE STATE ON THIS INSTANCE, owned by one object (as tldraw's TLSocketRoom owns a
 * room). A GameRoom owns:
 * - its one subscription to the game event bus (BusWatch): for as long as the room is open, or on
 *   a bus with a channel per game while sockets watch or reads come (without it, no scoreboard);
 * - what was read of the game: its definition and its scoreboard (one serialized snapshot, shared
 *   by every socket);
 * - the live sockets watching the game, each with the messages waiting behind its snapshot;
 * - the order in which events change all of these.
 * Nothing else subscribes for the game's state or writes to its sockets: the cache (rooms.ts) and
 * the live route (routes.ts) only go through the room.
 *
 * Event order, as guaranteed here:
 * 1. Events are taken in the order the bus delivers them, by one listener that first changes the
 *    room's state and then, in the same step, hands the event to the sockets watching at that
 *    moment; a socket that joins later reads a snapshot that already has it.
 * 2. A socket gets its snapshot first, then every event that arrived after it joined, in order
 *    (one that arrived while the snapshot was read may be in the snapshot too: clients place a
 *    player by id, so a repeat is harmless). Writes go through the instance's SlicedFanOut, which
 *    keeps the order of what it is given, after the publishing request has answered.
 * 3. A scoreboard read that overlaps events replays them, in order, onto what it read (each is
 *    idempotent); from the end of the read on, events change the board directly.
 * 4. `deleted`: the room closes (leaves the bus, forgets the game, leaves the registry) and every
 *    socket gets `deleted` after what it was sent before, then is closed.
 * 5. `resync` (events may have been missed: the PostgreSQL bus reconnected): the room forgets what
 *    it read, and every socket gets a fresh snapshot, which replaces the client's list, with what
 *    arrives meanwhile waiting behind it; if the read fails, the sockets are closed (1011) and
 *    reconnect.
 * A game not found is never remembered (it may be created later on another instance).
 */

/** What the rooms of one instance share. */
export interface RoomContext {
  games: GameRepository;
  bus: GameEventBus;
  /** Writes to sockets after the publishing request has answered, a slice of sockets at a time. */
  fanOut: SlicedFanOut<Watch>;
  /** A socket's send-buffer cap in bytes (see `liveBufferLimit`). */
  maxBufferedBytes: number;
  /** Who is playing round by round (the snapshot's `playing`); none without it. */
  playing?: Pick<RoundRepository, 'listPlaying'>;
  /** How long a room without sockets stays on a per-game bus after a board read (see BusWatch). */
  readLingerMs?: number;
}

const NOBODY_PLAYING = { playing: [], more: 0 };

export class GameRoom {
  readonly #sockets = new Map<WebSocket, Watch>();
  /** The sockets of the game's creators: only they hear `reply` (it names a game made for them). */
  readonly #creators = new Set<Watch>();
  readonly #watch: BusWatch;
  /** Sockets joined (or re-snapshotted) so far: a delivery's target list is good while this is unchanged. */
  #joins = 0;
  /** The latest delivery, which later messages may still join (see Delivery). */
  #waiting?: Delivery;
  #open = true;
  #pins = 0;
  #definition?: Promise<Game | undefined>;
  #board?: Promise<Scoreboard | undefined>;
  /** The board once read: events change it as they arrive. */
  #settled?: Scoreboard;
  /** While the board is being read: its events since the read began, replayed on the read. */
  #pending?: GameEvent[];

  /** `onDeleted` is called once the game is deleted and the room closed: the registry forgets it. */
  constructor(
    readonly gameId: string,
    private readonly context: RoomContext,
    private readonly onDeleted: () => void,
  ) {
    this.#watch = new BusWatch(context.bus, gameId, (event) => this.#onEvent(event), {
      lingerMs: context.readLingerMs,
      sockets: () => (this.#open ? this.#sockets.size : 0),
      // Off the bus: what was read of the board is no longer kept up to date.
      left: () => this.#forgetBoard(),
    });
  }

  /** With sockets or pins, the room is never closed for room in the registry. */
  get busy(): boolean {
    return this.#sockets.size > 0 || this.#pins > 0;
  }

  /** The game's definition (questions, creator answers, creator), as `GameRepository.findGame`. */
  findGame(): Promise<Game | undefined> {
    if (this.#definition) return this.#definition;
    const reading = this.context.games.findGame(this.gameId);
    // A closed room reads for its caller and keeps nothing.
    if (!this.#open) return reading;
    this.#definition = reading;
    const forget = () => {
      if (this.#definition === reading) this.#definition = undefined;
    };
    reading.then((game) => game || forget(), forget);
    return reading;
  }

  /** True if what the room has read shows the game exists; false if it has read nothing (ask the repository). */
  async knowsGame(): Promise<boolean> {
    if (this.#board && (await this.#board)) return true;
    return Boolean(this.#definition && (await this.#definition));
  }

  /** The game's scoreboard; undefined if there is no such game. Read it, never change it. */
  scoreboard(): Promise<Scoreboard | undefined> {
    if (this.#sockets.size === 0) this.#watch.readWithoutSockets();
    if (this.#board) return this.#board;
    const pending: GameEvent[] = [];
    // A closed room reads for its caller and keeps nothing.
    if (!this.#open) return this.#readBoard(pending);
    // Read once the bus hears the game (see BusWatch): nothing published meanwhile is missed.
    if (!this.#watch.ready) return this.#watch.watch().then(() => this.scoreboard());
    this.#pending = pending;
    const reading = this.#readBoard(pending);
    this.#board = reading;
    const forget = () => {
      if (this.#board === reading) this.#board = undefined;
    };
    reading.then((board) => board || forget(), forget);
    return reading;
  }

  /** Keeps the room open in the registry until the returned function is called. */
  pin(): () => void {
    this.#pins += 1;
    let pinned = true;
    return () => {
      if (!pinned) return;
      pinned = false;
      this.#pins -= 1;
    };
  }

  /**
   * Adds a socket and writes its snapshot once read; what arrives meanwhile is written after it.
   * The socket is in the room from the call on (before the first await). Rejects if the read
   * fails (the socket is left for its caller to close).
   */
  async join(socket: WebSocket, creator = false): Promise<void> {
    const watch = new Watch(socket);
    this.#sockets.set(socket, watch);
    if (creator) this.#creators.add(watch);
    this.#joins += 1;
    const board = await this.scoreboard();
    this.#ready(watch, watch.generation, board?.snapshot);
  }

  /** Idempotent. */
  leave(socket: WebSocket): void {
    const watch = this.#sockets.get(socket);
    if (!watch) return;
    watch.present = false;
    this.#sockets.delete(socket);
    this.#creators.delete(watch);
    if (this.#sockets.size === 0) this.#watch.leaveIfIdle();
  }

  /** The game was deleted (heard from every game's events while this room is not on the bus). */
  deletedElsewhere(): void {
    if (!this.#watch.subscribed) this.#onEvent({ type: 'deleted' });
  }

  /** Leaves the bus and forgets what was read. Sockets still in the room get what is already on its way. */
  close(): void {
    if (!this.#open) return;
    this.#open = false;
    this.#watch.close();
    this.#forget();
  }

  #onEvent(event: GameEvent): void {
    switch (event.type) {
      case 'deleted':
        this.close();
        this.onDeleted();
        this.#send(DELETED);
        return;
      case 'resync':
        this.#forget();
        this.#resnapshot();
        return;
      case 'playing':
        // A friend already on the board has finished: a late round of theirs is not news.
        if (this.#settled?.has(event.player.playerID)) return;
        if (this.#pending) this.#pending.push(event);
        else if (this.#settled) applyTo(this.#settled, event);
        if (this.#sockets.size > 0) this.#send(outgoing(event));
        return;
      case 'player':
      case 'removed':
        if (this.#pending) this.#pending.push(event);
        else if (this.#settled) applyTo(this.#settled, event);
        if (this.#sockets.size > 0) this.#send(outgoing(event));
        return;
      case 'reply':
      case 'note':
        // Not part of the board: the creators' sockets watching now hear it (a reply names the game
        // made for them, a note is theirs alone; nobody else is told); a reload reads get-replies
        // and get-notes.
        if (this.#creators.size > 0) this.#sendToCreators(outgoing(event));
        return;
      default:
        // A message type in shared/live.ts that this room does not handle fails to compile here.
        event satisfies never;
    }
  }

  async #readBoard(pending: GameEvent[]): Promise<Scoreboard | undefined> {
    const { games } = this.context;
    try {
      if (!(await games.gameExists(this.gameId))) return undefined;
      const now = Date.now();
      const [players, { playing, more }] = await Promise.all([
        games.listPlayers(this.gameId),
        this.context.playing?.listPlaying(this.gameId, now - PLAYING_FADES_AFTER_MS, PLAYING_SHOWN) ?? NOBODY_PLAYING,
      ]);
      const board = new Scoreboard(players);
      // The game's count of rounds, from its definition (most often read already).
      const rounds = playing.length > 0 ? ((await this.findGame())?.questions.length ?? 0) : 0;
      for (const { player, at } of playing) board.setPlaying({ ...player, rounds }, at);
      // The others are only counted (the snapshot says "and N more").
      board.addMorePlaying(more);
      // Events delivered while reading may or may not be in the read; each is idempotent, so
      // replaying them in order gives the state after the last of them.
      for (const event of pending) applyTo(board, event);
      // In the same step as the end of pending: from here on, events change the board directly
      // (unless the room forgot this read meanwhile).
      if (this.#pending === pending) this.#settled = board;
      return board;
    } finally {
      if (this.#pending === pending) this.#pending = undefined;
    }
  }

  /** Drops what was read (it is read again when next asked for); reads under way are not kept. */
  #forget(): void {
    this.#definition = undefined;
    this.#forgetBoard();
  }

  #forgetBoard(): void {
    this.#board = undefined;
    this.#settled = undefined;
    this.#pending = undefined;
  }

  /**
   * To the sockets in the room now: queued behind a snapshot still to come, else written. Joins
   * the delivery still waiting for the same sockets, if there is one (see Delivery).
   */
  #send(message: Outgoing): void {
    const waiting = this.#waiting;
    if (waiting && waiting.joins === this.#joins && waiting.add(message)) return;
    const delivery = new Delivery(message, this.#joins, this.context.maxBufferedBytes, (started) => {
      if (this.#waiting === started) this.#waiting = undefined;
    });
    this.#waiting = delivery;
    this.context.fanOut.push([...this.#sockets.values()], delivery.to);
  }

  /**
   * To the creators' sockets only, in order with what went to everyone before it: a later message
   * for everyone starts a delivery of its own rather than join one that reaches creators only.
   */
  #sendToCreators(message: Outgoing): void {
    this.#waiting = undefined;
    const delivery = new Delivery(message, this.#joins, this.context.maxBufferedBytes, () => {});
    this.context.fanOut.push([...this.#creators], delivery.to);
  }

  /**
   * After a resync: every socket gets a fresh snapshot (which replaces the client's list), and
   * what arrives meanwhile waits behind it.
   */
  #resnapshot(): void {
    if (this.#sockets.size === 0) return;
    this.#joins += 1;
    const fresh = [...this.#sockets.values()];
    for (const watch of fresh) {
      watch.queue = [];
      watch.generation += 1;
    }
    const generations = new Map(fresh.map((watch) => [watch, watch.generation]));
    this.scoreboard().then(
      (board) =>
        this.context.fanOut.push(fresh, (watch) =>
          this.#ready(watch, generations.get(watch) as number, board?.snapshot),
        ),
      () => {
        // Not known to be up to date: the clients reconnect (and get a snapshot then).
        for (const watch of fresh) watch.socket.close(1011, 'Please reconnect.');
      },
    );
  }

  /** Writes the snapshot and then what queued meanwhile, unless a newer snapshot replaced this one. */
  #ready(watch: Watch, generation: number, snapshot: string | undefined): void {
    const queue = watch.queue;
    if (!watch.present || watch.generation !== generation || !queue) return;
    watch.queue = null;
    const limit = this.context.maxBufferedBytes;
    if (snapshot === undefined) writeOutgoing(watch.socket, DELETED, limit);
    else writeSnapshot(watch, snapshot, queue, limit);
  }
}
