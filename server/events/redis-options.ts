import type { InProcessEventBus } from './bus.js';

/** What a RedisEventBus is made with (redis-bus.ts), and the defaults every deployment runs with. */
export interface RedisEventBusOptions {
  /** redis://, rediss:// or redis+cluster://host:port,host:port (BUS_URL). */
  url: string;
  /** The control channel, each game's named after it: one per deployment (tests give each their own). */
  channel?: string;
  /** Delivers to this instance's subscribers; tests pass one that counts subscriptions. */
  local?: InProcessEventBus;
  /** Reconnect delays: the first, doubled after each failed attempt up to the last. */
  backoff?: { firstMs: number; maxMs: number };
  /** How long one attempt to connect may take. */
  connectTimeoutMs?: number;
  /** How long a PUBLISH may take before it counts as failed (its games are resynced everywhere once Redis is back). */
  publishTimeoutMs?: number;
  /** How long a write waits at most for its echo (see CommitPublisher), and a new subscriber for its game's channel. */
  waitMs?: number;
  /** How often this instance says it is alive on the control channel. */
  beatMs?: number;
  /** How long an instance may stay quiet before the others take it for dead, or itself to have a gap (see Liveness). */
  quietMs?: number;
  log?: (message: string, error?: unknown) => void;
}

/** A write waits at most this long for its events to go out and come back (see `waitMs`). */
export const BUS_WAIT_MS = 1_000;
/** Each instance says it is alive this often. */
export const BUS_BEAT_MS = 1_000;
/** An instance quiet for this long is taken for dead (see `quietMs`). */
export const BUS_QUIET_MS = 3_000;
