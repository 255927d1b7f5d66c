import type { Pool } from '../db/postgres.js';
import { QuestionDraw } from './draw.js';
import { packPattern, type QuestionRepository, type QuestionRow, questionFromRow } from './repository.js';

/** The question banks in PostgreSQL; same queries as the SQLite repository. */
export function postgresQuestionRepository(pool: Pool): QuestionRepository {
  const draw = new QuestionDraw({
    async activeIds(edition, pack) {
      const { rows } = await pool.query<{ id: string }>(
        pack === undefined
          ? {
              name: 'questions-active-ids',
              text: 'SELECT id FROM questions WHERE edition = $1 AND active ORDER BY id COLLATE "C"',
              values: [edition],
            }
          : {
              name: 'questions-pack-ids',
              text: 'SELECT id FROM questions WHERE edition = $1 AND active AND packs LIKE $2 ORDER BY id COLLATE "C"',
              values: [edition, packPattern(pack)],
            },
      );
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
    async draw(edition, count, exclude = [], pack) {
      return (await draw.draw(edition, count, exclude, pack)).map(questionFromRow);
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
