import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '../config.js';
import { InProcessEventBus } from '../events/bus.js';
import { openSqliteStorage } from '../storage/sqlite.js';
import { WAL_SIZE_LIMIT_BYTES, WalCheckpointer } from './checkpointer.js';
import { type Db, openDatabase } from './database.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function fileDatabase(): { db: Db; wal: string } {
  const dir = mkdtempSync(join(tmpdir(), 'wavelength-checkpointer-'));
  dirs.push(dir);
  const path = join(dir, 'wavelength.db');
  const db = openDatabase(path);
  db.exec('CREATE TABLE filler (data BLOB NOT NULL)');
  return { db, wal: `${path}-wal` };
}

const MIB = 1024 * 1024;
/** Writes one MiB of log (256 rows of 4 KiB, one commit). */
function writeMib(db: Db): void {
  const insert = db.prepare('INSERT INTO filler (data) VALUES (?)');
  db.transaction(() => {
    for (let row = 0; row < 256; row++) insert.run(randomBytes(4000));
  })();
}

const walBytes = (wal: string) => (existsSync(wal) ? statSync(wal).size : 0);

describe('WalCheckpointer', () => {
  it('needs no thread for an in-memory database', () => {
    const db = openDatabase(':memory:');
    expect(WalCheckpointer.start(db)).toBeUndefined();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(8000);
    db.close();
  });

  it('keeps the log bounded under steady writes, with no checkpoint in the commits', async () => {
    const { db, wal } = fileDatabase();
    // An empty log to begin with: each burst's frames are then all that is in it.
    db.pragma('wal_checkpoint(TRUNCATE)');
    const checkpointer = WalCheckpointer.start(db, { intervalMs: 10 });
    expect(checkpointer).toBeDefined();
    // The main connection's commits never checkpoint (that is what held the event loop).
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const step = Math.ceil(WAL_SIZE_LIMIT_BYTES / MIB / 4);
    let largest = 0;
    // One and a half times the limit, in bursts of a quarter of it with the checkpointer catching up between.
    for (let burst = 0; burst < 6; burst++) {
      for (let mib = 0; mib < step; mib++) writeMib(db);
      largest = Math.max(largest, walBytes(wal));
      // A checkpoint begun after the burst has copied it all.
      await checkpointer?.flush();
    }
    writeMib(db);
    largest = Math.max(largest, walBytes(wal));
    // The log started over after every burst: never twice a burst's size, of 1.5 times the limit written.
    expect(largest).toBeLessThanOrEqual(2 * step * MIB);
    expect(checkpointer?.checkpoints).toBeGreaterThanOrEqual(6);
    // Nothing lost: every row is in the database.
    expect(db.prepare('SELECT count(*) FROM filler').pluck().get()).toBe(6 * step * 256 + 256);
    await checkpointer?.close();
    db.close();
    // The worker's connection had closed: the main one, closed last, checkpointed and removed the log.
    expect(existsSync(wal)).toBe(false);
  });

  it('keeps the log bounded under writes that never pause for a checkpoint to finish', async () => {
    const { db, wal } = fileDatabase();
    db.pragma('wal_checkpoint(TRUNCATE)');
    // Past 2 × 2 MiB of log the main connection copies the rest itself.
    const checkpointer = WalCheckpointer.start(db, { intervalMs: 5, limitBytes: 2 * MIB });
    // Once the thread runs (it answers a first checkpoint).
    writeMib(db);
    await vi.waitFor(() => expect(checkpointer?.checkpoints).toBeGreaterThan(0), { timeout: 10_000, interval: 5 });
    let largest = 0;
    // 48 MiB, one commit after the other, only a turn of the event loop between (messages arrive).
    for (let mib = 0; mib < 48; mib++) {
      writeMib(db);
      largest = Math.max(largest, walBytes(wal));
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Without the main connection's checkpoints it reached all 48 MiB.
    expect(largest).toBeLessThan(32 * MIB);
    expect(checkpointer?.finishes).toBeGreaterThan(0);
    await checkpointer?.close();
    db.close();
  });

  it("is the server's storage's, on a file: settle waits for a log past the limit, close leaves no log", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wavelength-checkpointer-'));
    dirs.push(dir);
    const path = join(dir, 'games.db');
    const storage = await openSqliteStorage({ DATABASE_URL: `sqlite:${path}` } as Config, {
      bus: new InProcessEventBus(),
      bank: [],
    });
    expect(storage.checkpointer).toBeDefined();
    expect(storage.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    storage.db.exec('CREATE TABLE filler (data BLOB NOT NULL)');
    for (let mib = 0; mib < WAL_SIZE_LIMIT_BYTES / MIB + 4; mib++) writeMib(storage.db);
    expect(walBytes(`${path}-wal`)).toBeGreaterThan(WAL_SIZE_LIMIT_BYTES);
    await storage.settle?.();
    // Everything copied: this commit starts the log over and cuts its file back to the limit.
    writeMib(storage.db);
    expect(walBytes(`${path}-wal`)).toBeLessThanOrEqual(WAL_SIZE_LIMIT_BYTES);
    await storage.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it('lets the log grow without it (what the tests above would see)', () => {
    const { db, wal } = fileDatabase();
    db.pragma('wal_autocheckpoint = 0');
    for (let mib = 0; mib < WAL_SIZE_LIMIT_BYTES / MIB + 4; mib++) writeMib(db);
    expect(walBytes(wal)).toBeGreaterThan(WAL_SIZE_LIMIT_BYTES);
    db.close();
  });
});
