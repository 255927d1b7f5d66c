import { randomBytes } from 'node:crypto';
import type {
  AnyGameListener,
  BusEvent,
  GameEventBus,
  GameEventListener,
  PartyEventListener,
  SubscribeOptions,
} from './bus.js';
import { InProcessEventBus } from './bus.js';
import { parseBusUrl } from './bus-url.js';
import { type Announced, envelopeJson, GAME_EVENTS_CHANNEL, parseEnvelope } from './envelope.js';
import { GameChannels, gameOfChannel } from './redis-channels.js';
import { BusUnavailableError, commonOptions, RedisConnections } from './redis-connections.js';
import { CommitPublisher, within } from './redis-echoes.js';
import { Liveness } from './redis-liveness.js';
import { BUS_BEAT_MS, BUS_QUIET_MS, BUS_WAIT_MS, type RedisEventBusOptions } from './redis-options.js';

export { BusUnavailableError, subscriberName } from './redis-connections.js';
export { BUS_BEAT_MS, BUS_QUIET_MS, BUS_WAIT_MS, type RedisEventBusOptions } from './redis-options.js';

/**
 * A game event bus spanning every instance that shares one Redis or Redis Cluster, over sharded
 * pub/sub (SSUBSCRIBE/SPUBLISH): one channel per game, to which an instance subscribes while it
 * has a subscriber of that game (GameChannels), so that it receives nothing of the games it does
 * not watch; and one control channel every instance subscribes to, on which each says it is alive
 * and which carries EVERY_GAME_EVENTS for `subscribeAll`. On a cluster each channel lives on the
 * node that owns its slot, so the events spread over the nodes.
 *
 * The PostgreSQL repositories publish each commit once it is done (redis-announce.ts), one message
 * per game, and wait for the echo of the games watched here: their events reach this instance's
 * subscribers through Redis, in the order every instance sees them. When a subscription connection
 * drops it reconnects by itself with backoff, subscribes its channels again, then tells every
 * subscriber to `resync`, since messages sent meanwhile are lost.
 *
 * An instance that dies between a commit and its PUBLISH is found quiet by the others, which
 * resync (Liveness). A hung or frozen Redis never holds a write more than `waitMs`, and once the
 * bus finds the gap no write waits until it hears itself again (CommitPublisher, Liveness).
 */
export class RedisEventBus implements GameEventBus {
  readonly channel: string;
  readonly perGame = true;
  /** This instance on the bus: each of its messages carries it (`from`). */
  readonly instanceId = randomBytes(6).toString('hex');
  private readonly local: InProcessEventBus;
  private readonly log: (message: string, error?: unknown) => void;
  private readonly connections: RedisConnections;
  private readonly channels: GameChannels;
  private readonly liveness: Liveness;
  private readonly waitMs: number;
  private readonly commits: CommitPublisher;
  /** Messages received on games' channels so far (for tests and the bench: what this instance parsed). */
  gameMessagesReceived = 0;
  /** Messages received on the control channel so far (beats, EVERY_GAME_EVENTS). */
  controlMessagesReceived = 0;
  /** The node that owns the control channel. */
  private controlNode = '';
  /** Nodes whose subscription connection was ready once: a later 'ready' is a reconnection. */
  private readonly connectedOnce = new Set<string>();
  /** Nodes whose subscription connection dropped and is not back yet. */
  private readonly down = new Set<string>();
  /** The resync after a reconnection, while other nodes are still down. */
  private resyncing: NodeJS.Timeout | undefined;
  /** Subscribed to the control channel now. */
  private controlOn = false;
  private started = false;
  private closed = false;
  /** What the connections last failed with (ioredis rejects a failed connect with a vaguer error). */
  private lastError: unknown;

