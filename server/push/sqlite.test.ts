import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/database.js';
import { testingOnPostgres } from '../testing/postgres.js';
import { sqlitePushRepository } from './sqlite.js';

const keys = (endpoint: string) => ({ endpoint, p256dh: 'p', auth: 'a' });

// SQLite's own repository: the server-postgres project has nothing to run here.
describe.skipIf(testingOnPostgres)('push bookkeeping on SQLite', () => {
  let db: Db | undefined;
  let other: Database.Database | undefined;
  afterEach(() => {
    other?.close();
    db?.close();
    other = db = undefined;
  });

  function open() {
    const path = join(mkdtempSync(join(tmpdir(), 'wavelength-push-')), 'games.db');
    db = openDatabase(path);
    const insertGame = db.prepare(
      "INSERT INTO games (id, edition, creator_user_id, creator_name, created_at) VALUES (?, 'spectrum', 'c', 'C', 0)",
    );
    for (const id of ['quiet', 'watched']) insertGame.run(id);
    // Another connection, as a second writer would be.
    other = new Database(path);
    return sqlitePushRepository(db);
  }

  it('a friend of a game nobody subscribed to costs no write: it goes through while another connection holds the write lock', async () => {
    const push = open();
    await push.subscribe('watched', 'c', keys('https://push.example/1'), { perGame: 10, perCreator: 10 });
    other?.exec('BEGIN IMMEDIATE');
    // Without subscriptions, nothing to count and no write transaction to wait for.
    (db as Db).pragma('busy_timeout = 0');
    await expect(push.addFriend('quiet', 'Bo', 8.4)).resolves.toBe(0);
    // A subscribed game's count does need the lock: it waits for it, as before.
    await expect(push.addFriend('watched', 'Bo', 8.4)).rejects.toThrow(/locked|busy/i);
    other?.exec('COMMIT');
    await expect(push.addFriend('watched', 'Bo', 8.4)).resolves.toBe(1);
    await expect(push.claimDue('watched', Date.now(), 0)).resolves.toEqual([
      expect.objectContaining({ endpoint: 'https://push.example/1', count: 1, name: 'Bo', score: 8.4 }),
    ]);
  });
});
