import type { BusMessage } from '../../shared/live.js';

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
/** Hears the events of every game; `resync` is never sent to it (it belongs to no game). */
export type AnyGameListener = (gameId: string, event: GameEvent) => void;

/**
 * Carries game events from the code that commits them to whoever watches that game (live
 * sockets, caches). It is its own module so that games/ (which publishes) and live/ (which
 * listens) never import each other, and so that a bus spanning several server instances
 * (PostgreSQL LISTEN/NOTIFY) can replace the in-process one without touching either.
 */
export interface GameEventBus {
  publish(gameId: string, event: GameEvent): void;
  /** Returns the function that unsubscribes. */
  subscribe(gameId: string, listener: GameEventListener): () => void;
  /** Every game's events, for whoever keeps something per game outside a cache (stored cards). */
  subscribeAll(listener: AnyGameListener): () => void;
}

/** The bus for a single server process. */
export class InProcessEventBus implements GameEventBus {
  private readonly listeners = new Map<string, Set<GameEventListener>>();
  private readonly everyGame = new Set<AnyGameListener>();

  publish(gameId: string, event: GameEvent): void {
    for (const listener of this.listeners.get(gameId) ?? []) listener(event);
    for (const listener of this.everyGame) listener(gameId, event);
  }

  subscribe(gameId: string, listener: GameEventListener): () => void {
    // Wrapped, so that one listener subscribed twice is called twice and unsubscribed once per call.
    const entry: GameEventListener = (event) => listener(event);
    let set = this.listeners.get(gameId);
    if (!set) {
      set = new Set();
      this.listeners.set(gameId, set);
    }
    set.add(entry);
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
