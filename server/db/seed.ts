import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { z } from 'zod';
import type { Edition } from '../../shared/product.js';

const spectrumBank = z.array(
  z.object({ id: z.string().min(1).max(64), question: z.string().min(1), options: z.string().min(1) }),
);
const classicBank = z.array(
  z.object({
    id: z.string().min(1).max(64),
    question: z.string().min(1),
    options: z.array(z.string().min(1)).length(4),
  }),
);

/** A validated bank question as both databases store it: options as JSON text. */
export interface SeedQuestion {
  id: string;
  edition: Edition;
  text: string;
  options: string;
}

function readBank(dir: string, edition: Edition): SeedQuestion[] {
  const raw: unknown = JSON.parse(readFileSync(join(dir, `${edition}.json`), 'utf8'));
  const bank = edition === 'spectrum' ? spectrumBank.parse(raw) : classicBank.parse(raw);
  return bank.map((q) => ({ id: q.id, text: q.question, options: JSON.stringify(q.options), edition }));
}

/** Both banks of a folder (`spectrum.json`, `classic.json`), validated. */
export function readQuestionBanks(dir: string): SeedQuestion[] {
  return [...readBank(dir, 'spectrum'), ...readBank(dir, 'classic')];
}

/**
 * Loads `seed/spectrum.json` and `seed/classic.json` into the questions table. Idempotent:
 * questions are upserted by id, and a question that left the bank is deactivated (old games
 * still point at it) rather than deleted.
 */
export function seedQuestions(db: Database.Database, dir: string): void {
  const questions = readQuestionBanks(dir);
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
