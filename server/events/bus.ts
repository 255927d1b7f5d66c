import {
  BUS_MESSAGE_TYPES,
  type BusMessage,
  type LIVE_MESSAGE_TYPES,
  PARTY_MESSAGE_TYPES,
  type PartyLiveMessageType,
} from '../../shared/live.js';
import type { PartyLiveMessage } from '../../shared/party.js';

/**
 * Something that changed a game's scoreboard, as announced to whoever watches that game: the live
 * channel's `bus` messages (shared/live.ts LIVE_MESSAGE_TYPES, which says what each one means).
 */
export type GameEvent =
  | BusMessage
  /**
   * Events may have been missed (a bus spanning instances reconnected): whoever keeps state about
   * this game must re-read it. Not published by repositories.
   */
  | { type: 'resync' };

export type GameEventListener = (event: GameEvent) => void;

/**
 * A party's message as it travels between instances (docs/scaling.md, "Party clocks"), one per
 * party message type of shared/live.ts: the whole state (`party-state`) only as the `seq` it was
 * stored at (each instance re-reads it: it is per language, and too big for a notification); a
 * small one (`party-delta`) as the sockets get it, `answered` with the answer itself, which the
 * other instances keep for their player's `me` (it never goes to a socket from here). Plus `here`:
 * the players an instance has sockets of, for the clock's instance to work out who is connected.
 */
export type PartyEvent =
  | {
      [K in PartyLiveMessageType]: (typeof LIVE_MESSAGE_TYPES)[K] extends 'party-state'
        ? { type: K; seq: number }
        : Extract<PartyLiveMessage, { type: K }> & (K extends 'answered' ? { round: number; answer: number } : unknown);
    }[PartyLiveMessageType]
  | { type: 'here'; instance: string; playerIDs: string[] };

/** Every event a bus carries between instances: games' and parties'. */
export type BusEvent = GameEvent | PartyEvent;
export type PartyEventListener = (event: PartyEvent | { type: 'resync' }) => void;

/** The types of event that travel between instances (`resync` does not: each bus raises it itself). */
export const BUS_EVENT_TYPES: ReadonlySet<string> = new Set<string>([
  ...BUS_MESSAGE_TYPES,
  ...PARTY_MESSAGE_TYPES,
  'here' satisfies PartyEvent['type'],
]);
const GAME_EVENT_TYPES: ReadonlySet<string> = new Set<GameEvent['type']>([...BUS_MESSAGE_TYPES, 'resync']);
const isGameEvent = (event: BusEvent): event is GameEvent => GAME_EVENT_TYPES.has(event.type);
const isPartyEvent = (event: BusEvent): event is PartyEvent | { type: 'resync' } =>
  event.type === 'resync' || !GAME_EVENT_TYPES.has(event.type);
/** Hears the events of every game; `resync` is never sent to it (it belongs to no game). */
export type AnyGameListener = (gameId: string, event: GameEvent) => void;

/**
 * The kinds of event that reach `subscribeAll` from every game on every bus: what an instance
 * keeps about games it does not watch (stored cards) changes with these only. A bus with a
 * channel per game (Redis) carries the others only to the instances watching that game.
 */
export const EVERY_GAME_EVENTS: ReadonlySet<BusEvent['type']> = new Set<BusEvent['type']>(['deleted', 'removed']);

export interface SubscribeOptions {
  /**
   * Called once this instance hears every instance's events of the game, at once on a bus that
   * always does: a subscriber that reads what it keeps only then is not sent `resync` for the
   * moment before (the Redis bus subscribes to the game's channel first; see GameChannels).
   */
  heard?: () => void;
}

/**
 * Carries game events from the code that commits them to whoever watches that game (live
 * sockets, caches). It is its own module so that games/ (which publishes) and live/ (which
 * listens) never import each other, and so that a bus spanning several server instances
 * (PostgreSQL LISTEN/NOTIFY) can replace the in-process one without touching either.
 */
export interface GameEventBus {
  /**
   * True on a bus with a channel per game (Redis): an instance hears a game's events only while
   * it has a subscriber of that game. Otherwise every instance hears every game.
   */
  readonly perGame?: boolean;
  publish(gameId: string, event: BusEvent): void;
  /** Returns the function that unsubscribes. */
  subscribe(gameId: string, listener: GameEventListener, options?: SubscribeOptions): () => void;
  /** A party's events (and `resync`), as `subscribe` a game's; returns the function that unsubscribes. */
  subscribeParty(partyId: string, listener: PartyEventListener): () => void;
  /**
   * Every game's events, for whoever keeps something per game outside a cache (stored cards): of
   * the games this instance does not watch, only EVERY_GAME_EVENTS are sure to come.
   */
  subscribeAll(listener: AnyGameListener): () => void;
}

/** The bus for a single server process. */
export class InProcessEventBus implements GameEventBus {
  /** By game (or party): each listener is wrapped to hear only its own kind of event. */
  private readonly listeners = new Map<string, Set<(event: BusEvent) => void>>();
  private readonly everyGame = new Set<AnyGameListener>();

  publish(gameId: string, event: BusEvent): void {
    this.deliverToGame(gameId, event);
    this.deliverToEveryGame(gameId, event);
  }

  /** To the game's subscribers only (a bus spanning instances that carries each game on its own channel). */
  deliverToGame(gameId: string, event: BusEvent): void {
    for (const listener of this.listeners.get(gameId) ?? []) listener(event);
  }

  /** To `subscribeAll` only (parties' events are not games'). */
  deliverToEveryGame(gameId: string, event: BusEvent): void {
    if (!isGameEvent(event)) return;
    for (const listener of this.everyGame) listener(gameId, event);
  }

  /** True while the game has subscribers here. */
  watches(gameId: string): boolean {
    return this.listeners.has(gameId);
  }

  subscribe(gameId: string, listener: GameEventListener, options: SubscribeOptions = {}): () => void {
    // Wrapped, so that one listener subscribed twice is called twice and unsubscribed once per call.
    return this.add(
      gameId,
      (event) => {
        if (isGameEvent(event)) listener(event);
      },
      options,
    );
  }

  subscribeParty(partyId: string, listener: PartyEventListener): () => void {
    return this.add(partyId, (event) => {
      if (isPartyEvent(event)) listener(event);
    });
  }

  private add(gameId: string, entry: (event: BusEvent) => void, options: SubscribeOptions = {}): () => void {
    let set = this.listeners.get(gameId);
    if (!set) {
      set = new Set();
      this.listeners.set(gameId, set);
    }
    set.add(entry);
    // This bus hears every event of this process: the subscriber may read now.
    if (options.heard) queueMicrotask(options.heard);
    return () => {
      const current = this.listeners.get(gameId);
      current?.delete(entry);
      if (current?.size === 0) this.listeners.delete(gameId);
    };
  }

  /**
   * Tells the subscribers of `gameId`, or of every game, that events may have been missed (a bus
   * spanning instances reconnected): they re-read what they keep. Not sent to `subscribeAll`.
   */
  resync(gameId?: string): void {
    const games = gameId === undefined ? [...this.listeners.values()] : [this.listeners.get(gameId) ?? []];
    for (const listeners of games) for (const listener of [...listeners]) listener({ type: 'resync' });
  }

  subscribeAll(listener: AnyGameListener): () => void {
    // Wrapped, so that one listener subscribed twice is called twice and unsubscribed once per call.
    const entry: AnyGameListener = (gameId, event) => listener(gameId, event);
    this.everyGame.add(entry);
    return () => {
      this.everyGame.delete(entry);
    };
  }
}
