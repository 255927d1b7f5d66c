import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
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
  /** How long a PUBLISH may take before it counts as failed (its games are resynced everywhere once Redis is back). */
  publishTimeoutMs?: number;
  /**
   * How long a write waits at most for its events to go out and come back: past it,
   * they are delivered on this instance, the write returns, and later writes stop waiting until
   * this instance hears its own messages again.
   */
  waitMs?: number;
  /** How often this instance says it is alive on the channel. */
  beatMs?: number;
  /**
   * How long an instance may stay quiet before the others take it for dead and re-read every game
   * they keep (it may have died between a commit and its PUBLISH); also how long this one may go
   * without hearing itself before it takes the bus to have a gap.
   */
  quietMs?: number;
  log?: (message: string, error?: unknown) => void;
}

/** A write waits at most this long for its events to go out and come back (see `waitMs`). */
export const BUS_WAIT_MS = 1_000;
/** Each instance says it is alive this often. */
export const BUS_BEAT_MS = 1_000;
/** An instance quiet for this long is taken for dead (see `quietMs`). */
export const BUS_QUIET_MS = 3_000;
/** Echo ids remembered at most for messages whose events were already delivered here (a repeat is harmless). */
const DELIVERED_HERE_MAX = 10_000;

/** Settles with `promise`, or with 'late' after `ms`, whichever comes first. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(resolve, ms, 'late');
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A game event bus spanning every instance that shares one Redis, over pub/sub on one channel.
 * Each instance holds one subscription connection, on which every message is delivered to its
 * local subscribers, including those of its own writes, and one connection to publish on. The
 * PostgreSQL repositories publish each commit once it is done (redis-announce.ts) and wait for
 * its echo, as with LISTEN/NOTIFY. When the subscription drops it reconnects by itself with
 * backoff, then tells every subscriber to `resync`, since messages sent meanwhile are lost.
 *
 * Redis publishes after the commit, so an instance that dies between the two leaves a commit no
 * other instance hears of. So every instance says it is alive every `beatMs` (and once before its
 * first write); when one goes quiet for `quietMs` without saying it is leaving, the others re-read
 * every game they keep (`resync`). A new instance re-reads once more after its first `quietMs` if
 * some subscriber of the channel never spoke meanwhile (it may have died unheard).
 *
 * A hung or frozen Redis (connected, not answering: CLIENT PAUSE, DEBUG SLEEP, a stalled host)
 * never holds a write more than `waitMs`: its events are delivered here, the write returns, and
 * until this instance hears its own messages again (the bus has a gap) writes do not wait at all;
 * the moment the bus finds the gap (a write waited `waitMs`, or `quietMs` passed without hearing
 * itself), every write still waiting is let go too. Once it hears itself again, it re-reads every
 * game it keeps, and the games whose events could not be published are resynced on every instance.
 */
export class RedisEventBus implements GameEventBus {
  readonly channel: string;
  /** This instance on the channel: each of its messages carries it (`from`). */
  readonly instanceId = randomBytes(6).toString('hex');
  private readonly local: InProcessEventBus;
  private readonly log: (message: string, error?: unknown) => void;
  private readonly subscriber: Redis;
  private readonly publisher: Redis;
  private readonly waitMs: number;
  private readonly beatMs: number;
  private readonly quietMs: number;
  /**
   * Games whose events could not be published: once a PUBLISH works again, every instance is told
   * to resync them (the others may have kept their subscription while this one lost Redis).
   */
  private readonly missed = new Set<string>();
  private readonly echoes = new Echoes();
  /** Echo ids of this instance's messages whose events it already delivered here (it stopped waiting for them). */
  private readonly deliveredHere = new Set<string>();
  /** The other instances heard, and when each was last heard (performance.now()). */
  private readonly peers = new Map<string, number>();
  private beat: NodeJS.Timeout | undefined;
  /** A beat is on its way (a hung Redis never piles them up). */
  private beating = false;
  private lastTick = 0;
  private heardSelfAt = 0;
  /**
   * From the start until `quietMs` later: the other subscribers of the channel then, and those
   * heard since. One that never spoke may have died unheard after a commit.
   */
  private starting: { at: number; others: number; heard: Set<string> } | undefined;
  /** True from a write kept waiting over `waitMs`, or `quietMs` without hearing itself, until it hears itself. */
  private gap = false;
  /** The writes waiting for their echo now: each lets its write go at once (the bus found a gap). */
  private readonly waitingWrites = new Set<() => void>();
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
    this.waitMs = options.waitMs ?? BUS_WAIT_MS;
    this.beatMs = options.beatMs ?? BUS_BEAT_MS;
    this.quietMs = options.quietMs ?? BUS_QUIET_MS;
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

