/** QUESTIONS_DIR: loading and validating a bank folder, and serving it instead of seed/. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createGame, fetchQuestions, logResponse, newUserId, persistentTestDatabase, testApp } from '../testing/app.js';
import { BankError, loadQuestionBank } from './bank.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'wavelength-bank-'));

const spectrumQuestions = (count: number, prefix = 'ms') =>
  Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${i + 1}`,
    question: `How often do you do thing number ${i + 1} of ${prefix}?`,
    options: ['A', 'B', 'C'][i % 3],
  }));
const classicQuestions = (count: number, prefix = 'mc') =>
  Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${i + 1}`,
    question: `Pick a word for ${prefix} number ${i + 1}`,
    options: ['Red', 'Green', 'Blue', 'Yellow'],
  }));

/** A bank folder holding the given file contents (objects are written as JSON, strings as they are). */
function bankDir(files: { spectrum?: unknown; classic?: unknown }): string {
  const dir = tempDir();
  for (const [edition, content] of Object.entries(files)) {
    if (content === undefined) continue;
    writeFileSync(join(dir, `${edition}.json`), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dir;
}
const goodDir = (spectrum: unknown[] = spectrumQuestions(12), classic: unknown[] = classicQuestions(12)) =>
  bankDir({ spectrum, classic });

/** The BankError message loading `dir` fails with. */
function failure(dir: string, questionsPerGame = 10): string {
  try {
    loadQuestionBank(dir, { questionsPerGame });
  } catch (error) {
    expect(error).toBeInstanceOf(BankError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error(`${dir} loaded without an error`);
}

describe('loadQuestionBank', () => {
  it('returns both editions of a good folder', () => {
    const questions = loadQuestionBank(goodDir(), { questionsPerGame: 10 });
    expect(questions.filter((q) => q.edition === 'spectrum')).toHaveLength(12);
    expect(questions.filter((q) => q.edition === 'classic')).toHaveLength(12);
    expect(questions[0]).toEqual({
      id: 'ms-1',
      edition: 'spectrum',
      question: 'How often do you do thing number 1 of ms?',
      options: 'A',
    });
  });

  it('refuses a folder that does not exist', () => {
    const dir = join(tempDir(), 'nope');
    expect(failure(dir)).toBe(`Question bank ${dir}: no such folder`);
  });

  it('refuses a file path given as the folder', () => {
    const dir = goodDir();
    const file = join(dir, 'classic.json');
    expect(failure(file)).toBe(`Question bank ${file}: no such folder`);
  });

  it('refuses a folder without one of the two files', () => {
    const dir = bankDir({ spectrum: spectrumQuestions(12) });
    expect(failure(dir)).toBe(
      `Question bank ${join(dir, 'classic.json')}: cannot read the file (a bank folder needs spectrum.json and classic.json)`,
    );
  });

  it('refuses a file that is not JSON', () => {
    const dir = bankDir({ spectrum: '[{"id": "x",', classic: classicQuestions(12) });
    expect(failure(dir)).toMatch(
      new RegExp(`^Question bank ${escapeRegExp(join(dir, 'spectrum.json'))}: not valid JSON \\(.+\\)$`),
    );
  });

  it('refuses a file that is not a list', () => {
    const dir = bankDir({ spectrum: spectrumQuestions(12), classic: { questions: classicQuestions(12) } });
    expect(failure(dir)).toBe(`Question bank ${join(dir, 'classic.json')}: must hold a JSON array of questions`);
  });

  it.each([
    ['three words', ['Red', 'Green', 'Blue']],
    ['five words', ['Red', 'Green', 'Blue', 'Yellow', 'Pink']],
    ['a repeated word', ['Red', 'Green', 'red', 'Blue']],
    ['an empty word', ['Red', 'Green', ' ', 'Blue']],
    ['a scale code', 'A'],
    ['no options', undefined],
  ])('refuses a Classic question with %s', (_, options) => {
    const classic = classicQuestions(12);
    classic[3] = { ...classic[3], options: options as string[] };
    const dir = goodDir(undefined, classic);
    expect(failure(dir)).toBe(
      `Question bank ${join(dir, 'classic.json')}: question 4 (id "mc-4") has ${options === undefined ? 'no "options"' : `options ${JSON.stringify(options)}`}; ` +
        'a Classic question needs 4 different non-empty words of at most 40 characters',
    );
  });

  it.each(['D', 'a', ''])('refuses a Spectrum question on the unknown scale %j', (scale) => {
    const spectrum = spectrumQuestions(12);
    spectrum[0] = { ...spectrum[0], options: scale };
    const dir = goodDir(spectrum);
    expect(failure(dir)).toBe(
      `Question bank ${join(dir, 'spectrum.json')}: question 1 (id "ms-1") has options ${JSON.stringify(scale)}; ` +
        `a Spectrum question's options is its scale: "A" (Rarely–Often), "B" (Disagree–Agree) or "C" (False–True)`,
    );
  });

  it('refuses an id used in both files', () => {
    const classic = classicQuestions(12);
    classic[5] = { ...classic[5], id: 'ms-2' };
    const dir = goodDir(undefined, classic);
    expect(failure(dir)).toBe(
      `Question bank ${join(dir, 'classic.json')}: id "ms-2" is used twice (also in ${join(dir, 'spectrum.json')})`,
    );
  });

  it('refuses an id used twice in one file', () => {
    const spectrum = spectrumQuestions(12);
    spectrum[7] = { ...spectrum[7], id: 'ms-1' };
    const dir = goodDir(spectrum);
    expect(failure(dir)).toBe(
      `Question bank ${join(dir, 'spectrum.json')}: id "ms-1" is used twice (also earlier in this file)`,
    );
  });

  it.each([
    [
      'a missing id',
      { question: 'Q?', options: 'A' },
      'question 1 needs an "id" of 1 to 64 letters, digits, "-" or "_" (got nothing)',
    ],
    [
      'an id with a comma',
      { id: 'a,b', question: 'Q?', options: 'A' },
      'question 1 needs an "id" of 1 to 64 letters, digits, "-" or "_" (got "a,b")',
    ],
    [
      'an empty question',
      { id: 'q1', question: '  ', options: 'A' },
      'question 1 (id "q1") needs a non-empty "question"',
    ],
    ['a misspelt field', { id: 'q1', question: 'Q?', option: 'A' }, 'question 1 has an unknown field "option"'],
    ['a bare string', 'How often?', 'question 1 must be an object {"id","question","options"}'],
  ])('refuses %s', (_, first, problem) => {
    const dir = goodDir([first, ...spectrumQuestions(12).slice(1)]);
    expect(failure(dir)).toBe(`Question bank ${join(dir, 'spectrum.json')}: ${problem}`);
  });

  it('refuses the same text twice in one file', () => {
    const classic = classicQuestions(12);
    classic[9] = { ...classic[9], question: ` ${classic[2].question.toUpperCase()}` };
    const dir = goodDir(undefined, classic);
    expect(failure(dir)).toBe(
      `Question bank ${join(dir, 'classic.json')}: question 10 (id "mc-10") repeats the text of question 3`,
    );
  });

  it('refuses an edition with fewer questions than QUESTIONS_PER_GAME', () => {
    const dir = goodDir(undefined, classicQuestions(7));
    expect(failure(dir, 10)).toBe(
      `Question bank ${join(dir, 'classic.json')}: 7 questions, but a game needs QUESTIONS_PER_GAME=10; add at least 3 more`,
    );
    expect(loadQuestionBank(dir, { questionsPerGame: 7 })).toHaveLength(19);
    expect(failure(goodDir([]), 1)).toMatch(/spectrum\.json: 0 questions, but a game needs QUESTIONS_PER_GAME=1;/);
  });
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('QUESTIONS_DIR', () => {
  const apps: { close(): Promise<unknown> }[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  it('serves the folder’s questions instead of the built-in banks', async () => {
    const dir = goodDir(spectrumQuestions(12), classicQuestions(12));
    const app = await testApp({ QUESTIONS_DIR: dir });
    apps.push(app);
    for (let draw = 0; draw < 5; draw++) {
      const spectrum = await fetchQuestions(app, 'spectrum');
      expect(spectrum).toHaveLength(10);
      for (const q of spectrum) expect(q.questionID).toMatch(/^ms-\d+$/);
      const classic = await fetchQuestions(app, 'classic');
      expect(classic).toHaveLength(10);
      for (const q of classic) {
        expect(q.questionID).toMatch(/^mc-\d+$/);
        expect(q.options).toEqual(['Red', 'Green', 'Blue', 'Yellow']);
      }
    }
    const game = await createGame(app, 'classic');
    expect((await logResponse(app, game.gameId, newUserId(), game.answers)).json()).toMatchObject({ score: 10 });
  });

  it("says a theme this folder's questions do not have is empty (404 pack_empty), instead of an empty list", async () => {
    const app = await testApp({ QUESTIONS_DIR: goodDir(spectrumQuestions(12), classicQuestions(12)) });
    apps.push(app);
    const themed = await app.inject({ url: '/prod/get-questions?gametype=Classic&pack=couples' });
    expect(themed.statusCode).toBe(404);
    expect(themed.json()).toEqual({
      code: 'pack_empty',
      message: 'This server has no questions in that theme yet. Pick another theme.',
    });
    // A swap that finds nothing left is not that: an empty list, as without a pack.
    const ids = (await fetchQuestions(app, 'classic')).map((q: { questionID: string }) => q.questionID);
    const all = Array.from({ length: 12 }, (_, i) => `mc-${i + 1}`).filter((id) => !ids.includes(id));
    const swapped = await app.inject({
      url: `/prod/get-questions?gametype=Classic&pack=couples&count=1&exclude=${[...ids, ...all].join(',')}`,
    });
    expect(swapped.statusCode).toBe(200);
    expect(swapped.json()).toEqual({ questions: [] });
  });

  it('refuses to build the app on a bad folder', async () => {
    const dir = join(tempDir(), 'missing');
    await expect(testApp({ QUESTIONS_DIR: dir })).rejects.toThrow(
      new BankError(`Question bank ${dir}: no such folder`),
    );
  });

  it('keeps a game created before a bank change playable after its questions left the bank', async () => {
    const dir = goodDir(spectrumQuestions(10, 'old-s'), classicQuestions(10, 'old-c'));
    const { url: database, drop } = await persistentTestDatabase(tempDir());
    const before = await testApp({ QUESTIONS_DIR: dir, DATABASE_URL: database });
    const game = await createGame(before, 'spectrum', [0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    await before.close();

    // The whole bank is replaced: none of the game's questions is in it any more.
    rmSync(dir, { recursive: true });
    mkdirSync(dir);
    writeFileSync(join(dir, 'spectrum.json'), JSON.stringify(spectrumQuestions(10, 'new-s')));
    writeFileSync(join(dir, 'classic.json'), JSON.stringify(classicQuestions(10, 'new-c')));
    const after = await testApp({ QUESTIONS_DIR: dir, DATABASE_URL: database });
    // Closed in order: the app, then its database.
    apps.push(after, { close: drop });

    for (const q of await fetchQuestions(after, 'spectrum')) expect(q.questionID).toMatch(/^new-s-/);
    const joined = await after.inject({ method: 'POST', url: '/prod/join-game', payload: { gameId: game.gameId } });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({ gameType: 'Spectrum', mode: 'alike', questions: game.questions });
    const played = await logResponse(after, game.gameId, newUserId(), game.answers);
    expect(played.statusCode).toBe(200);
    expect(played.json()).toMatchObject({ ok: true, score: 10 });
  });
});
