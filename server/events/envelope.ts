import { randomBytes } from 'node:crypto';
import { BUS_EVENT_TYPES, type BusEvent } from './bus.js';

/**
 * What a bus spanning instances (LISTEN/NOTIFY or Redis pub/sub) carries, and how a writer hears
 * that its own events came back: shared by both, so that they read and write the same messages.
 */

/** The one channel every instance listens on (LISTEN/NOTIFY's, or Redis'); each message names its games. */
export const GAME_EVENTS_CHANNEL = 'wavelength_game_events';

/** One game's (or party's) event as it travels between instances. */
export interface Announced {
  gameId: string;
  event: BusEvent;
}

/**
 * A message: the events of one commit, in order (PostgreSQL cuts a large commit into several
 * notifications; Redis sends one). Instances before batching sent one event, `{gameId, event,
 * echo}`: still understood, so that instances of both kinds can share a database during a
 * rolling deploy.
 */
export interface Envelope {
  events: Announced[];
  /** Set from `Echoes.expect`: tells the writing instance that its own events came back. */
  echo?: string;
  /**
   * Games whose events the sending instance could not publish (Redis was out of its reach while
   * others still had it): their subscribers everywhere must re-read them.
   */
  resync?: string[];
  /**
   * The instance that sent it (Redis only). Each instance also says it is alive every second or so
   * (a message without events): one that goes quiet may have died between a commit and its
   * PUBLISH, so the others re-read every game they keep (see RedisEventBus).
   */
  from?: string;
  /** Sent by an instance that closes on purpose, once its writes are announced: no need to resync for it. */
  leaving?: boolean;
}

// What travels between instances: everything but `resync`, which each bus raises for itself.
const EVENT_TYPES = BUS_EVENT_TYPES;

const isAnnounced = (value: Partial<Announced> | undefined): value is Announced =>
  typeof value?.gameId === 'string' && EVENT_TYPES.has(String(value.event?.type));

/** The envelope of a message, or undefined if it is not one of ours. */
export function parseEnvelope(payload: string | undefined): Envelope | undefined {
  try {
    const value = JSON.parse(payload ?? '') as Partial<Envelope & Announced>;
    const echo = typeof value.echo === 'string' ? value.echo : undefined;
    const resync = value.resync;
    if (resync !== undefined && !(Array.isArray(resync) && resync.every((id) => typeof id === 'string'))) {
      return undefined;
    }
    if (Array.isArray(value.events) && value.events.every(isAnnounced)) {
      const envelope: Envelope = { events: value.events, echo, resync };
      if (typeof value.from === 'string') envelope.from = value.from;
      if (value.leaving === true) envelope.leaving = true;
      return envelope;
    }
    if (isAnnounced(value)) return { events: [{ gameId: value.gameId, event: value.event }], echo };
  } catch {
    // Not ours: the caller logs it.
  }
  return undefined;
}

/** Events announced by a write; `delivered` settles once this instance has delivered them. */
export interface Delivery {
  delivered: Promise<void>;
  /** Stops waiting (the transaction rolled back, so the events will never come). */
  cancel(): void;
}

/** What a write puts on its message to hear when its own events came back, and how it hears it. */
export interface Echo extends Delivery {
  /** Undefined while the listening connection is down: then `delivered` is already settled. */
  id: string | undefined;
}

/** A settled echo, for a write that cannot hear its events come back (the listener is down). */
export const NO_ECHO: Echo = { id: undefined, delivered: Promise.resolve(), cancel: () => {} };

/**
 * The writes of this instance waiting for their own events to come back, by echo id. A bus
 * releases them all when its listening connection drops: their events may never come back, and
 * subscribers resync once it is back, so a write never waits forever.
 */
export class Echoes {
  /** By echo id: how many messages are still to come back, and what to call when none is. */
  private readonly waiting = new Map<string, { left: number; release: () => void }>();
  private count = 0;
  /** Unique to this bus, so that another instance's echoes never match ours. */
  private readonly prefix = randomBytes(6).toString('hex');

  /** An echo heard back once `messages` messages carrying it came back (a write on several channels). */
  expect(messages = 1): Echo {
    this.count += 1;
    const id = `${this.prefix}-${this.count}`;
    const delivered = new Promise<void>((resolve) => this.waiting.set(id, { left: messages, release: resolve }));
    return { id, delivered, cancel: () => this.waiting.delete(id) };
  }

  /** An envelope came in: if it carries one of our echoes, one more of that write's messages is delivered here. */
  heard(echo: string | undefined): void {
    if (echo === undefined) return;
    const entry = this.waiting.get(echo);
    if (!entry) return;
    entry.left -= 1;
    if (entry.left > 0) return;
    entry.release();
    this.waiting.delete(echo);
  }

  releaseAll(): void {
    for (const { release } of this.waiting.values()) release();
    this.waiting.clear();
  }
}

/** What goes on a message besides its events. */
export interface EnvelopeExtras {
  echo?: string;
  resync?: readonly string[];
  from?: string;
  leaving?: boolean;
}

/** The message of one commit's events, whole (a bus without PostgreSQL's payload limit). */
export function envelopeJson(events: readonly Announced[], extras: EnvelopeExtras = {}): string {
  const envelope: Omit<Envelope, 'events' | 'resync'> & { events: readonly Announced[]; resync?: readonly string[] } = {
    events,
    echo: extras.echo,
  };
  if (extras.resync && extras.resync.length > 0) envelope.resync = extras.resync;
  if (extras.from !== undefined) envelope.from = extras.from;
  if (extras.leaving) envelope.leaving = true;
  return JSON.stringify(envelope);
}
