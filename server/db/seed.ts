import type Database from 'better-sqlite3';
import type { Edition } from '../../shared/product.js';

/** A validated bank question as both databases store it: options as JSON text (see questions/seed.ts). */
export interface SeedQuestion {
  id: string;
  edition: Edition;
  text: string;
  options: string;
  /** The question's packs as the column holds them (see packsColumn in questions/repository.ts). */
  packs: string;
}

/**
 * Loads bank questions into the SQLite questions table. Idempotent: questions are upserted by id,
 * and a question that left the bank is deactivated (old games still point at it) rather than
 * deleted.
 */
export function seedQuestions(db: Database.Database, questions: readonly SeedQuestion[]): void {
  const upsert = db.prepare(
    `INSERT INTO questions (id, edition, text, options, packs, active)
     VALUES (@id, @edition, @text, @options, @packs, 1)
     ON CONFLICT (id) DO UPDATE SET edition = excluded.edition, text = excluded.text,
       options = excluded.options, packs = excluded.packs, active = 1`,
  );
  db.transaction(() => {
    db.prepare('UPDATE questions SET active = 0').run();
    for (const question of questions) upsert.run(question);
  })();
}
