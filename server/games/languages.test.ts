/**
 * `lang` on the calls that return texts: questions in the reader's language under the same ids,
 * answers meaning the same whatever the language, and English, as before, for whoever sends none.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireQuestion } from '../../shared/model.js';
import { SEED_DIR } from '../paths.js';
import { createGame, logResponse, newUserId, selectValue, testApp } from '../testing/app.js';

interface SeedText {
  question: string;
  options?: string[] | string;
}
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const english = new Map<string, SeedText>(
  [...readJson(join(SEED_DIR, 'spectrum.json')), ...readJson(join(SEED_DIR, 'classic.json'))].map(
    (question: SeedText & { id: string }) => [question.id, question],
  ),
);
const translations = (language: string): Record<string, SeedText> =>
  readJson(join(SEED_DIR, 'translations', `${language}.json`));

/** A question as the seed has it in `language` (English where there is no translation). */
function seedQuestion(id: string, language = 'en'): WireQuestion {
  const base = english.get(id);
  if (!base) throw new Error(`${id} is not in the seed`);
  const text = language === 'en' ? base : translations(language)[id];
  return {
    questionID: id,
    question: text.question,
    options: Array.isArray(base.options) ? (text.options as string[]) : (base.options as string),
  };
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ QUESTIONS_PER_GAME: '3' });
});
afterAll(() => app.close());

