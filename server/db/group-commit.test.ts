import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.js';

let db: Database.Database;
/** The flushes scheduled and not run yet (the test runs them). */
let scheduled: (() => void)[];
/** The writes each flush ran, one list per flush. */
let flushes: number[][];
const schedule = (flush: () => void) => scheduled.push(flush);
const runScheduled = () => {
  for (const flush of scheduled.splice(0)) {
    flushes.push([]);
    flush();
  }
};

beforeEach(() => {
  db = new Database(':memory:');
  db.exec('CREATE TABLE t (v INTEGER NOT NULL CHECK (v >= 0))');
  scheduled = [];
  flushes = [];
});
afterEach(() => db.close());

const rows = () => db.prepare('SELECT v FROM t ORDER BY rowid').pluck().all();

function inserter() {
  const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
  return new GroupCommit(
    db,
    (v: number) => {
      // Every write runs inside the flush's transaction.
      expect(db.inTransaction).toBe(true);
      flushes.at(-1)?.push(v);
      insert.run(v);
      return v * 10;
    },
    schedule,
  );
}

describe('GroupCommit', () => {
  it('runs the writes queued in one turn in one flush, in order, and answers only after the commit', async () => {
    const commit = inserter();
    let answered = 0;
    const results = [1, 2, 3].map((v) =>
      commit.run(v).then((r) => {
        answered++;
        return r;
      }),
    );
    await Promise.resolve();
    expect(answered).toBe(0);
    expect(rows()).toEqual([]);
    expect(scheduled).toHaveLength(1);
    runScheduled();
    expect(await Promise.all(results)).toEqual([10, 20, 30]);
    expect(flushes).toEqual([[1, 2, 3]]);
    expect(rows()).toEqual([1, 2, 3]);
  });

  it('starts a new batch for writes queued after a flush', async () => {
    const commit = inserter();
    const first = commit.run(1);
    runScheduled();
    const second = [commit.run(2), commit.run(3)];
    runScheduled();
    await Promise.all([first, ...second]);
    expect(flushes).toEqual([[1], [2, 3]]);
  });

  it('stores the good writes of a batch when one of them fails, and fails only that one', async () => {
    const commit = inserter();
    const results = [1, -1, 2].map((v) => commit.run(v));
    runScheduled();
    const settled = await Promise.allSettled(results);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((settled[1] as PromiseRejectedResult).reason.message).toMatch(/CHECK constraint failed/);
    expect(rows()).toEqual([1, 2]);
    expect(commit.pending).toBe(0);
  });

  it('flushes on its own after the I/O of this turn with the default schedule', async () => {
    const commit = new GroupCommit(db, (v: number) => db.prepare('INSERT INTO t (v) VALUES (?)').run(v).changes);
    expect(await Promise.all([commit.run(4), commit.run(5)])).toEqual([1, 1]);
    expect(rows()).toEqual([4, 5]);
  });
});
