import type { Edition } from '../../shared/product.js';
import type { Db } from '../db/database.js';
import { drawExcluding, type QuestionRepository, type QuestionRow, questionFromRow } from './repository.js';

/** The question banks in SQLite, through prepared statements. */
export function sqliteQuestionRepository(db: Db): QuestionRepository {
  const drawStatement = db.prepare<[Edition, number], QuestionRow>(
    'SELECT id, edition, text, options FROM questions WHERE edition = ? AND active = 1 ORDER BY random() LIMIT ?',
  );
  const byIdStatement = db.prepare<[string], QuestionRow>(
    'SELECT id, edition, text, options FROM questions WHERE id = ? AND active = 1',
  );
  return {
    async draw(edition, count, exclude = []) {
      const rows = await drawExcluding(count, exclude, (limit) => drawStatement.all(edition, limit));
      return rows.map(questionFromRow);
    },
    async find(id) {
      const row = byIdStatement.get(id);
      return row && questionFromRow(row);
    },
  };
}
