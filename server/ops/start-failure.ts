import type { Config } from '../config.js';
import { DatabaseUnavailableError } from '../db/unavailable.js';
import { BusUnavailableError } from '../events/redis-bus.js';

/** host:port of a service URL, without its user or password. */
function address(url: string, defaultPort: number): string {
  try {
    const { hostname, port } = new URL(url);
    return `${hostname}:${port || defaultPort}`;
  } catch {
    return 'its address';
  }
}

const reason = (error: Error) => (error.cause instanceof Error ? error.cause.message : error.message);

/**
 * One line for a service the server needs at start-up and cannot reach (PostgreSQL, BUS_URL's
 * Redis), naming the setting and never its password; undefined for anything else.
 */
export function startFailure(error: unknown, config: Pick<Config, 'DATABASE_URL' | 'BUS_URL'>): string | undefined {
  if (error instanceof DatabaseUnavailableError) {
    return `Cannot reach the database of DATABASE_URL (${address(config.DATABASE_URL, 5432)}): ${reason(error)}. Start PostgreSQL, or fix DATABASE_URL.`;
  }
  if (error instanceof BusUnavailableError) {
    return `Cannot reach the Redis of BUS_URL (${address(config.BUS_URL ?? '', 6379)}): ${reason(error)}. Start Redis, or fix BUS_URL (or unset it: instances then use PostgreSQL LISTEN/NOTIFY).`;
  }
  return undefined;
}
