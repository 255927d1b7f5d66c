import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { AnyGameListener, GameEvent, GameEventBus, GameEventListener } from './bus.js';
import { InProcessEventBus } from './bus.js';

/** The one channel every instance listens on; each payload names its game. */
export const GAME_EVENTS_CHANNEL = 'wavelength_game_events';
/** How the listening connection shows up in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'wavelength-listener';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const NOTIFY_PAYLOAD_LIMIT_BYTES = 8000;

interface Envelope {
  gameId: string;
  event: GameEvent;
  /** Set by `PostgresEventBus.announce`: tells the writing instance that its own event came back. */
  echo?: string;
}

/** The NOTIFY payload of one event; throws (so the writing transaction rolls back) if it would not fit. */
export function notifyPayload(gameId: string, event: GameEvent, echo?: string): string {
  const payload = JSON.stringify({ gameId, event, ...(echo ? { echo } : {}) } satisfies Envelope);
  const bytes = Buffer.byteLength(payload);
  if (bytes >= NOTIFY_PAYLOAD_LIMIT_BYTES) {
    throw new Error(`A game event of ${bytes} bytes does not fit a PostgreSQL notification.`);
  }
  return payload;
}

/**
 * Announces an event to every instance, from inside the caller's transaction: PostgreSQL
 * delivers the notification only if that transaction commits, so a rolled-back write is never
 * announced. This, not `publish`, is how the PostgreSQL repositories announce their writes.
 */
export async function notify(client: pg.ClientBase, gameId: string, event: GameEvent, echo?: string): Promise<void> {
  await client.query('SELECT pg_notify($1, $2)', [GAME_EVENTS_CHANNEL, notifyPayload(gameId, event, echo)]);
}

/** An event announced from a transaction; `delivered` settles once this instance has delivered it. */
export interface Delivery {
  delivered: Promise<void>;
  /** Stops waiting (the transaction rolled back, so the event will never come). */
  cancel(): void;
}

// What travels between instances: everything but `resync`, which each bus raises for itself.
const EVENT_TYPES = new Set<string>(['player', 'removed', 'deleted']);

function parseEnvelope(payload: string | undefined): Envelope | undefined {
  try {
    const value = JSON.parse(payload ?? '') as Partial<Envelope>;
    if (typeof value.gameId === 'string' && EVENT_TYPES.has(String(value.event?.type))) return value as Envelope;
  } catch {
    // Not ours: ignored below.
  }
  return undefined;
}

export interface PostgresEventBusOptions {
  connectionString: string;
  /** How long one attempt to open the listening connection may take (none by default). */
  connectionTimeoutMillis?: number;
  /** Delivers to this instance's subscribers; tests pass one that counts subscriptions. */
  local?: GameEventBus;
  /** Reconnect delays: the first, doubled after each failed attempt up to the last. */
  backoff?: { firstMs: number; maxMs: number };
  log?: (message: string, error?: unknown) => void;
}

/**
 * A game event bus spanning every instance that shares one PostgreSQL database, over
 * LISTEN/NOTIFY. Each instance holds one dedicated listening connection (not from the pool);
 * every notification, including those of its own writes, is delivered to its local subscribers.
 * When the connection drops it reconnects by itself with backoff, then tells every subscriber to
 * `resync`, since notifications sent meanwhile are lost.
 */
export class PostgresEventBus implements GameEventBus {
  private readonly local: GameEventBus;
  private readonly backoff: { firstMs: number; maxMs: number };
  private readonly log: (message: string, error?: unknown) => void;
  /** Every subscriber, to tell them all to resync. */
  private readonly listeners = new Set<GameEventListener>();
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  /** Writes of this instance waiting for their own event to come back, by echo id. */
  private readonly echoes = new Map<string, () => void>();
  private echoCount = 0;
  /** Unique to this bus, so that another instance's echoes never match ours. */
  private readonly echoPrefix = randomBytes(6).toString('hex');

  constructor(private readonly options: PostgresEventBusOptions) {
    this.local = options.local ?? new InProcessEventBus();
    this.backoff = options.backoff ?? { firstMs: 100, maxMs: 5_000 };
    this.log = options.log ?? (() => {});
  }

  /** Opens the listening connection; rejects if the database cannot be reached at all. */
  async start(): Promise<void> {
    await this.connect();
  }

