import type { Config } from '../config.js';
import { DatabaseFolderError } from '../db/database.js';
import { DatabaseUnavailableError } from '../db/unavailable.js';
import { busAddresses } from '../events/bus-url.js';
import { BusUnavailableError } from '../events/redis-connections.js';

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

/** The uid of the `node` user the Docker image runs as. */
export const IMAGE_UID = 1000;

/**
 * One line for what the server needs at start-up and cannot have (PostgreSQL, BUS_URL's Redis, a
 * SQLite folder it may write), naming the setting and never its password; undefined for anything else.
 */
export function startFailure(
  error: unknown,
  config: Pick<Config, 'DATABASE_URL' | 'BUS_URL'>,
  uid = process.getuid?.(),
): string | undefined {
  if (error instanceof DatabaseFolderError) {
    const who = uid === undefined ? 'this user' : `uid ${uid}`;
    return `Cannot write to ${error.folder}, the folder of DATABASE_URL's SQLite file, as ${who} (${reason(error)}). Make it writable for that user; the Docker image runs as uid ${IMAGE_UID} (node): chown ${IMAGE_UID}:${IMAGE_UID} the host folder of a bind mount, use a named volume, or set DATABASE_URL to a folder it may write.`;
  }
  if (error instanceof DatabaseUnavailableError) {
    return `Cannot reach the database of DATABASE_URL (${address(config.DATABASE_URL, 5432)}): ${reason(error)}. Start PostgreSQL, or fix DATABASE_URL.`;
  }
  if (error instanceof BusUnavailableError) {
    return `Cannot reach the Redis of BUS_URL (${busAddresses(config.BUS_URL ?? '')}): ${reason(error)}. Start Redis, or fix BUS_URL (or unset it: instances then use PostgreSQL LISTEN/NOTIFY).`;
  }
  return undefined;
}
