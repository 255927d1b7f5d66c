import pg from 'pg';
import type {
  AnyGameListener,
  BusEvent,
  GameEventBus,
  GameEventListener,
  PartyEventListener,
  SubscribeOptions,
} from './bus.js';
import { InProcessEventBus } from './bus.js';
import {
  type Announced,
  type Delivery,
  type Echo,
  Echoes,
  GAME_EVENTS_CHANNEL,
  NO_ECHO,
  parseEnvelope,
} from './envelope.js';

/** How the listening connection shows up in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'wavelength-listener';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const NOTIFY_PAYLOAD_LIMIT_BYTES = 8000;

/** Payloads are cut before this many bytes, so that a commit's last event still fits after it. */
export const CHUNK_BYTES = NOTIFY_PAYLOAD_LIMIT_BYTES / 2;

/** One event as it goes in a payload; throws if it alone would not fit one. */
export function announcedJson(gameId: string, event: BusEvent): string {
  const json = JSON.stringify({ gameId, event } satisfies Announced);
  const size = Buffer.byteLength(json);
  if (size >= CHUNK_BYTES) throw new Error(`A game event of ${size} bytes does not fit a PostgreSQL notification.`);
  return json;
}

/** Where a statement's own notifications are cut (notifiedSql): one more event still fits after it. */
const SQL_CHUNK_BYTES = 3000;
if (SQL_CHUNK_BYTES + CHUNK_BYTES + 100 >= NOTIFY_PAYLOAD_LIMIT_BYTES) {
  throw new Error('postgres-bus.ts: cut the notifications smaller.');
}

/**
 * A `notified` CTE for a statement that stores and announces at once (log-response's and
 * answer-round's): `event` is one event's JSON text (`{"gameId","event"}`) over the rows of the
 * CTE `stored`, numbered `n`; they are notified in that order, cut every 3,000 bytes, with the
 * echo `$12` (if not null) on the last notification, as notifyPayloads does. PostgreSQL sends them
 * only if the statement commits.
 */
export function notifiedSql(event: string): string {
  return `, notified AS (
  SELECT pg_notify('${GAME_EVENTS_CHANNEL}', payload) FROM (
    SELECT chunk, '{"events":[' || string_agg(event, ',' ORDER BY n) || ']'
      || CASE WHEN chunk = max(chunk) OVER () AND $12::text IS NOT NULL
        THEN ',"echo":' || to_json($12::text)::text ELSE '' END || '}' AS payload
    FROM (
      SELECT n, event, sum(octet_length(event) + 1) OVER (ORDER BY n) / ${SQL_CHUNK_BYTES} AS chunk FROM (
        SELECT n, ${event}::text AS event FROM stored
      ) e
    ) s
    GROUP BY chunk ORDER BY chunk
  ) p
)`;
}

/**
 * The NOTIFY payloads of one commit's events, in order, each under the limit, with `echo` on the
 * last one only (they arrive in order, so it comes once all are delivered). Throws (so the writing
 * transaction rolls back) if one event alone would not fit.
 */
export function notifyPayloads(events: readonly Announced[], echo?: string): string[] {
  const tail = echo ? `,"echo":${JSON.stringify(echo)}}` : '}';
  const payloads: string[] = [];
  let chunk: string[] = [];
  let bytes = 0;
  const close = (last: boolean) => payloads.push(`{"events":[${chunk.join(',')}]${last ? tail : '}'}`);
  for (const { gameId, event } of events) {
    const json = announcedJson(gameId, event);
    const size = Buffer.byteLength(json);
    if (chunk.length > 0 && bytes + size >= CHUNK_BYTES) {
      close(false);
      chunk = [];
      bytes = 0;
    }
    chunk.push(json);
    bytes += size + 1;
  }
  if (chunk.length > 0) close(true);
  return payloads;
}

