import { describe, expect, it } from 'vitest';
import { openSqliteDatabase } from '../storage/sqlite.js';

const db = openSqliteDatabase(':memory:');
const rows = db.prepare('SELECT id, edition, text, options FROM questions WHERE active = 1').all() as {
  id: string;
  edition: string;
  text: string;
  options: string;
}[];
const bank = (edition: string) => rows.filter((r) => r.edition === edition);

describe('question banks', () => {
  it('hold at least 60 questions per edition, with no repeated wording', () => {
    for (const edition of ['spectrum', 'classic']) {
      const questions = bank(edition);
      expect(questions.length).toBeGreaterThanOrEqual(60);
      expect(new Set(questions.map((q) => q.text.toLowerCase())).size).toBe(questions.length);
    }
  });

  it('give every Classic question four distinct option words', () => {
    for (const question of bank('classic')) {
      const options = JSON.parse(question.options) as string[];
      expect(options).toHaveLength(4);
      expect(new Set(options).size).toBe(4);
    }
  });

  it('use all three Spectrum scales, at least 10 questions each, phrased for their scale', () => {
    const byScale = new Map<string, string[]>();
    for (const question of bank('spectrum')) {
      const scale = JSON.parse(question.options) as string;
      const key = scale === 'A' || scale === 'B' ? scale : 'other';
      byScale.set(key, [...(byScale.get(key) ?? []), question.text]);
    }
    for (const key of ['A', 'B', 'other']) expect(byScale.get(key)?.length).toBeGreaterThanOrEqual(10);
    // A is Rarely → Often: a question of frequency.
    for (const text of byScale.get('A') ?? []) expect(text).toMatch(/^How often/);
    // False → True: a claim about yourself.
    for (const text of byScale.get('other') ?? []) expect(text).toMatch(/\b(I|I'm|I've|My|my|me)\b/);
  });
});
