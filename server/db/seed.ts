import type Database from 'better-sqlite3';
import { type BankOptions, loadQuestionBank } from '../questions/bank.js';

/**
 * Loads a question-bank folder (`spectrum.json` and `classic.json`, validated by
 * `loadQuestionBank`; a bad bank throws a BankError before anything is written) into the
 * questions table. Idempotent: questions are upserted by id, and a question that left the bank
 * is deactivated (old games still point at it) rather than deleted.
 */
export function seedQuestions(db: Database.Database, dir: string, options: BankOptions = {}): void {
  const questions = loadQuestionBank(dir, options).map((q) => ({
    id: q.id,
    edition: q.edition,
    text: q.question,
    options: JSON.stringify(q.options),
  }));
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