  /**
   * Connects, subscribes and says it is here (before any write of this instance, so that the
   * others would notice if it died); rejects with a BusUnavailableError if Redis cannot be reached.
   */
  async start(): Promise<void> {
    let subscribers: number;
    try {
      // One after the other: a connection still connecting when close() runs would carry on.
      await this.subscriber.connect();
      await this.publisher.connect();
      await this.subscriber.subscribe(this.channel);
      const [, count] = (await this.publisher.pubsub('NUMSUB', this.channel)) as [string, number];
      subscribers = Number(count);
      await this.publisher.publish(this.channel, envelopeJson([], { from: this.instanceId }));
    } catch (error) {
      await this.close();
      throw new BusUnavailableError(this.lastError ?? error);
    }
    this.subscribed = true;
    this.started = true;
    const now = performance.now();
    this.heardSelfAt = now;
    this.lastTick = now;
    this.starting = { at: now, others: subscribers - 1, heard: new Set(this.peers.keys()) };
    this.beat = setInterval(() => this.tick(), this.beatMs);
    this.beat.unref();
  }

  /** True while this instance hears the others: subscribed, and hearing its own messages come back. */
  get listening(): boolean {
    return this.subscribed && !this.gap;
  }

  /** The other instances heard alive lately (for tests and logs). */
  get peersHeard(): number {
    return this.peers.size;
  }

  /** Announces to every instance, outside any write (the repositories use `announceCommitted`). */
  publish(gameId: string, event: GameEvent): void {
    void this.announceCommitted([{ gameId, event }]);
  }

  /**
   * Publishes the events of one commit, in order, in one message, and settles once this instance
   * has delivered them (its echo came back), or after `waitMs` at most, having delivered them here
   * itself. Without waiting at all when it cannot hear them come back: the subscription dropped
   * (subscribers resync when it is back) or the bus has a gap. A PUBLISH that fails delivers them
   * here only; every instance resyncs their games once Redis is back. Never rejects: the write is stored.
   */
  async announceCommitted(events: readonly Announced[]): Promise<void> {
    if (events.length === 0) return;
    const waiting = this.subscribed && !this.gap;
    const echo = this.subscribed ? this.echoes.expect() : NO_ECHO;
    let here = false;
    const deliverHere = () => {
      if (here) return;
      here = true;
      echo.cancel();
      if (echo.id !== undefined) this.rememberDeliveredHere(echo.id);
      for (const { gameId, event } of events) this.local.publish(gameId, event);
    };
    const sent = this.publisher
      .publish(this.channel, envelopeJson(events, { echo: echo.id, from: this.instanceId }))
      .then(
        () => {
          this.publishWorked();
          return true;
        },
        (error: unknown) => {
          this.publishFailed(error);
          deliverHere();
          // It never went out, so it never comes back.
          if (echo.id !== undefined) this.deliveredHere.delete(echo.id);
          for (const { gameId } of events) this.missed.add(gameId);
          return false;
        },
      );
    if (!waiting) {
      deliverHere();
      return;
    }
    // Let go as soon as the bus finds a gap, whichever write or check finds it: a frozen Redis
    // holds no write longer than the first one to find it out (nor past `quietMs` without an echo).
    let release = () => {};
    const released = new Promise<'gap'>((resolve) => {
      release = () => resolve('gap');
    });
    this.waitingWrites.add(release);
    try {
      const echoed = sent.then(async (published) => {
        if (published) await echo.delivered;
      });
      const outcome = await within(Promise.race([echoed, released]), this.waitMs);
      if (outcome === 'late') this.enterGap(`a write waited over ${this.waitMs} ms for its game events`);
      if (outcome === 'late' || outcome === 'gap') deliverHere();
    } finally {
      this.waitingWrites.delete(release);
      if (!here) echo.cancel();
    }
  }

  subscribe(gameId: string, listener: GameEventListener): () => void {
    return this.local.subscribe(gameId, listener);
  }

  /** Every game's events as this instance receives them (a `resync` reaches per-game subscribers only). */
  subscribeAll(listener: AnyGameListener): () => void {
    return this.local.subscribeAll(listener);
  }

  /**
   * Says it is leaving (waiting `waitMs` at most), so that the others need not re-read every game
   * for it, with the games it could not announce; then disconnects.
   */
  async close(): Promise<void> {
    clearInterval(this.beat);
    if (this.started && !this.closed && this.publisher.status === 'ready') {
      const leaving = envelopeJson([], { resync: [...this.missed], from: this.instanceId, leaving: true });
      await within(
        this.publisher.publish(this.channel, leaving).catch(() => 0),
        this.waitMs,
      );
    }
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
    const { from } = envelope;
    if (from === this.instanceId) this.heardSelf();
    else if (from !== undefined) {
      if (envelope.leaving) this.peers.delete(from);
      else this.peers.set(from, performance.now());
      this.starting?.heard.add(from);
    }
    // Its events were delivered here already when this instance stopped waiting for them.
    const deliveredHere = envelope.echo !== undefined && this.deliveredHere.delete(envelope.echo);
    if (!deliveredHere) for (const { gameId, event } of envelope.events) this.local.publish(gameId, event);
    for (const gameId of envelope.resync ?? []) this.local.resync(gameId);
    this.echoes.heard(envelope.echo);
  }

