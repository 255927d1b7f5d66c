import type { RedisConnections } from './redis-connections.js';

/** The shard channel of one game's events, under the bus's control channel's name. */
export const gameChannel = (control: string, gameId: string) => `${control}:g:${gameId}`;

/** The game of a channel made by `gameChannel`, or undefined for any other. */
export function gameOfChannel(control: string, channel: string): string | undefined {
  const prefix = `${control}:g:`;
  return channel.startsWith(prefix) ? channel.slice(prefix.length) : undefined;
}

/** One game's channel on this instance. */
interface GameChannel {
  /** Local subscribers of the game: subscribed to its channel while there are any. */
  listeners: number;
  /** The node it is subscribed on (or being subscribed on). */
  node: string | undefined;
  /** SSUBSCRIBE answered: every instance's events of the game reach this one. */
  on: boolean;
  /** A SSUBSCRIBE or SUNSUBSCRIBE is under way (one at a time per channel). */
  busy: boolean;
  /** Subscribers waiting to read what they keep until the channel is on (see `want`). */
  hearing: Set<() => void>;
  /**
   * Some subscriber may have missed events before the channel was on (it did not wait, or its wait
   * ran out): all of the game's subscribers resync once it is.
   */
  resyncWhenOn: boolean;
}

export interface ChannelOptions {
  control: string;
  connections: RedisConnections;
  /** The longest a subscriber waits for its channel before it reads anyway (and resyncs once it is on). */
  waitMs: number;
  /** Tells the game's local subscribers to re-read it. */
  resync(gameId: string): void;
  log(message: string, error?: unknown): void;
}

/**
 * Which games' channels this instance subscribes to: one per game that has a local subscriber
 * (a socket's room, a cache), subscribed with the first and unsubscribed with the last, so that an
 * instance receives nothing for the games it does not watch.
 *
 * A subscriber must not miss an event between its read of the game and the SSUBSCRIBE: one that
 * passes `heard` reads once the channel is on (or after `waitMs` if Redis is slow to answer, then
 * it is resynced once the channel is on); one that does not is resynced once the channel is on.
 */
export class GameChannels {
  private readonly games = new Map<string, GameChannel>();
  private closed = false;

  constructor(private readonly options: ChannelOptions) {}

  /** A local subscriber of `gameId` came; `heard` (if any) is called once it may read the game. */
  want(gameId: string, heard?: () => void): void {
    let game = this.games.get(gameId);
    if (!game) {
      game = { listeners: 0, node: undefined, on: false, busy: false, hearing: new Set(), resyncWhenOn: false };
      this.games.set(gameId, game);
    }
    game.listeners += 1;
    if (game.on) {
      if (heard) queueMicrotask(heard);
    } else if (heard) {
      game.hearing.add(heard);
      const timer = setTimeout(() => {
        if (!game.hearing.delete(heard)) return;
        game.resyncWhenOn = true;
        heard();
      }, this.options.waitMs);
      timer.unref();
    } else game.resyncWhenOn = true;
    void this.reconcile(gameId, game);
  }

  /** A local subscriber of `gameId` left. */
  drop(gameId: string): void {
    const game = this.games.get(gameId);
    if (!game) return;
    game.listeners -= 1;
    void this.reconcile(gameId, game);
  }

  /** True while every instance's events of `gameId` reach this one. */
  isOn(gameId: string): boolean {
    return this.games.get(gameId)?.on === true;
  }

  /** The channels on `node` went with its connection: nothing of theirs arrives until they are subscribed again. */
  lost(node: string): void {
    for (const game of this.games.values()) {
      if (game.node === node) game.on = false;
    }
  }

  /**
   * `node`'s subscription connection is ready: subscribes its channels. After a reconnection
   * (`again`) the bus resyncs every subscriber, so none is resynced here.
   */
  async resubscribe(node: string, again: boolean): Promise<void> {
    const waiting: Promise<void>[] = [];
    for (const [gameId, game] of this.games) {
      if (game.node !== node && game.node !== undefined) continue;
      game.on = false;
      if (again) game.resyncWhenOn = false;
      waiting.push(this.reconcile(gameId, game));
    }
    await Promise.all(waiting);
  }

  /** Games with local subscribers now (for tests and logs). */
  get watched(): number {
    return this.games.size;
  }

  close(): void {
    this.closed = true;
    for (const game of this.games.values()) this.releaseHearing(game);
  }

  /** Brings the channel to what its subscribers want, one command at a time. */
  private async reconcile(gameId: string, game: GameChannel): Promise<void> {
    if (game.busy) return;
    game.busy = true;
    const channel = gameChannel(this.options.control, gameId);
    const { connections } = this.options;
    try {
      while (!this.closed) {
        if (game.listeners > 0 && !game.on) {
          game.node = connections.nodeOf(channel);
          // Not connected there yet (a node's first channel, or a reconnection): its 'ready'
          // subscribes it (resubscribe); the subscribers waiting read after `waitMs` at most.
          if (!connections.ready(game.node)) return;
          await connections.ssubscribe(channel, game.node);
          game.on = true;
          if (game.listeners > 0) this.nowOn(gameId, game);
        } else if (game.listeners === 0 && game.on) {
          game.on = false;
          await connections.sunsubscribe(channel, game.node as string);
        } else break;
      }
    } catch (error) {
      // Dropped meanwhile (its 'ready' subscribes it again), or a cluster moved the slot: tried again.
      game.on = false;
      this.notHearing(game);
      if (!this.closed) {
        this.options.log(`subscribing to the channel of game ${gameId} failed; trying again`, error);
        setTimeout(() => void this.reconcile(gameId, game), this.options.waitMs).unref();
      }
    } finally {
      game.busy = false;
      if (game.listeners === 0 && !game.on && this.games.get(gameId) === game) this.games.delete(gameId);
    }
  }

  /** The channel is on: the waiting subscribers read now; the others (or those that read early) resync. */
  private nowOn(gameId: string, game: GameChannel): void {
    this.releaseHearing(game);
    if (game.resyncWhenOn) {
      game.resyncWhenOn = false;
      this.options.resync(gameId);
    }
  }

  /** The channel cannot be on soon: the waiting subscribers read now and resync once it is. */
  private notHearing(game: GameChannel): void {
    if (game.hearing.size > 0) game.resyncWhenOn = true;
    this.releaseHearing(game);
  }

  private releaseHearing(game: GameChannel): void {
    const waiting = [...game.hearing];
    game.hearing.clear();
    for (const heard of waiting) heard();
  }
}