  constructor(options: RedisEventBusOptions) {
    this.channel = options.channel ?? GAME_EVENTS_CHANNEL;
    this.local = options.local ?? new InProcessEventBus();
    this.log = options.log ?? (() => {});
    this.waitMs = options.waitMs ?? BUS_WAIT_MS;
    const target = parseBusUrl(options.url);
    if (!target) throw new BusUnavailableError(new Error(`${options.url} is not a Redis URL`));
    this.connections = new RedisConnections(target, {
      channel: this.channel,
      common: commonOptions(options.backoff ?? { firstMs: 100, maxMs: 5_000 }, options.connectTimeoutMs ?? 10_000),
      publishTimeoutMs: options.publishTimeoutMs ?? 5_000,
      events: {
        message: (channel, message) => this.received(channel, message),
        ready: (node) => void this.connected(node),
        lost: (node) => this.lost(node),
        // Back: the games missed meanwhile are resynced everywhere, without waiting for the next write.
        publisherReady: () => this.liveness.announceMissed(),
        error: (error, subscription) => {
          this.lastError = error;
          // Not while starting: a failed start is one error of its own (BusUnavailableError).
          // The publisher's failures show in failed publishes (logged there once per outage).
          if (subscription && this.started && !this.closed) this.log('a Redis subscription connection failed', error);
        },
      },
    });
    this.channels = new GameChannels({
      control: this.channel,
      connections: this.connections,
      waitMs: this.waitMs,
      resync: (gameId) => this.local.resync(gameId),
      log: this.log,
    });
    this.liveness = new Liveness({
      instanceId: this.instanceId,
      beatMs: options.beatMs ?? BUS_BEAT_MS,
      quietMs: options.quietMs ?? BUS_QUIET_MS,
      send: (message) => this.connections.spublish(this.channel, message),
      publisherReady: () => this.connections.publisherReady,
      subscribed: () => this.subscribed,
      resync: (gameId) => this.local.resync(gameId),
      enteredGap: () => this.commits.releaseWaiting(),
      log: this.log,
    });
    this.commits = new CommitPublisher({
      control: this.channel,
      instanceId: this.instanceId,
      waitMs: this.waitMs,
      local: this.local,
      spublish: (channel, message) => this.connections.spublish(channel, message),
      hears: (gameId) => this.channels.isOn(gameId),
      controlOn: () => this.controlOn,
      listening: () => this.listening,
      subscribed: () => this.subscribed,
      published: () => this.liveness.publishWorked(),
      publishFailed: (error, games) => this.liveness.publishFailed(error, games),
      late: (reason) => this.liveness.enterGap(reason),
    });
  }

  /**
   * Connects, subscribes to the control channel and says it is here (before any write of this
   * instance, so that the others would notice if it died); rejects with a BusUnavailableError if
   * Redis cannot be reached.
   */
  async start(): Promise<void> {
    let subscribers: number;
    try {
      await this.connections.connect();
      this.controlNode = this.connections.nodeOf(this.channel);
      await this.connections.ssubscribe(this.channel, this.controlNode);
      subscribers = await this.connections.subscribersOf(this.channel);
      await this.connections.spublish(this.channel, envelopeJson([], { from: this.instanceId }));
    } catch (error) {
      await this.close();
      throw new BusUnavailableError(this.lastError ?? error);
    }
    this.controlOn = true;
    this.started = true;
    this.liveness.start(subscribers - 1);
  }

  /** True while this instance hears the others: subscribed, and hearing its own messages come back. */
  get listening(): boolean {
    return this.subscribed && !this.liveness.gap;
  }

  /** The other instances heard alive lately (for tests and logs). */
  get peersHeard(): number {
    return this.liveness.peersHeard;
  }

  /** Games whose channel this instance subscribes to (or is subscribing to) now. */
  get gamesWatched(): number {
    return this.channels.watched;
  }

  /** Announces to every instance, outside any write (the repositories use `announceCommitted`). */
  publish(gameId: string, event: BusEvent): void {
    void this.announceCommitted([{ gameId, event }]);
  }

  /** Publishes the events of one commit and waits for their echo (see CommitPublisher.announce). */
  announceCommitted(events: readonly Announced[]): Promise<void> {
    return this.commits.announce(events);
  }

