import type { Question } from '../../shared/api.js';
import type { Edition } from '../../shared/product.js';
import type { Db } from '../db/database.js';

interface QuestionRow {
  id: string;
  edition: Edition;
  text: string;
  options: string;
}

export interface BankQuestion extends Question {
  edition: Edition;
}

const toQuestion = (row: QuestionRow): BankQuestion => ({
  questionID: row.id,
  question: row.text,
  options: JSON.parse(row.options) as string[] | string,
  edition: row.edition,
});

/** Prepared-statement access to the question banks. */
export function questionRepository(db: Db) {
  const drawStatement = db.prepare<[Edition, number], QuestionRow>(
    'SELECT id, edition, text, options FROM questions WHERE edition = ? AND active = 1 ORDER BY random() LIMIT ?',
  );
  const byIdStatement = db.prepare<[string], QuestionRow>(
    'SELECT id, edition, text, options FROM questions WHERE id = ? AND active = 1',
  );
  return {
    /** `count` distinct questions of one edition, in random order. */
    draw(edition: Edition, count: number): BankQuestion[] {
      return drawStatement.all(edition, count).map(toQuestion);
    },
    find(id: string): BankQuestion | undefined {
      const row = byIdStatement.get(id);
      return row && toQuestion(row);
    },
  };
}

export type QuestionRepository = ReturnType<typeof questionRepository>;
