import calculateSlot from 'cluster-key-slot';
import { Cluster, Redis, type RedisOptions } from 'ioredis';
import type { BusTarget } from './bus-url.js';

/** Redis could not be reached when the bus started (the server does not start without it). */
export class BusUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`Redis cannot be reached: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** How the subscription connections of a bus on `channel` show up in CLIENT LIST. */
export const subscriberName = (channel: string) => `wavelength-subscriber-${channel}`;

/** What the connections tell the bus. */
export interface ConnectionEvents {
  /** A message on a shard channel this instance subscribed to. */
  message(channel: string, message: string): void;
  /** A subscription connection is ready, its channels not yet subscribed (autoResubscribe is off). */
  ready(node: string): void;
  /** A subscription connection dropped: what is sent to its channels meanwhile is lost. */
  lost(node: string): void;
  /** The publishing connection is ready (again). */
  publisherReady(): void;
  /** A connection failed (`subscription`: one of the subscription connections). */
  error(error: unknown, subscription: boolean): void;
}

export interface ConnectionOptions {
  /** The bus's control channel: names the connections (CLIENT LIST). */
  channel: string;
  /** Options of every connection (timeouts, backoff). */
  common: RedisOptions;
  publishTimeoutMs: number;
  events: ConnectionEvents;
}

/** What every connection of a bus shares: reconnecting with backoff, never holding a command. */
export function commonOptions(backoff: { firstMs: number; maxMs: number }, connectTimeoutMs: number): RedisOptions {
  return {
    lazyConnect: true,
    connectTimeout: connectTimeoutMs,
    retryStrategy: (attempt) => Math.min(backoff.maxMs, backoff.firstMs * 2 ** (attempt - 1)),
    // A command in flight when the connection drops fails at once rather than waiting for it
    // to come back: a write never waits on Redis for longer than a PUBLISH takes.
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    // The subscriptions only ever receive: a peer gone without closing is found out.
    keepAlive: 10_000,
  };
}

/** The node of a single Redis: it owns every channel. */
const SINGLE = 'single';

/**
 * The connections of one bus: one to publish on (a Cluster client on a cluster, which sends each
 * SPUBLISH to the node that owns its channel's slot), and one subscription connection per node
 * owning a channel this instance subscribes to (one in all on a single Redis). Ours rather than
 * ioredis' own sharded subscribers: the bus must know when a node's subscription dropped and came
 * back, to subscribe its channels again and resync what it keeps.
 */
export class RedisConnections {
  readonly publisher: Redis | Cluster;
  private readonly subscribers = new Map<string, Redis>();
  private closed = false;

  constructor(
    private readonly target: BusTarget,
    private readonly options: ConnectionOptions,
  ) {
    const publishing: RedisOptions = {
      ...options.common,
      connectionName: `wavelength-publisher-${options.channel}`,
      // While Redis is down a PUBLISH fails at once (the write delivers here only), never queues.
      enableOfflineQueue: false,
      commandTimeout: options.publishTimeoutMs,
    };
    if (target.kind === 'single') this.publisher = new Redis(target.url, publishing);
    else {
      const { retryStrategy } = options.common;
      this.publisher = new Cluster(target.nodes, {
        lazyConnect: true,
        enableOfflineQueue: false,
        clusterRetryStrategy: (attempt) => (typeof retryStrategy === 'function' ? retryStrategy(attempt) : 1000),
        redisOptions: { ...publishing, ...this.auth() },
        slotsRefreshTimeout: options.common.connectTimeout,
      });
    }
    this.publisher.on('error', (error) => options.events.error(error, false));
    this.publisher.on('ready', () => options.events.publisherReady());
  }

  /** Connects the publisher, then the subscription connection of the control channel's node. */
  async connect(): Promise<void> {
    await this.publisher.connect();
    // Awaited here, so that a Redis that cannot be reached fails the start (later ones retry by themselves).
    await this.subscriber(this.nodeOf(this.options.channel), false).connect();
  }

  /** The node that owns `channel` (its slot's master on a cluster). */
  nodeOf(channel: string): string {
    if (this.publisher instanceof Redis) return SINGLE;
    const owner = this.publisher.slots[calculateSlot(channel)]?.[0];
    if (!owner) throw new Error(`no Redis Cluster node owns the slot of ${channel} yet`);
    return owner;
  }

  /** True while the subscription connection of `node` can subscribe; false while it connects (made now if need be). */
  ready(node: string): boolean {
    return this.subscriber(node).status === 'ready';
  }

  /** True while every subscription connection made so far is ready. */
  get allReady(): boolean {
    for (const subscriber of this.subscribers.values()) if (subscriber.status !== 'ready') return false;
    return this.subscribers.size > 0;
  }

  get publisherReady(): boolean {
    return this.publisher.status === 'ready';
  }

  /** Subscribes on the connection of the channel's node (made now if it is the first channel there). */
  async ssubscribe(channel: string, node: string): Promise<void> {
    const subscriber = this.subscriber(node);
    if (subscriber.status !== 'ready') throw new Error(`the subscription connection to ${node} is not ready`);
    try {
      await subscriber.ssubscribe(channel);
    } catch (error) {
      // The slot moved (a failover, resharding): the next try asks the node that owns it now.
      if (this.publisher instanceof Cluster && String(error).includes('MOVED')) this.publisher.refreshSlotsCache();
      throw error;
    }
  }

  async sunsubscribe(channel: string, node: string): Promise<void> {
    const subscriber = this.subscribers.get(node);
    if (subscriber?.status === 'ready') await subscriber.sunsubscribe(channel);
  }

  /** Resolves with how many connections received it (on the node that owns the channel). */
  async spublish(channel: string, message: string): Promise<number> {
    return Number(await this.publisher.spublish(channel, message));
  }

  /** How many connections subscribe to `channel` (on the node that owns it). */
  async subscribersOf(channel: string): Promise<number> {
    let node: Redis | undefined;
    if (this.publisher instanceof Redis) node = this.publisher;
    else {
      const owner = this.nodeOf(channel);
      node = this.publisher.nodes('master').find(({ options }) => `${options.host}:${options.port}` === owner);
    }
    if (!node) throw new Error(`no connection to the node that owns ${channel}`);
    const [, count] = (await node.call('PUBSUB', 'SHARDNUMSUB', channel)) as [string, number];
    return Number(count);
  }

  disconnect(): void {
    this.closed = true;
    for (const subscriber of this.subscribers.values()) subscriber.disconnect();
    this.publisher.disconnect();
  }

  private auth(): Pick<RedisOptions, 'username' | 'password' | 'tls'> {
    if (this.target.kind !== 'cluster') return {};
    const { username, password, tls } = this.target;
    return { username, password, ...(tls ? { tls: {} } : {}) };
  }

  private subscriber(node: string, connect = true): Redis {
    const known = this.subscribers.get(node);
    if (known) return known;
    const options: RedisOptions = {
      ...this.options.common,
      ...this.auth(),
      connectionName: subscriberName(this.options.channel),
      // Subscribed again by the bus on every reconnection, so that it knows what to resync.
      autoResubscribe: false,
    };
    let subscriber: Redis;
    if (this.target.kind === 'single') subscriber = new Redis(this.target.url, options);
    else {
      const colon = node.lastIndexOf(':');
      subscriber = new Redis({ ...options, host: node.slice(0, colon), port: Number(node.slice(colon + 1)) });
    }
    const { events } = this.options;
    subscriber.on('smessage', (channel: string, message: string) => events.message(channel, message));
    subscriber.on('ready', () => events.ready(node));
    subscriber.on('close', () => events.lost(node));
    subscriber.on('error', (error) => events.error(error, true));
    this.subscribers.set(node, subscriber);
    // A failed attempt is retried with backoff (retryStrategy); each shows as an 'error'.
    if (connect && !this.closed) subscriber.connect().catch(() => {});
    return subscriber;
  }
}
