import type { Question } from '../../shared/model.js';
import { fromWireQuestion } from '../../shared/model.js';
import type { Edition } from '../../shared/product.js';

/** Access to the question banks; implemented once per database. */
export interface QuestionRepository {
  /** `count` distinct active questions of one edition, in random order. */
  draw(edition: Edition, count: number): Promise<Question[]>;
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

/** The one row → question mapping, for every repository that reads the questions table. */
export function questionFromRow(row: QuestionRow): Question {
  return fromWireQuestion(row.edition, {
    questionID: row.id,
    question: row.text,
    options: JSON.parse(row.options) as string[] | string,
  });
}