/** The NOTIFY payload of one event; throws (so the writing transaction rolls back) if it would not fit. */
export function notifyPayload(gameId: string, event: BusEvent, echo?: string): string {
  return notifyPayloads([{ gameId, event }], echo)[0];
}

/** Sends every payload on the channel, in order, in one statement. */
export const NOTIFY_ALL_SQL = `SELECT pg_notify('${GAME_EVENTS_CHANNEL}', payload)
  FROM unnest($1::text[]) WITH ORDINALITY AS p (payload, n) ORDER BY n`;

/**
 * Announces events to every instance, from inside the caller's transaction: PostgreSQL
 * delivers the notifications only if that transaction commits, so a rolled-back write is never
 * announced. This, not `publish`, is how the PostgreSQL repositories announce their writes: one
 * statement per commit, however many events it has.
 */
export async function notifyAll(client: pg.ClientBase, events: readonly Announced[], echo?: string): Promise<void> {
  if (events.length === 0) return;
  await client.query({ name: 'bus-notify-all', text: NOTIFY_ALL_SQL, values: [notifyPayloads(events, echo)] });
}

/** One event, as `notifyAll`. */
export async function notify(client: pg.ClientBase, gameId: string, event: BusEvent, echo?: string): Promise<void> {
  await notifyAll(client, [{ gameId, event }], echo);
}

export interface PostgresEventBusOptions {
  connectionString: string;
  /** How long one attempt to open the listening connection may take (none by default). */
  connectionTimeoutMillis?: number;
  /** Delivers to this instance's subscribers; tests pass one that counts subscriptions. */
  local?: InProcessEventBus;
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
  private readonly local: InProcessEventBus;
  private readonly backoff: { firstMs: number; maxMs: number };
  private readonly log: (message: string, error?: unknown) => void;
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  /** Writes of this instance waiting for their own events to come back. */
  private readonly echoes = new Echoes();

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
  publish(gameId: string, event: BusEvent): void {
    const client = this.client;
    if (!client) {
      this.log(`game event for ${gameId} not announced: the listening connection is down`);
      return;
    }
    notify(client, gameId, event).catch((error) => this.log('game event not announced', error));
  }

  /**
   * An echo id for the notifications of one write, and when this instance has delivered them. A
   * write that puts it on its last notification (`notifyPayloads`) and awaits `delivered` after
   * its commit returns only once its events are out here, as with SQLite: a socket opened after
   * the write never gets them late. Settled at once while the listening connection is down (the
   * events are then lost here, and subscribers resync when it is back).
   */
  expectEcho(): Echo {
    return this.client ? this.echoes.expect() : NO_ECHO;
  }

  /** Announces like `notifyAll`, from inside the caller's transaction, and tells when this instance has delivered them. */
  async announceAll(client: pg.ClientBase, events: readonly Announced[]): Promise<Delivery> {
    const echo = this.expectEcho();
    try {
      await notifyAll(client, events, echo.id);
    } catch (error) {
      echo.cancel();
      throw error;
    }
    return echo;
  }

  subscribe(gameId: string, listener: GameEventListener, options?: SubscribeOptions): () => void {
    // One channel for every game: this instance hears them all from the start.
    return this.local.subscribe(gameId, listener, options);
  }

  subscribeParty(partyId: string, listener: PartyEventListener): () => void {
    return this.local.subscribeParty(partyId, listener);
  }

  /** Every game's events as this instance receives them (a `resync` reaches per-game subscribers only). */
  subscribeAll(listener: AnyGameListener): () => void {
    return this.local.subscribeAll(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.echoes.releaseAll();
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
      for (const { gameId, event } of envelope.events) this.local.publish(gameId, event);
      this.echoes.heard(envelope.echo);
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
    this.echoes.releaseAll();
    this.log('lost the listening connection; reconnecting', error);
    client.end().catch(() => {});
    this.reconnect(0);
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
      this.local.resync();
    }, delay);
    this.retry.unref();
  }
}
