import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { endPool, preparePostgres } from '../db/postgres.js';
import { POSTGRES_MIGRATIONS_DIR, SEED_DIR } from '../paths.js';
import { openSqliteDatabase } from '../storage/sqlite.js';
import { createTestDatabase, testingOnPostgres } from '../testing/postgres.js';
import { postgresQuestionRepository } from './postgres.js';
import { drawExcluding, type QuestionRepository } from './repository.js';
import { readQuestionBanks } from './seed.js';
import { sqliteQuestionRepository } from './sqlite.js';

type Open = () => Promise<{ repository: QuestionRepository; close(): Promise<void> }>;

const sqlite: Open = async () => {
  const db: Db = openSqliteDatabase(':memory:');
  return {
    repository: sqliteQuestionRepository(db),
    close: async () => {
      db.close();
    },
  };
};

const postgres: Open = async () => {
  const database = await createTestDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  await preparePostgres(pool, POSTGRES_MIGRATIONS_DIR, readQuestionBanks(SEED_DIR));
  return {
    repository: postgresQuestionRepository(pool),
    close: async () => {
      await endPool(pool);
      await database.drop();
    },
  };
};

/** Every database's repository passes the same tests: SQLite in `server`, PostgreSQL in `server-postgres`. */
const implementations: [string, Open][] = testingOnPostgres ? [['PostgreSQL', postgres]] : [['SQLite', sqlite]];

describe.each(implementations)('%s question repository: draw', (_name, open) => {
  let questions: QuestionRepository;
  let close: () => Promise<void>;
  let classicIds: string[];
  beforeAll(async () => {
    ({ repository: questions, close } = await open());
    classicIds = (await questions.draw('classic', 1000)).map((q) => q.id);
  });
  afterAll(() => close());

  it('draws count distinct questions of the edition', async () => {
    const drawn = await questions.draw('spectrum', 10);
    expect(new Set(drawn.map((q) => q.id)).size).toBe(10);
    expect(drawn.every((q) => q.edition === 'spectrum')).toBe(true);
  });

  it('never draws an excluded question', async () => {
    const exclude = classicIds.slice(0, 100);
    for (let i = 0; i < 20; i++) {
      const drawn = await questions.draw('classic', 50, exclude);
      expect(drawn).toHaveLength(50);
      expect(new Set(drawn.map((q) => q.id)).size).toBe(50);
      expect(drawn.filter((q) => exclude.includes(q.id))).toEqual([]);
    }
  });

  it('draws what is left when fewer than count remain outside exclude', async () => {
    const lastOnes = classicIds.slice(-3);
    const allButThree = classicIds.filter((id) => !lastOnes.includes(id));
    // The repository takes any list (the 100-id limit is the API's): leave exactly three.
    const rest = await questions.draw('classic', 10, allButThree);
    expect(rest.map((q) => q.id).sort()).toEqual([...lastOnes].sort());
    expect(await questions.draw('classic', 1, classicIds)).toEqual([]);
  });

  it('ignores ids that are not in the edition and repeated ids', async () => {
    const drawn = await questions.draw('classic', classicIds.length, ['S001', 'nope', classicIds[0], classicIds[0]]);
    expect(drawn).toHaveLength(classicIds.length - 1);
  });
});

describe('drawExcluding', () => {
  it('asks the database for count plus the distinct excluded ids, then keeps count not excluded', async () => {
    const limits: number[] = [];
    const rows = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }));
    const drawn = await drawExcluding(2, ['a', 'c', 'a'], (limit) => {
      limits.push(limit);
      return rows.slice(0, limit);
    });
    expect(limits).toEqual([4]);
    expect(drawn.map((row) => row.id)).toEqual(['b', 'd']);
  });
});