const getQuestions = async (query: string) => {
  const response = await app.inject({ method: 'GET', url: `/prod/get-questions?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().questions as WireQuestion[];
};

describe('get-questions', () => {
  it('answers in the language asked for, under the same ids, and a region variant reads as its language', async () => {
    const cases: [string, string][] = [
      ['es', 'es'],
      ['es-MX', 'es'],
      ['pt', 'pt-BR'],
      ['pt-PT', 'pt-BR'],
      ['pt-BR', 'pt-BR'],
      ['de-AT', 'de'],
      ['en-GB', 'en'],
    ];
    for (const [tag, language] of cases) {
      for (const gametype of ['classic', 'spectrum']) {
        const questions = await getQuestions(`gametype=${gametype}&lang=${tag}`);
        expect(questions, `${gametype} ${tag}`).toHaveLength(3);
        for (const question of questions) expect(question, tag).toEqual(seedQuestion(question.questionID, language));
      }
    }
  });

  it('answers in English for an unknown language or none, exactly as before', async () => {
    for (const query of [
      'gametype=classic&lang=fr',
      'gametype=classic&lang=',
      'gametype=spectrum',
      'gametype=classic',
    ]) {
      for (const question of await getQuestions(query)) {
        expect(question, query).toEqual(seedQuestion(question.questionID));
      }
    }
  });

  it('keeps swapping (exclude) as it is in any language', async () => {
    const first = await getQuestions('gametype=classic&count=2&lang=de');
    const excluded = first.map((question) => question.questionID);
    const swapped = await getQuestions(`gametype=classic&count=1&lang=de&exclude=${excluded.join(',')}`);
    expect(excluded).not.toContain(swapped[0].questionID);
    expect(swapped[0]).toEqual(seedQuestion(swapped[0].questionID, 'de'));
  });

  it('refuses a lang that is not a single tag', async () => {
    const twice = await app.inject({ method: 'GET', url: '/prod/get-questions?gametype=classic&lang=es&lang=de' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('lang');
  });
});

describe('a game in several languages', () => {
  it('stores the language create-game is given (matched), English when none', async () => {
    const ids = (await getQuestions('gametype=classic')).map((question) => question.questionID);
    const create = async (lang?: unknown) => {
      const response = await app.inject({
        method: 'POST',
        url: '/prod/create-game',
        payload: { userId: newUserId(), userName: 'Ana', questionSet: ids, answerSet: [1, 2, 3], lang },
      });
      expect(response.statusCode, response.body).toBe(200);
      return selectValue(app, 'SELECT lang FROM games WHERE id = ?', response.json().gameId);
    };
    expect(await create('de-AT')).toBe('de');
    expect(await create('pt')).toBe('pt-BR');
    expect(await create('es')).toBe('es');
    expect(await create('tlh')).toBe('en');
    expect(await create(undefined)).toBe('en');
    const wrong = await app.inject({
      method: 'POST',
      url: '/prod/create-game',
      payload: { userId: newUserId(), userName: 'Ana', questionSet: ids, answerSet: [1, 2, 3], lang: 7 },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('"lang"');
  });

  it('is joined in each friend’s language, and without lang exactly as before', async () => {
    const game = await createGame(app, 'classic', [2, 3, 4]);
    const join = (lang?: string) =>
      app.inject({ method: 'POST', url: '/prod/join-game', payload: { gameId: game.gameId, lang } });
    const ids = game.questions.map((question) => question.questionID);
    for (const language of ['es', 'pt-BR', 'de']) {
      const reply = await join(language);
      expect(reply.json()).toEqual({
        questions: ids.map((id) => seedQuestion(id, language)),
        gameType: 'Classic',
        mode: 'alike',
      });
    }
    // After the translated replies (each kept per language), the English one is unchanged, byte for byte.
    const englishReply = JSON.stringify({
      questions: ids.map((id) => seedQuestion(id)),
      gameType: 'Classic',
      mode: 'alike',
    });
    expect((await join()).body).toBe(englishReply);
    expect((await join('en')).body).toBe(englishReply);
    expect((await join('xx-YY')).body).toBe(englishReply);
  });

  it('compares a Spanish friend’s answers with an English creator’s, in the language each reads', async () => {
    const game = await createGame(app, 'classic', [1, 2, 3]);
    const friend = newUserId();
    // The friend read the questions in Spanish: an answer is a position, the same word in every language.
    expect((await logResponse(app, game.gameId, friend, [1, 2, 4])).statusCode).toBe(200);
    const ids = game.questions.map((question) => question.questionID);

    const asFriend = await app.inject({
      method: 'GET',
      url: `/prod/get-comparison?gameId=${game.gameId}&playerId=${friend}&lang=es-AR`,
    });
    expect(asFriend.statusCode).toBe(200);
    const rounds = asFriend.json().rounds;
    expect(
      rounds.map(({ questionID, question, options }: WireQuestion) => ({ questionID, question, options })),
    ).toEqual(ids.map((id) => seedQuestion(id, 'es')));
    expect(rounds.map((round: { creatorAnswer: number }) => round.creatorAnswer)).toEqual([1, 2, 3]);
    expect(rounds.map((round: { playerAnswer: number }) => round.playerAnswer)).toEqual([1, 2, 4]);

    const board = await app.inject({ method: 'GET', url: `/prod/get-all-players?gameId=${game.gameId}` });
    const { playerID } = board.json().players[0];
    const asCreator = await app.inject({
      method: 'GET',
      url: `/prod/get-comparison?gameId=${game.gameId}&userId=${game.creatorId}&playerID=${playerID}`,
    });
    expect(asCreator.json().rounds.map((round: WireQuestion) => round.question)).toEqual(
      ids.map((id) => seedQuestion(id).question),
    );
    const inGerman = await app.inject({
      method: 'GET',
      url: `/prod/get-comparison?gameId=${game.gameId}&userId=${game.creatorId}&playerID=${playerID}&lang=de`,
    });
    expect(inGerman.json().rounds.map((round: WireQuestion) => round.options)).toEqual(
      ids.map((id) => seedQuestion(id, 'de').options),
    );
    expect(inGerman.json().score).toBe(asCreator.json().score);
  });
});

describe('an own bank with some questions translated', () => {
  let own: FastifyInstance;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wavelength-own-bank-'));
    const spectrum = [
      { id: 'mine-s1', question: { en: 'I like rain.', es: 'Me gusta la lluvia.' }, options: 'B' },
      { id: 'mine-s2', question: 'I like snow.', options: 'B' },
    ];
    const classic = [
      {
        id: 'mine-c1',
        question: { en: 'Best season?', es: '¿La mejor estación?' },
        options: [
          { en: 'Spring', es: 'Primavera' },
          { en: 'Summer', es: 'Verano' },
          { en: 'Autumn', es: 'Otoño' },
          { en: 'Winter', es: 'Invierno' },
        ],
      },
      { id: 'mine-c2', question: 'Best drink?', options: ['Tea', 'Coffee', 'Juice', 'Water'] },
    ];
    writeFileSync(join(dir, 'spectrum.json'), JSON.stringify(spectrum));
    writeFileSync(join(dir, 'classic.json'), JSON.stringify(classic));
    own = await testApp({ QUESTIONS_DIR: dir, QUESTIONS_PER_GAME: '2' });
  });
  afterAll(() => own?.close());

  it('shows each question in the language where it has one, in English where it has none', async () => {
    const byId = async (gametype: string) => {
      const response = await own.inject({ method: 'GET', url: `/prod/get-questions?gametype=${gametype}&lang=es` });
      return new Map((response.json().questions as WireQuestion[]).map((question) => [question.questionID, question]));
    };
    const spectrum = await byId('spectrum');
    expect(spectrum.get('mine-s1')?.question).toBe('Me gusta la lluvia.');
    expect(spectrum.get('mine-s2')?.question).toBe('I like snow.');
    const classic = await byId('classic');
    expect(classic.get('mine-c1')).toEqual({
      questionID: 'mine-c1',
      question: '¿La mejor estación?',
      options: ['Primavera', 'Verano', 'Otoño', 'Invierno'],
    });
    expect(classic.get('mine-c2')).toEqual({
      questionID: 'mine-c2',
      question: 'Best drink?',
      options: ['Tea', 'Coffee', 'Juice', 'Water'],
    });
    // English is the text given as "en".
    const inEnglish = await own.inject({ method: 'GET', url: '/prod/get-questions?gametype=classic' });
    expect(
      inEnglish
        .json()
        .questions.map((question: WireQuestion) => question.question)
        .sort(),
    ).toEqual(['Best drink?', 'Best season?']);
  });
});
