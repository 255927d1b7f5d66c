import type { SeedQuestion } from '../db/seed.js';
import { type BankOptions, loadQuestionBank } from './bank.js';

/**
 * Both banks of a folder (`spectrum.json`, `classic.json`) as both databases store them, validated
 * by `loadQuestionBank`: a bad bank throws a BankError before anything is written.
 */
export function readQuestionBanks(dir: string, options: BankOptions = {}): SeedQuestion[] {
  return loadQuestionBank(dir, options).map((q) => ({
    id: q.id,
    edition: q.edition,
    text: q.question,
    options: JSON.stringify(q.options),
  }));
}
