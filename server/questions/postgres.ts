import type { Pool } from '../db/postgres.js';
import { drawExcluding, type QuestionRepository, type QuestionRow, questionFromRow } from './repository.js';

/** The question banks in PostgreSQL; same queries as the SQLite repository. */
export function postgresQuestionRepository(pool: Pool): QuestionRepository {
  return {
    async draw(edition, count, exclude = []) {
      const rows = await drawExcluding(count, exclude, async (limit) => {
        const result = await pool.query<QuestionRow>({
          name: 'questions-draw',
          text: 'SELECT id, edition, text, options FROM questions WHERE edition = $1 AND active ORDER BY random() LIMIT $2',
          values: [edition, limit],
        });
        return result.rows;
      });
      return rows.map(questionFromRow);
    },
    async find(id) {
      const { rows } = await pool.query<QuestionRow>({
        name: 'questions-find',
        text: 'SELECT id, edition, text, options FROM questions WHERE id = $1 AND active',
        values: [id],
      });
      return rows[0] && questionFromRow(rows[0]);
    },
  };
}