  private rememberDeliveredHere(echo: string): void {
    // Their messages may never come back (a subscription that drops them); a repeat is harmless.
    if (this.deliveredHere.size >= DELIVERED_HERE_MAX) this.deliveredHere.clear();
    this.deliveredHere.add(echo);
  }

  /** Every `beatMs`: says it is alive, then looks for a gap, for instances gone quiet, and at the end of its start. */
  private tick(): void {
    const now = performance.now();
    // This process was busy: what was sent meanwhile may still wait to be read. Judged next time.
    const late = now - this.lastTick > 2 * this.beatMs;
    this.lastTick = now;
    void this.sendBeat();
    if (late || !this.subscribed || this.closed) return;
    if (now - this.heardSelfAt > this.quietMs) {
      this.enterGap(`it has not heard its own messages for ${this.quietMs} ms`);
      return;
    }
    if (this.gap) return;
    let quiet = 0;
    for (const [peer, heardAt] of this.peers) {
      if (now - heardAt <= this.quietMs) continue;
      this.peers.delete(peer);
      quiet += 1;
    }
    const starting = this.starting;
    if (starting && now - starting.at > this.quietMs) this.starting = undefined;
    if (quiet > 0) {
      this.log(
        `${quiet} other instance(s) went quiet (stopped, or died before publishing what they stored): resyncing every game`,
      );
      this.local.resync();
    } else if (starting && this.starting === undefined && starting.heard.size < starting.others) {
      this.log('a subscriber of the channel at start never spoke: resyncing every game');
      this.local.resync();
    }
  }

  /** Says this instance is alive, with the games it could not announce so far. */
  private async sendBeat(): Promise<void> {
    if (this.beating || this.closed || this.publisher.status !== 'ready') return;
    this.beating = true;
    const games = [...this.missed];
    this.missed.clear();
    try {
      await this.publisher.publish(this.channel, envelopeJson([], { resync: games, from: this.instanceId }));
      this.publishWorked();
    } catch (error) {
      for (const gameId of games) this.missed.add(gameId);
      this.publishFailed(error);
    } finally {
      this.beating = false;
    }
  }

  private heardSelf(): void {
    const now = performance.now();
    this.heardSelfAt = now;
    if (!this.gap) return;
    this.gap = false;
    // The others were not heard meanwhile either: their silence is counted from now.
    for (const peer of this.peers.keys()) this.peers.set(peer, now);
    this.log('hearing the bus again; resyncing every subscriber');
    this.local.resync();
  }

  private enterGap(reason: string): void {
    if (this.gap) return;
    this.gap = true;
    this.log(`the Redis bus has a gap (${reason}): writes no longer wait for it until it is back`);
    // The writes still waiting would wait in vain: delivered here now, as later ones are.
    for (const release of [...this.waitingWrites]) release();
  }

  private publishWorked(): void {
    if (!this.publishing) {
      this.publishing = true;
      this.log('publishing game events to Redis again');
    }
    this.announceMissed();
  }

  private publishFailed(error: unknown): void {
    if (this.publishing) {
      this.publishing = false;
      this.log('Redis cannot be reached: game events reach this instance only until it is back', error);
    }
  }

  /** Tells every instance to resync the games whose events this one could not publish; kept if it fails again. */
  private announceMissed(): void {
    if (this.missed.size === 0 || this.closed) return;
    const games = [...this.missed];
    this.missed.clear();
    this.publisher.publish(this.channel, envelopeJson([], { resync: games, from: this.instanceId })).catch(() => {
      for (const gameId of games) this.missed.add(gameId);
    });
  }

  private lost(): void {
    const wasSubscribed = this.subscribed;
    this.subscribed = false;
    // Their events may never come back now: the writes go on (subscribers resync on reconnect).
    this.echoes.releaseAll();
    this.deliveredHere.clear();
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
    // Everything is re-read now: silences and a gap are counted from here.
    const now = performance.now();
    this.heardSelfAt = now;
    this.gap = false;
    for (const peer of this.peers.keys()) this.peers.set(peer, now);
    this.log('subscribed again; resyncing every subscriber');
    this.local.resync();
  }
}
