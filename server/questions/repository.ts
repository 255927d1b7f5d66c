import type { Question } from '../../shared/model.js';
import { fromWireQuestion } from '../../shared/model.js';
import type { Pack } from '../../shared/packs.js';
import type { Edition } from '../../shared/product.js';

/** Access to the question banks; implemented once per database. */
export interface QuestionRepository {
  /**
   * `count` distinct active questions of one edition, in random order, none of them in `exclude`.
   * Fewer (possibly none) when the edition has fewer questions left outside `exclude`. With `pack`,
   * only questions of that pack.
   */
  draw(edition: Edition, count: number, exclude?: readonly string[], pack?: Pack): Promise<Question[]>;
  /** An active question (one still in the bank). */
  find(id: string): Promise<Question | undefined>;
}

/** A question as every database stores it: its options as JSON (a list of words or a scale code). */
export interface QuestionRow {
  id: string;
  edition: Edition;
  text: string;
  options: string;
}

/**
 * A question's packs as the `packs` column holds them: each between commas (",couples,deep,"), so
 * that `packs LIKE packPattern(pack)` finds the questions of one pack in every database; '' for none.
 */
export const packsColumn = (packs: readonly Pack[] = []) => (packs.length === 0 ? '' : `,${packs.join(',')},`);
export const packPattern = (pack: Pack) => `%,${pack},%`;

/** The one row → question mapping, for every repository that reads the questions table. */
export function questionFromRow(row: QuestionRow): Question {
  return fromWireQuestion(row.edition, {
    questionID: row.id,
    question: row.text,
    options: JSON.parse(row.options) as string[] | string,
  });
}

/**
 * A random draw of `count` rows that leaves out the `exclude` ids, for every repository:
 * `drawAtRandom` picks `count + exclude.size` rows at random (see QuestionDraw: without reading
 * the whole bank) and the excluded ones are dropped here. At most `exclude.size` drawn rows can be
 * excluded, so `count` remain whenever the bank holds that many.
 */
export async function drawExcluding<T extends { id: string }>(
  count: number,
  exclude: readonly string[],
  drawAtRandom: (limit: number) => T[] | Promise<T[]>,
): Promise<T[]> {
  const excluded = new Set(exclude);
  const rows = await drawAtRandom(count + excluded.size);
  return rows.filter((row) => !excluded.has(row.id)).slice(0, count);
}
