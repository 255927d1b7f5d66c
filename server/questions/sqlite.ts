import type { Edition } from '../../shared/product.js';
import type { Db } from '../db/database.js';
import { QuestionDraw } from './draw.js';
import { packPattern, type QuestionRepository, type QuestionRow, questionFromRow } from './repository.js';

/** The question banks in SQLite, through prepared statements. */
export function sqliteQuestionRepository(db: Db): QuestionRepository {
  const activeIdsStatement = db
    .prepare<[Edition], string>('SELECT id FROM questions WHERE edition = ? AND active = 1 ORDER BY id')
    .pluck();
  const packIdsStatement = db
    .prepare<[Edition, string], string>(
      'SELECT id FROM questions WHERE edition = ? AND active = 1 AND packs LIKE ? ORDER BY id',
    )
    .pluck();
  const byIdStatement = db.prepare<[string], QuestionRow>(
    'SELECT id, edition, text, options FROM questions WHERE id = ? AND active = 1',
  );
  const draw = new QuestionDraw({
    async activeIds(edition, pack) {
      return pack === undefined ? activeIdsStatement.all(edition) : packIdsStatement.all(edition, packPattern(pack));
    },
    // A few primary-key look-ups (at most count plus the excluded ids).
    async activeRows(ids) {
      return ids.flatMap((id) => byIdStatement.get(id) ?? []);
    },
  });
  return {
    async draw(edition, count, exclude = [], pack) {
      return (await draw.draw(edition, count, exclude, pack)).map(questionFromRow);
    },
    async find(id) {
      const row = byIdStatement.get(id);
      return row && questionFromRow(row);
    },
  };
}
