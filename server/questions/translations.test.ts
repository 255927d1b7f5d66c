/** Questions in every language: the built-in translations, and own banks' two ways of giving them. */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/languages.js';
import { fromWireQuestion } from '../../shared/model.js';
import { SEED_DIR } from '../paths.js';
import { BankError, loadQuestionBank } from './bank.js';
import { QuestionTexts } from './translations.js';

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

describe('the built-in banks', () => {
  it('have every question in every language, a Classic one with as many options as in English', () => {
    const english = [...readJson(join(SEED_DIR, 'spectrum.json')), ...readJson(join(SEED_DIR, 'classic.json'))] as {
      id: string;
      options: string[] | string;
    }[];
    for (const language of LANGUAGES.filter((code) => code !== 'en')) {
      const translations = readJson(join(SEED_DIR, 'translations', `${language}.json`)) as Record<
        string,
        { question?: string; options?: string[] }
      >;
      const missing = english.filter((question) => !translations[question.id]?.question).map(({ id }) => id);
      expect(missing, `questions missing in ${language}`).toEqual([]);
      const counts = english
        .filter((question) => Array.isArray(question.options))
        .filter((question) => translations[question.id].options?.length !== question.options.length)
        .map(({ id }) => id);
      expect(counts, `Classic questions whose options in ${language} differ in number`).toEqual([]);
      const spectrumWithOptions = english
        .filter((question) => typeof question.options === 'string' && translations[question.id].options)
        .map(({ id }) => id);
      expect(spectrumWithOptions, `Spectrum questions with options in ${language}`).toEqual([]);
      const unknown = Object.keys(translations).filter((id) => !english.some((question) => question.id === id));
      expect(unknown, `ids in ${language} that are in no bank`).toEqual([]);
    }
  });

  it('load with their translations, so a question reads the same in the loader as in the files', () => {
    const bank = loadQuestionBank(SEED_DIR);
    const c001 = bank.find((question) => question.id === 'C001');
    const es = readJson(join(SEED_DIR, 'translations', 'es.json')).C001;
    expect(c001?.translations?.es).toEqual(es);
    expect(bank.every((question) => Object.keys(question.translations ?? {}).length === LANGUAGES.length - 1)).toBe(
      true,
    );
  });
});

const tempDir = () => mkdtempSync(join(tmpdir(), 'wavelength-translations-'));
/** Bank entries, loosely typed: tests put texts of several languages in them too. */
type Entry = { id: string; question: unknown; options: unknown };
const spectrum = (count: number): Entry[] =>
  Array.from({ length: count }, (_, i) => ({ id: `s-${i + 1}`, question: `Statement number ${i + 1}`, options: 'B' }));
const classic = (count: number): Entry[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `c-${i + 1}`,
    question: `Pick a colour number ${i + 1}`,
    options: ['Red', 'Green', 'Blue', 'Yellow'],
  }));

