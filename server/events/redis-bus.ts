import { Redis, type RedisOptions } from 'ioredis';
import type { AnyGameListener, GameEvent, GameEventBus, GameEventListener } from './bus.js';
import { InProcessEventBus } from './bus.js';
import { type Announced, Echoes, envelopeJson, GAME_EVENTS_CHANNEL, NO_ECHO, parseEnvelope } from './envelope.js';

/** Redis could not be reached when the bus started (the server does not start without it). */
export class BusUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`Redis cannot be reached: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** How the subscription connection of a bus on `channel` shows up in CLIENT LIST. */
export const subscriberName = (channel: string) => `wavelength-subscriber-${channel}`;

export interface RedisEventBusOptions {
  /** redis:// or rediss:// (BUS_URL). */
  url: string;
  /** Every instance of one deployment must use the same; tests give each their own. */
  channel?: string;
  /** Delivers to this instance's subscribers; tests pass one that counts subscriptions. */
  local?: InProcessEventBus;
  /** Reconnect delays: the first, doubled after each failed attempt up to the last. */
  backoff?: { firstMs: number; maxMs: number };
  /** How long one attempt to connect may take. */
  connectTimeoutMs?: number;
  /** How long a PUBLISH may take before the write gives up on it and delivers on this instance only. */
  publishTimeoutMs?: number;
  log?: (message: string, error?: unknown) => void;
}

/**
 * A game event bus spanning every instance that shares one Redis, over pub/sub on one channel.
 * Each instance holds one subscription connection, on which every message is delivered to its
 * local subscribers, including those of its own writes, and one connection to publish on. The
 * PostgreSQL repositories publish each commit once it is done (redis-announce.ts) and wait for
 * its echo, as with LISTEN/NOTIFY. When the subscription drops it reconnects by itself with
 * backoff, then tells every subscriber to `resync`, since messages sent meanwhile are lost.
 */
export class RedisEventBus implements GameEventBus {
  readonly channel: string;
  private readonly local: InProcessEventBus;
  private readonly log: (message: string, error?: unknown) => void;
  private readonly subscriber: Redis;
  private readonly publisher: Redis;
  /**
   * Games whose events could not be published: once a PUBLISH works again, every instance is told
   * to resync them (the others may have kept their subscription while this one lost Redis).
   */
  private readonly missed = new Set<string>();
  private readonly echoes = new Echoes();
  private subscribed = false;
  /** Set once the first subscription is made: any later one is a reconnection. */
  private started = false;
  private closed = false;
  /** False from a failed PUBLISH to the next one that works: one log line per outage. */
  private publishing = true;
  /** What the connections last failed with (ioredis rejects a failed connect with a vaguer error). */
  private lastError: unknown;

  constructor(options: RedisEventBusOptions) {
    this.channel = options.channel ?? GAME_EVENTS_CHANNEL;
    this.local = options.local ?? new InProcessEventBus();
    this.log = options.log ?? (() => {});
    const { firstMs, maxMs } = options.backoff ?? { firstMs: 100, maxMs: 5_000 };
    const common: RedisOptions = {
      lazyConnect: true,
      connectTimeout: options.connectTimeoutMs ?? 10_000,
      retryStrategy: (attempt) => Math.min(maxMs, firstMs * 2 ** (attempt - 1)),
      // A command in flight when the connection drops fails at once rather than waiting for it
      // to come back: a write never waits on Redis for longer than a PUBLISH takes.
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      // The subscription only ever receives: a peer gone without closing is found out.
      keepAlive: 10_000,
    };
    this.subscriber = new Redis(options.url, {
      ...common,
      connectionName: subscriberName(this.channel),
      // Subscribed again by this bus on every reconnection, so that it knows when to resync.
      autoResubscribe: false,
    });
    this.publisher = new Redis(options.url, {
      ...common,
      connectionName: `wavelength-publisher-${this.channel}`,
      // While Redis is down a PUBLISH fails at once (the write delivers here only), never queues.
      enableOfflineQueue: false,
      commandTimeout: options.publishTimeoutMs ?? 5_000,
    });
    this.subscriber.on('message', (channel: string, message: string) => this.received(channel, message));
    this.subscriber.on('ready', () => this.resubscribe());
    this.subscriber.on('close', () => this.lost());
    this.subscriber.on('error', (error) => {
      this.lastError = error;
      // Not while starting: a failed start is one error of its own (BusUnavailableError).
      if (this.started && !this.closed) this.log('the Redis subscription connection failed', error);
    });
    // Its failures show in failed publishes (logged there once per outage).
    this.publisher.on('error', (error) => {
      this.lastError = error;
    });
    // Back: the games missed meanwhile are resynced everywhere, without waiting for the next write.
    this.publisher.on('ready', () => this.announceMissed());
  }

  /** Connects and subscribes; rejects with a BusUnavailableError if Redis cannot be reached at all. */
  async start(): Promise<void> {
    try {
      // One after the other: a connection still connecting when close() runs would carry on.
      await this.subscriber.connect();
      await this.publisher.connect();
      await this.subscriber.subscribe(this.channel);
    } catch (error) {
      await this.close();
      throw new BusUnavailableError(this.lastError ?? error);
    }
    this.subscribed = true;
    this.started = true;
  }

  /** True while the subscription connection is up and subscribed. */
  get listening(): boolean {
    return this.subscribed;
  }

  /** Announces to every instance, outside any write (the repositories use `announceCommitted`). */
  publish(gameId: string, event: GameEvent): void {
    void this.announceCommitted([{ gameId, event }]);
  }

  /**
   * Publishes the events of one commit, in order, in one message, and settles once this instance
   * has delivered them (its echo came back), or cannot: the subscription dropped (subscribers
   * resync when it is back), or Redis cannot be reached, when they are delivered here only and
   * the other instances resync once their subscription is back. Never rejects: the write is stored.
   */
  async announceCommitted(events: readonly Announced[]): Promise<void> {
    if (events.length === 0) return;
    const echo = this.subscribed ? this.echoes.expect() : NO_ECHO;
    try {
      await this.publisher.publish(this.channel, envelopeJson(events, echo.id));
    } catch (error) {
      echo.cancel();
      if (this.publishing) {
        this.publishing = false;
        this.log('Redis cannot be reached: game events reach this instance only until it is back', error);
      }
      for (const { gameId, event } of events) {
        this.missed.add(gameId);
        this.local.publish(gameId, event);
      }
      return;
    }
    if (!this.publishing) {
      this.publishing = true;
      this.log('publishing game events to Redis again');
    }
    this.announceMissed();
    try {
      await echo.delivered;
    } finally {
      echo.cancel();
    }
  }

  subscribe(gameId: string, listener: GameEventListener): () => void {
    return this.local.subscribe(gameId, listener);
  }

  /** Every game's events as this instance receives them (a `resync` reaches per-game subscribers only). */
  subscribeAll(listener: AnyGameListener): () => void {
    return this.local.subscribeAll(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.subscribed = false;
    this.echoes.releaseAll();
    // The storage has drained its writes (and their PUBLISHes) before it closes the bus.
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }

  private received(channel: string, message: string): void {
    if (channel !== this.channel) return;
    const envelope = parseEnvelope(message);
    if (!envelope) {
      this.log('ignored a message that is not a game event');
      return;
    }
    for (const { gameId, event } of envelope.events) this.local.publish(gameId, event);
    for (const gameId of envelope.resync ?? []) this.local.resync(gameId);
    this.echoes.heard(envelope.echo);
  }

  /** Tells every instance to resync the games whose events this one could not publish; kept if it fails again. */
  private announceMissed(): void {
    if (this.missed.size === 0 || this.closed) return;
    const games = [...this.missed];
    this.missed.clear();
    this.publisher.publish(this.channel, envelopeJson([], undefined, games)).catch(() => {
      for (const gameId of games) this.missed.add(gameId);
    });
  }

  private lost(): void {
    const wasSubscribed = this.subscribed;
    this.subscribed = false;
    // Their events may never come back now: the writes go on (subscribers resync on reconnect).
    this.echoes.releaseAll();
    if (wasSubscribed && !this.closed) this.log('lost the Redis subscription connection; reconnecting');
  }

  /** The subscription connection is back: subscribe, then every subscriber re-reads what it missed. */
  private async resubscribe(): Promise<void> {
    if (!this.started || this.closed) return;
    try {
      await this.subscriber.subscribe(this.channel);
    } catch (error) {
      // Dropped again: the next 'ready' tries again.
      this.log('subscribing again failed', error);
      return;
    }
    if (this.closed) return;
    this.subscribed = true;
    this.log('subscribed again; resyncing every subscriber');
    this.local.resync();
  }
}
