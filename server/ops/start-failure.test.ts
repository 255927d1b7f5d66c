import { describe, expect, it } from 'vitest';
import { DatabaseFolderError } from '../db/database.js';
import { DatabaseUnavailableError } from '../db/unavailable.js';
import { BusUnavailableError } from '../events/redis-connections.js';
import { startFailure } from './start-failure.js';

const refused = (port: number) => new Error(`connect ECONNREFUSED 127.0.0.1:${port}`);

describe('startFailure', () => {
  it('names DATABASE_URL and its address, never its password', () => {
    const line = startFailure(new DatabaseUnavailableError(refused(5439)), {
      DATABASE_URL: 'postgres://wavelength:secret@127.0.0.1:5439/wavelength',
      BUS_URL: undefined,
    });
    expect(line).toBe(
      'Cannot reach the database of DATABASE_URL (127.0.0.1:5439): connect ECONNREFUSED 127.0.0.1:5439. Start PostgreSQL, or fix DATABASE_URL.',
    );
  });

  it("names BUS_URL and Redis' address (its default port when none is given), never its password", () => {
    const line = startFailure(new BusUnavailableError(refused(6379)), {
      DATABASE_URL: 'postgres://db/wavelength',
      BUS_URL: 'redis://:secret@127.0.0.1',
    });
    expect(line).toBe(
      'Cannot reach the Redis of BUS_URL (127.0.0.1:6379): connect ECONNREFUSED 127.0.0.1:6379. Start Redis, or fix BUS_URL (or unset it: instances then use PostgreSQL LISTEN/NOTIFY).',
    );
  });

  it("names every node of a cluster's BUS_URL, never its password", () => {
    const line = startFailure(new BusUnavailableError(refused(7000)), {
      DATABASE_URL: 'postgres://db/wavelength',
      BUS_URL: 'redis+cluster://:secret@10.0.0.1:7000,10.0.0.2',
    });
    expect(line).toContain('Cannot reach the Redis of BUS_URL (10.0.0.1:7000,10.0.0.2:6379): ');
    expect(line).not.toContain('secret');
  });

  it("names the SQLite file's folder, the uid it runs as and the image's uid 1000 when it cannot write there", () => {
    const denied = Object.assign(new Error("EACCES: permission denied, access '/data'"), { code: 'EACCES' });
    const line = startFailure(
      new DatabaseFolderError('/data', denied),
      { DATABASE_URL: 'sqlite:/data/wavelength.db', BUS_URL: undefined },
      1234,
    );
    expect(line).toBe(
      "Cannot write to /data, the folder of DATABASE_URL's SQLite file, as uid 1234 (EACCES: permission denied, access '/data'). Make it writable for that user; the Docker image runs as uid 1000 (node): chown 1000:1000 the host folder of a bind mount, use a named volume, or set DATABASE_URL to a folder it may write.",
    );
  });

  it('leaves any other failure to its stack', () => {
    expect(startFailure(new Error('something else'), { DATABASE_URL: 'sqlite::memory:', BUS_URL: undefined })).toBe(
      undefined,
    );
  });
});