/** A bank folder: the two files, and translation files by name. */
function bank(
  files: { spectrum?: unknown[]; classic?: unknown[] } = {},
  translations: Record<string, unknown> = {},
): string {
  const dir = tempDir();
  writeFileSync(join(dir, 'spectrum.json'), JSON.stringify(files.spectrum ?? spectrum(3)));
  writeFileSync(join(dir, 'classic.json'), JSON.stringify(files.classic ?? classic(3)));
  if (Object.keys(translations).length > 0) mkdirSync(join(dir, 'translations'));
  for (const [name, content] of Object.entries(translations)) {
    writeFileSync(join(dir, 'translations', name), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dir;
}

function failure(dir: string): string {
  try {
    loadQuestionBank(dir);
  } catch (error) {
    expect(error).toBeInstanceOf(BankError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error(`${dir} loaded without an error`);
}

describe('an own bank', () => {
  it('may give each text as {"en": …, "es": …}, mixed with plain strings, and reads English as before', () => {
    const classics = classic(3);
    classics[0] = {
      id: 'c-1',
      question: { en: 'Best pizza topping?', es: '¿El mejor ingrediente de pizza?', de: 'Der beste Pizzabelag?' },
      options: [
        { en: 'Cheese', es: 'Queso', de: 'Käse' },
        { en: 'Ham', es: 'Jamón', de: 'Schinken' },
        { en: 'Olives', es: 'Aceitunas', de: 'Oliven' },
        { en: 'Pineapple', es: 'Piña', de: 'Ananas' },
      ],
    };
    const spectrums = spectrum(3);
    spectrums[1] = {
      id: 's-2',
      question: { en: 'I sing in the shower.', 'pt-BR': 'Eu canto no chuveiro.' },
      options: 'A',
    };
    const loaded = loadQuestionBank(bank({ spectrum: spectrums, classic: classics }));
    const c1 = loaded.find((question) => question.id === 'c-1');
    expect(c1).toEqual({
      id: 'c-1',
      edition: 'classic',
      question: 'Best pizza topping?',
      options: ['Cheese', 'Ham', 'Olives', 'Pineapple'],
      translations: {
        es: { question: '¿El mejor ingrediente de pizza?', options: ['Queso', 'Jamón', 'Aceitunas', 'Piña'] },
        de: { question: 'Der beste Pizzabelag?', options: ['Käse', 'Schinken', 'Oliven', 'Ananas'] },
      },
    });
    expect(loaded.find((question) => question.id === 's-2')).toEqual({
      id: 's-2',
      edition: 'spectrum',
      question: 'I sing in the shower.',
      options: 'A',
      translations: { 'pt-BR': { question: 'Eu canto no chuveiro.' } },
    });
    // A plain question is as it always was.
    expect(loaded.find((question) => question.id === 'c-2')).toEqual({ ...classic(3)[1], edition: 'classic' });
  });

  it('may give translations in translations/{language}.json, beside texts given inline', () => {
    const spectrums = spectrum(3);
    spectrums[0] = { id: 's-1', question: { en: 'Statement number 1', de: 'Aussage Nummer 1' }, options: 'B' };
    const dir = bank(
      { spectrum: spectrums },
      {
        'es.json': {
          's-1': { question: 'Afirmación número 1' },
          'c-2': { question: 'Elige', options: ['Rojo', 'Verde', 'Azul', 'Amarillo'] },
        },
      },
    );
    const loaded = loadQuestionBank(dir);
    expect(loaded.find((question) => question.id === 's-1')?.translations).toEqual({
      es: { question: 'Afirmación número 1' },
      de: { question: 'Aussage Nummer 1' },
    });
    expect(loaded.find((question) => question.id === 'c-2')?.translations).toEqual({
      es: { question: 'Elige', options: ['Rojo', 'Verde', 'Azul', 'Amarillo'] },
    });
  });

  it('is refused, in one line naming the file and the question, when a translation does not fit', () => {
    const withQuestion = (question: unknown, options: unknown = ['Red', 'Green', 'Blue', 'Yellow']) => {
      const dir = bank({ classic: [{ id: 'c-x', question, options }, ...classic(2)] });
      return { dir, message: failure(dir) };
    };
    let { dir, message } = withQuestion({ es: 'Sin inglés' });
    expect(message).toBe(
      `Question bank ${join(dir, 'classic.json')}: question 1 (id "c-x")'s "question" needs its English text ("en")`,
    );
    ({ dir, message } = withQuestion({ en: 'Colour?', fr: 'Couleur ?' }));
    expect(message).toBe(
      `Question bank ${join(dir, 'classic.json')}: question 1 (id "c-x")'s "question" has a text in "fr", which is not one of "en", "es", "pt-BR", "de"`,
    );
    ({ message } = withQuestion({ en: 'Colour?', es: '¿Color?' }));
    expect(message).toContain('question 1 (id "c-x") has its question and 0 of its 4 options in "es"');
    ({ message } = withQuestion('Colour?', ['Red', { en: 'Green', de: 'Grün' }, 'Blue', 'Yellow']));
    expect(message).toContain('question 1 (id "c-x") has no question and 1 of its 4 options in "de"');
    ({ message } = withQuestion({ en: 'Colour?', es: '¿Color?' }, [
      { en: 'Red', es: 'Rojo' },
      { en: 'Green', es: 'Rojo' },
      { en: 'Blue', es: 'Azul' },
      { en: 'Yellow', es: 'Amarillo' },
    ]));
    expect(message).toContain('question 1 (id "c-x") has options ["Rojo","Rojo","Azul","Amarillo"] in "es"');
    const spanishWords = ['Rojo', 'Verde', 'Azul', 'Amarillo'];
    const words = ['Red', 'Green', 'Blue', 'Yellow'].map((en, i) => ({ en, es: spanishWords[i] }));
    ({ message } = withQuestion({ en: 'Colour?', es: 'x'.repeat(201) }, words));
    expect(message).toContain('question 1 (id "c-x") needs a non-empty "question" in "es" of at most 200 characters');
  });

  it('is refused when a translation file does not fit', () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { 'fr.json': {} },
        'not a language the product speaks; translation files are named es.json, pt-BR.json, de.json',
      ],
      [{ 'es.json': '{' }, 'not valid JSON'],
      [{ 'es.json': [] }, 'must hold a JSON object of translations keyed by question id'],
      [{ 'es.json': { nope: { question: 'Hola' } } }, 'id "nope" is not a question of this bank'],
      [
        { 'de.json': { 'c-1': { question: 'Farbe?' } } },
        'id "c-1" has no "options" in "de"; a Classic translation needs 4',
      ],
      [
        { 'de.json': { 'c-1': { question: 'Farbe?', options: ['Rot', 'Grün', 'Blau'] } } },
        'id "c-1" has options ["Rot","Grün","Blau"] in "de"',
      ],
      [
        { 'de.json': { 's-1': { question: 'Aussage', options: 'A' } } },
        `id "s-1" has "options" in "de"; a Spectrum question's scale is the same in every language`,
      ],
      [{ 'de.json': { 's-1': { text: 'Aussage' } } }, 'id "s-1" has an unknown field "text"'],
    ];
    for (const [files, problem] of cases) {
      const dir = bank({}, files);
      const file = join(dir, 'translations', Object.keys(files)[0]);
      expect(failure(dir)).toContain(`Question bank ${file}: ${problem}`);
    }
    const inline = spectrum(3);
    inline[0] = { id: 's-1', question: { en: 'Statement', es: 'Afirmación' }, options: 'B' };
    const twice = bank({ spectrum: inline }, { 'es.json': { 's-1': { question: 'Otra' } } });
    expect(failure(twice)).toContain('id "s-1" is translated twice');
  });
});

describe('QuestionTexts', () => {
  const texts = new QuestionTexts([
    { id: 'c-1', translations: { es: { question: '¿Color?', options: ['Rojo', 'Verde', 'Azul', 'Amarillo'] } } },
  ]);
  const question = fromWireQuestion('classic', {
    questionID: 'c-1',
    question: 'Colour?',
    options: ['Red', 'Green', 'Blue', 'Yellow'],
  });

  it('shows a question in a language it has, in the same option order', () => {
    expect(texts.localize(question, 'es')).toEqual({
      ...question,
      text: '¿Color?',
      words: ['Rojo', 'Verde', 'Azul', 'Amarillo'],
    });
  });

  it('shows it in English where it has no text, or where the words would not line up', () => {
    expect(texts.localize(question, 'de')).toBe(question);
    expect(texts.localize(question, 'en')).toBe(question);
    const threeWords = { ...question, words: ['Red', 'Green', 'Blue'] };
    expect(texts.localize(threeWords, 'es')).toBe(threeWords);
    const other = { ...question, id: 'own-1' };
    expect(texts.localize(other, 'es')).toBe(other);
  });
});