  subscribe(gameId: string, listener: GameEventListener, options: SubscribeOptions = {}): () => void {
    const unsubscribe = this.local.subscribe(gameId, listener);
    this.channels.want(gameId, options.heard);
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      unsubscribe();
      this.channels.drop(gameId);
    };
  }

  /** A party's events come on its own channel, as a game's do. */
  subscribeParty(partyId: string, listener: PartyEventListener): () => void {
    const unsubscribe = this.local.subscribeParty(partyId, listener);
    this.channels.want(partyId);
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      unsubscribe();
      this.channels.drop(partyId);
    };
  }

  /** Every game's EVERY_GAME_EVENTS, and the other events of the games watched here. */
  subscribeAll(listener: AnyGameListener): () => void {
    return this.local.subscribeAll(listener);
  }

  /**
   * Says it is leaving (waiting `waitMs` at most), so that the others need not re-read every game
   * for it, with the games it could not announce; then disconnects.
   */
  async close(): Promise<void> {
    if (this.started && !this.closed && this.connections.publisherReady) {
      await within(this.liveness.leave(), this.waitMs);
    }
    this.liveness.stop();
    clearTimeout(this.resyncing);
    this.closed = true;
    this.controlOn = false;
    this.channels.close();
    this.commits.lost();
    // The storage has drained its writes (and their PUBLISHes) before it closes the bus.
    this.connections.disconnect();
  }

  private get subscribed(): boolean {
    return this.started && !this.closed && this.controlOn && this.connections.allReady;
  }

  private received(channel: string, message: string): void {
    const envelope = parseEnvelope(message);
    if (!envelope) {
      this.log('ignored a message that is not a game event');
      return;
    }
    if (channel === this.channel) {
      this.controlMessagesReceived += 1;
      this.liveness.heard(envelope);
      // Its events were delivered here already when this instance stopped waiting for them.
      if (!this.commits.toDeliver(envelope.echo, channel)) return;
      for (const { gameId, event } of envelope.events) this.local.deliverToEveryGame(gameId, event);
      return;
    }
    const gameId = gameOfChannel(this.channel, channel);
    if (gameId === undefined) return;
    this.gameMessagesReceived += 1;
    if (this.commits.toDeliver(envelope.echo, channel)) {
      for (const announced of envelope.events) {
        if (announced.gameId === gameId) this.local.deliverToGame(gameId, announced.event);
      }
    }
    this.commits.heard(envelope.echo);
  }

  private lost(node: string): void {
    const wasSubscribed = this.subscribed;
    if (this.connectedOnce.has(node)) this.down.add(node);
    this.channels.lost(node);
    if (node === this.controlNode) this.controlOn = false;
    // Their events may never come back now: the writes go on (subscribers resync on reconnect).
    this.commits.lost();
    if (wasSubscribed && !this.closed) this.log('lost a Redis subscription connection; reconnecting');
  }

  /**
   * A subscription connection is ready: its channels are subscribed (again). After a reconnection
   * every subscriber then re-reads what it missed.
   */
  private async connected(node: string): Promise<void> {
    const again = this.connectedOnce.has(node);
    this.connectedOnce.add(node);
    if (!this.started || this.closed) return;
    try {
      if (node === this.controlNode) await this.connections.ssubscribe(this.channel, node);
      await this.channels.resubscribe(node, again);
    } catch (error) {
      // Dropped again: the next 'ready' tries again.
      this.log('subscribing again failed', error);
      return;
    }
    if (this.closed) return;
    if (node === this.controlNode) this.controlOn = true;
    this.down.delete(node);
    if (!again) return;
    // Once, when every node that dropped is back (a Redis Cluster's connections drop together when
    // the network does), or `quietMs` after the first is back, whichever comes first.
    if (this.down.size > 0) {
      this.resyncing ??= setTimeout(() => this.resyncAll(), this.liveness.quietMs);
      this.resyncing.unref();
    } else this.resyncAll();
  }

  private resyncAll(): void {
    clearTimeout(this.resyncing);
    this.resyncing = undefined;
    if (this.closed) return;
    this.liveness.reset();
    this.log('subscribed again; resyncing every subscriber');
    this.local.resync();
  }
}
