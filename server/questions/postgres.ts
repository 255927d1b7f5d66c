import type { Pool } from '../db/postgres.js';
import { QuestionDraw } from './draw.js';
import { type QuestionRepository, type QuestionRow, questionFromRow } from './repository.js';

/** The question banks in PostgreSQL; same queries as the SQLite repository. */
export function postgresQuestionRepository(pool: Pool): QuestionRepository {
  const draw = new QuestionDraw({
    async activeIds(edition) {
      const { rows } = await pool.query<{ id: string }>({
        name: 'questions-active-ids',
        text: 'SELECT id FROM questions WHERE edition = $1 AND active ORDER BY id COLLATE "C"',
        values: [edition],
      });
      return rows.map((row) => row.id);
    },
    async activeRows(ids) {
      const { rows } = await pool.query<QuestionRow>({
        name: 'questions-active-rows',
        text: 'SELECT id, edition, text, options FROM questions WHERE id = ANY($1::text[]) AND active',
        values: [ids],
      });
      return rows;
    },
  });
  return {
    async draw(edition, count, exclude = []) {
      return (await draw.draw(edition, count, exclude)).map(questionFromRow);
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