  /** True while the listening connection is up. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  /** Announces outside any transaction, through the listening connection (repositories use `notify`). */
  publish(gameId: string, event: GameEvent): void {
    const client = this.client;
    if (!client) {
      this.log(`game event for ${gameId} not announced: the listening connection is down`);
      return;
    }
    notify(client, gameId, event).catch((error) => this.log('game event not announced', error));
  }

  /**
   * Announces like `notify`, from inside the caller's transaction, and tells when this instance has
   * delivered the event to its own subscribers. A write that awaits `delivered` after its commit
   * returns only once its event is out here, as with SQLite: a socket opened after the write never
   * gets it late. Delivered at once while the listening connection is down (the event is then lost
   * here, and subscribers resync when it is back).
   */
  async announce(client: pg.ClientBase, gameId: string, event: GameEvent): Promise<Delivery> {
    if (!this.client) {
      await notify(client, gameId, event);
      return { delivered: Promise.resolve(), cancel: () => {} };
    }
    this.echoCount += 1;
    const echo = `${this.echoPrefix}-${this.echoCount}`;
    const delivered = new Promise<void>((resolve) => this.echoes.set(echo, resolve));
    const cancel = () => this.echoes.delete(echo);
    try {
      await notify(client, gameId, event, echo);
    } catch (error) {
      cancel();
      throw error;
    }
    return { delivered, cancel };
  }

  subscribe(gameId: string, listener: GameEventListener): () => void {
    // A listener subscribed twice must stay twice in the resync set too.
    const entry: GameEventListener = (event) => listener(event);
    this.listeners.add(entry);
    const unsubscribe = this.local.subscribe(gameId, entry);
    return () => {
      this.listeners.delete(entry);
      unsubscribe();
    };
  }

  /** Every game's events as this instance receives them (a `resync` reaches per-game subscribers only). */
  subscribeAll(listener: AnyGameListener): () => void {
    return this.local.subscribeAll(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.releaseEchoes();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      connectionTimeoutMillis: this.options.connectionTimeoutMillis,
      application_name: LISTENER_APPLICATION_NAME,
      // The listener only ever receives: without keep-alive, a peer gone without closing the
      // connection (a failover that moved the address) would leave it waiting forever.
      keepAlive: true,
    });
    client.on('notification', ({ payload }) => {
      const envelope = parseEnvelope(payload);
      if (!envelope) {
        this.log('ignored a notification that is not a game event');
        return;
      }
      this.local.publish(envelope.gameId, envelope.event);
      if (envelope.echo) {
        this.echoes.get(envelope.echo)?.();
        this.echoes.delete(envelope.echo);
      }
    });
    // Listened to from the start, so that no error of this connection is ever uncaught. One that
    // drops while being set up is not taken (it would look up and never hear a thing).
    let dropped = false;
    client.on('error', (error) => {
      dropped = true;
      this.lost(client, error);
    });
    client.on('end', () => {
      dropped = true;
      this.lost(client);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${GAME_EVENTS_CHANNEL}`);
      if (dropped) throw new Error('The listening connection dropped while it was being set up.');
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
  }

  private lost(client: pg.Client, error?: unknown): void {
    if (this.client !== client) return;
    this.client = undefined;
    // Their events may never come back now: the writes go on (subscribers resync on reconnect).
    this.releaseEchoes();
    this.log('lost the listening connection; reconnecting', error);
    client.end().catch(() => {});
    this.reconnect(0);
  }

  private releaseEchoes(): void {
    for (const release of this.echoes.values()) release();
    this.echoes.clear();
  }

  private reconnect(attempt: number): void {
    if (this.closed) return;
    const delay = Math.min(this.backoff.maxMs, this.backoff.firstMs * 2 ** attempt);
    this.retry = setTimeout(async () => {
      try {
        await this.connect();
      } catch (error) {
        this.log(`reconnecting the listening connection failed (attempt ${attempt + 1})`, error);
        this.reconnect(attempt + 1);
        return;
      }
      if (this.closed) return;
      this.log('listening again; resyncing every subscriber');
      for (const listener of [...this.listeners]) listener({ type: 'resync' });
    }, delay);
    this.retry.unref();
  }
}
