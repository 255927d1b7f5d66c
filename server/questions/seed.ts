import type { SeedQuestion } from '../db/seed.js';
import { type BankOptions, type BankQuestion, loadQuestionBank } from './bank.js';
import { packsColumn } from './repository.js';

/**
 * Both banks of a folder (`spectrum.json`, `classic.json`) as both databases store them, validated
 * by `loadQuestionBank`: a bad bank throws a BankError before anything is written.
 */
export function readQuestionBanks(dir: string, options: BankOptions = {}): SeedQuestion[] {
  return seedRows(loadQuestionBank(dir, options));
}

/** Loaded bank questions as both databases store them (English text, options as JSON, packs as packsColumn writes them). */
export function seedRows(bank: readonly BankQuestion[]): SeedQuestion[] {
  return bank.map((q) => ({
    id: q.id,
    edition: q.edition,
    text: q.question,
    options: JSON.stringify(q.options),
    packs: packsColumn(q.packs),
  }));
}
