/** QUESTIONS_DIR with huge banks: at most 10,000 questions per edition. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fetchQuestions, testApp } from '../testing/app.js';
import { BankError, loadQuestionBank, MAX_BANK_QUESTIONS } from './bank.js';

const spectrum = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `s${i}`, question: `How often do you do thing ${i}?`, options: 'A' }));
const classic = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: `c${i}`,
    question: `A word for ${i}`,
    options: ['A', 'B', 'C', 'D'],
  }));

function bankDir(spectrumCount: number, classicCount: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'wavelength-big-bank-'));
  writeFileSync(join(dir, 'spectrum.json'), JSON.stringify(spectrum(spectrumCount)));
  writeFileSync(join(dir, 'classic.json'), JSON.stringify(classic(classicCount)));
  return dir;
}

function failure(dir: string): string {
  try {
    loadQuestionBank(dir);
  } catch (error) {
    expect(error).toBeInstanceOf(BankError);
    return (error as Error).message;
  }
  throw new Error(`${dir} loaded without an error`);
}

describe('a bank past MAX_BANK_QUESTIONS', () => {
  it('is refused with one line naming the file and how many to remove', () => {
    expect(MAX_BANK_QUESTIONS).toBe(10_000);
    const dir = bankDir(12, 10_001);
    expect(failure(dir)).toBe(
      `Question bank ${join(dir, 'classic.json')}: 10,001 questions; an edition holds at most 10,000, remove 1`,
    );
  });

  it('is refused the same way at 200,000, never with a stack overflow', () => {
    const dir = bankDir(200_000, 12);
    expect(failure(dir)).toBe(
      `Question bank ${join(dir, 'spectrum.json')}: 200,000 questions; an edition holds at most 10,000, remove 190,000`,
    );
  });

  it('is the limit: 10,000 questions in each edition load and are served', async () => {
    const dir = bankDir(MAX_BANK_QUESTIONS, MAX_BANK_QUESTIONS);
    expect(loadQuestionBank(dir)).toHaveLength(2 * MAX_BANK_QUESTIONS);
    const app = await testApp({ QUESTIONS_DIR: dir });
    try {
      const drawn = await fetchQuestions(app, 'classic');
      expect(drawn).toHaveLength(10);
      expect(new Set(drawn.map((q) => q.questionID)).size).toBe(10);
    } finally {
      await app.close();
    }
  });
});
