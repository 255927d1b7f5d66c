/** The rules of the built-in banks in seed/: enough questions per edition and scale, none asked twice. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_QUESTIONS_PER_GAME } from '../../shared/product.js';
import { SEED_DIR } from '../paths.js';
import { bankFile, loadQuestionBank } from './bank.js';
import { contentWords, nearDuplicates, similarity } from './bank-similarity.js';

/**
 * Two questions of one edition sharing at least half of their content words are read as the same
 * question. Chosen after reading the flagged pairs: real rewordings of one question score 0.6 to 1
 * (see below), while distinct questions on one topic ("Pick a feature for your garden" / "What would
 * you grow in a garden?") scored 0.33 to 0.5 and were reworded or replaced to keep the banks varied.
 */
const NEAR_DUPLICATE = 0.5;

interface RawQuestion {
  id: string;
  question: string;
  options: unknown;
}
const read = (edition: 'spectrum' | 'classic') =>
  JSON.parse(readFileSync(bankFile(SEED_DIR, edition), 'utf8')) as RawQuestion[];
const spectrum = read('spectrum');
const classic = read('classic');

describe('the built-in question banks', () => {
  it('hold at least 150 questions per edition', () => {
    expect(spectrum.length).toBeGreaterThanOrEqual(150);
    expect(classic.length).toBeGreaterThanOrEqual(150);
  });

  it('put at least 40 Spectrum questions on each of the three scales, each phrased for its scale', () => {
    const on = (scale: string) => spectrum.filter((q) => q.options === scale).map((q) => q.question);
    for (const scale of ['A', 'B', 'C']) expect(on(scale).length).toBeGreaterThanOrEqual(40);
    expect(on('A').length + on('B').length + on('C').length).toBe(spectrum.length);
    // A runs Rarely → Often: a question of frequency.
    for (const text of on('A')) expect(text).toMatch(/^How often do you .+\?$/);
    // B runs Disagree → Agree: an opinion, stated rather than asked.
    for (const text of on('B')) expect(text).toMatch(/^(?!How often)[^?]+\.$/);
    // C runs False → True: a fact about the player.
    for (const text of on('C')) expect(text).toMatch(/^[^?]*\b(I|I'm|I've|My|my|me)\b[^?]*\.$/);
  });

  it('give every Classic question exactly four distinct, non-empty words', () => {
    for (const { id, options } of classic) {
      expect(Array.isArray(options), id).toBe(true);
      const words = (options as unknown[]).map((word) => (typeof word === 'string' ? word.trim().toLowerCase() : ''));
      expect(words, id).toHaveLength(4);
      expect(words, id).not.toContain('');
      expect(new Set(words).size, id).toBe(4);
    }
  });

  it('use every id once across both files, following the S/C numbering', () => {
    const ids = [...spectrum, ...classic].map((q) => q.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { id } of spectrum) expect(id).toMatch(/^S\d{3}$/);
    for (const { id } of classic) expect(id).toMatch(/^C\d{3}$/);
  });

  it('never repeat a question text', () => {
    const texts = [...spectrum, ...classic].map((q) => q.question.trim().toLowerCase());
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('hold no two questions of one edition that ask the same thing', () => {
    expect(nearDuplicates(spectrum, NEAR_DUPLICATE)).toEqual([]);
    expect(nearDuplicates(classic, NEAR_DUPLICATE)).toEqual([]);
  });

  it('pass the same validation as a QUESTIONS_DIR bank, even for the longest games', () => {
    const loaded = loadQuestionBank(SEED_DIR, { questionsPerGame: MAX_QUESTIONS_PER_GAME });
    expect(loaded).toHaveLength(spectrum.length + classic.length);
  });
});

describe('the near-duplicate check', () => {
  const rewordings: [string, string][] = [
    ['Which snack wins movie night?', 'Your favourite movie-night snack'],
    ['How often do you cook a meal from scratch?', 'How often do you cook from scratch?'],
    ['Cats make better housemates than dogs.', 'Dogs make better housemates than cats.'],
    ['I have fallen asleep in a cinema.', 'I have fallen asleep during a film at the cinema.'],
    [
      'How often do you hit snooze before getting out of bed?',
      'How often do you hit the snooze button before you get out of bed?',
    ],
    ['The best pizza topping', 'Pick your favourite pizza topping'],
  ];

  it.each(rewordings)('flags "%s" and "%s" as the same question', (a, b) => {
    expect(similarity(a, b)).toBeGreaterThanOrEqual(NEAR_DUPLICATE);
  });

  it('lists the duplicated pair, and only that pair, from a bank', () => {
    const bank = [
      { id: 'S001', question: 'How often do you hit snooze before getting out of bed?' },
      { id: 'S002', question: 'Cats make better housemates than dogs.' },
      { id: 'S003', question: 'How often do you press the snooze button before getting out of bed?' },
    ];
    const pairs = nearDuplicates(bank, NEAR_DUPLICATE);
    expect(pairs).toHaveLength(1);
    expect(pairs[0].a).toContain('S001');
    expect(pairs[0].b).toContain('S003');
  });

  it.each([
    ['First word that comes to mind: Monday', 'First word that comes to mind: Ocean'],
    ['How often do you sing out loud when you are alone?', 'How often do you cook a meal from scratch?'],
    ['Your karaoke style', 'Your travel style'],
    ['I have broken a bone.', 'I have met someone famous.'],
  ])('does not flag "%s" and "%s", which only share a frame', (a, b) => {
    expect(similarity(a, b)).toBeLessThan(NEAR_DUPLICATE);
  });

  it('compares content words: no case, punctuation, stop words, plurals or -ing', () => {
    expect([...contentWords('How often do you hit the Snooze buttons, getting up?')]).toEqual([
      'hit',
      'snooze',
      'button',
      'get',
    ]);
  });
});
