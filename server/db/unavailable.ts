import type { ErrorBody } from '../../shared/error-codes.js';

/** What a request answers (503) when its database connection failed or none could be had. */
export const DATABASE_UNAVAILABLE: ErrorBody = {
  code: 'database_unavailable',
  message: 'The database is unavailable; try again.',
};

/** No connection could be had from the pool: refused, not accepting connections, timed out. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * SQLSTATEs of a connection that failed rather than a statement: class 08 (connection exception),
 * 57P01–57P05 (admin_shutdown as pg_terminate_backend or a fast shutdown sends it, crash_shutdown,
 * cannot_connect_now while starting up, database_dropped, idle_session_timeout), and
 * 53300 too_many_connections.
 */
const CONNECTION_SQLSTATE = /^(08...|57P0[1-5]|53300)$/;

/** Socket failures on the way to the database (Node's codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What pg itself says (without a code) once a client's connection is gone. */
const LOST_CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
];

/**
 * True when `error` says the database could not be reached or the connection under a statement
 * dropped (a restart, a failover, a terminated backend): the request may simply be tried again,
 * so it answers 503, not 500. A statement the database refused (a constraint, bad SQL) is not this.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  // Connecting to a host name with several addresses fails with one error per address.
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_SQLSTATE.test(code) || NETWORK_CODES.has(code))) return true;
  return LOST_CONNECTION_MESSAGES.some((pattern) => pattern.test(error.message));
}
