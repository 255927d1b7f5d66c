import type Database from 'better-sqlite3';
import type { Edition } from '../../shared/product.js';
import { type BankOptions, loadQuestionBank } from '../questions/bank.js';

/** A validated bank question as both databases store it: options as JSON text. */
export interface SeedQuestion {
  id: string;
  edition: Edition;
  text: string;
  options: string;
}

/**
 * Both banks of a folder (`spectrum.json`, `classic.json`), validated by `loadQuestionBank`: a bad
 * bank throws a BankError before anything is written.
 */
export function readQuestionBanks(dir: string, options: BankOptions = {}): SeedQuestion[] {
  return loadQuestionBank(dir, options).map((q) => ({
    id: q.id,
    edition: q.edition,
    text: q.question,
    options: JSON.stringify(q.options),
  }));
}

/**
 * Loads a question-bank folder into the SQLite questions table. Idempotent: questions are upserted
 * by id, and a question that left the bank is deactivated (old games still point at it) rather
 * than deleted.
 */
export function seedQuestions(db: Database.Database, dir: string, options: BankOptions = {}): void {
  const questions = readQuestionBanks(dir, options);
  const upsert = db.prepare(
    `INSERT INTO questions (id, edition, text, options, active) VALUES (@id, @edition, @text, @options, 1)
     ON CONFLICT (id) DO UPDATE SET edition = excluded.edition, text = excluded.text,
       options = excluded.options, active = 1`,
  );
  db.transaction(() => {
    db.prepare('UPDATE questions SET active = 0').run();
    for (const question of questions) upsert.run(question);
  })();
}
