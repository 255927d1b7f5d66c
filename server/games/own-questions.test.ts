import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadQuestionBank } from '../questions/bank.js';
import { fetchQuestions, logResponse, newUserId, rowCount, selectValue, testApp } from '../testing/app.js';
import { LiveClient } from '../testing/live-client.js';
import { clientFixture, metaTags } from '../testing/web.js';

// A creator's own questions through the API, on the database of the project running it (SQLite
// in `server`, PostgreSQL in `server-postgres`).
let app: FastifyInstance;
let liveBase: string;
beforeAll(async () => {
  app = await testApp({ QUESTIONS_PER_GAME: '4' }, { clientDir: clientFixture() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  liveBase = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/prod/live/`;
});
afterAll(() => app.close());

const post = (url: string, payload: Record<string, unknown>) => app.inject({ method: 'POST', url, payload });
const ownRows = async (gameId: string) =>
  Number(await selectValue(app, 'SELECT count(*) FROM game_own_questions WHERE game_id = ?', gameId));

async function createOwnGame(
  edition: 'classic' | 'spectrum',
  own: Record<string, unknown>[],
  answerOf: (position: number) => number,
) {
  const drawn = (await fetchQuestions(app, edition)).map((q) => q.questionID);
  const questionSet = [...own, ...drawn.slice(own.length)];
  const creatorId = newUserId();
  const response = await post('/prod/create-game', {
    userId: creatorId,
    userName: 'Ada',
    questionSet,
    answerSet: questionSet.map((_, i) => answerOf(i)),
    ...(edition === 'spectrum' ? { gameType: 'Spectrum' } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { gameId: response.json().gameId as string, creatorId, drawn };
}

describe('create-game with questions of the creator’s own', () => {
  it('plays them like any question: join-game, the score, the scoreboard, the live channel and the reveal', async () => {
    const own = [
      { question: '  Where did we  first meet?\u200B ', options: ['School', 'Work', 'Online'] },
      { question: 'Best <b>pizza</b> topping?', options: ['Ham', 'Pineapple'] },
    ];
    const { gameId, drawn } = await createOwnGame('classic', own, (i) => [3, 2, 1, 1][i]);

    const join = (await post('/prod/join-game', { gameId })).json();
    expect(join.questions.slice(0, 2)).toEqual([
      // Cleaned as names are (zero-width out, trimmed); inner spaces and markup kept as text.
      { questionID: 'own-1', question: 'Where did we  first meet?', options: ['School', 'Work', 'Online'] },
      { questionID: 'own-2', question: 'Best <b>pizza</b> topping?', options: ['Ham', 'Pineapple'] },
    ]);
    expect(join.questions.slice(2).map((q: { questionID: string }) => q.questionID)).toEqual(drawn.slice(2, 4));

    const live = await LiveClient.open(liveBase + gameId);
    expect(await live.message(0)).toEqual({ type: 'snapshot', players: [], playing: [] });
    const playerId = newUserId();
    // Own rounds: same, different; drawn rounds: same, same → 3 of 4.
    const logged = await logResponse(app, gameId, playerId, [3, 1, 1, 1], 'Bo');
    expect(logged.json()).toMatchObject({ ok: true, score: 7.5 });
    expect(await live.message(1)).toMatchObject({ type: 'player', player: { playerName: 'Bo', score: 7.5 } });
    live.close();
    const board = (await app.inject({ method: 'GET', url: `/prod/get-all-players?gameId=${gameId}` })).json();
    expect(board.players).toEqual([expect.objectContaining({ playerName: 'Bo', score: 7.5 })]);

    const comparison = await app.inject({
      method: 'GET',
      url: `/prod/get-comparison?gameId=${gameId}&playerId=${playerId}`,
    });
    expect(comparison.json().rounds.slice(0, 2)).toEqual([
      {
        questionID: 'own-1',
        question: 'Where did we  first meet?',
        options: ['School', 'Work', 'Online'],
        creatorAnswer: 3,
        playerAnswer: 3,
        points: 10,
      },
      {
        questionID: 'own-2',
        question: 'Best <b>pizza</b> topping?',
        options: ['Ham', 'Pineapple'],
        creatorAnswer: 2,
        playerAnswer: 1,
        points: 0,
      },
    ]);
  });

  it('takes Spectrum statements with a scale, wherever they sit in questionSet', async () => {
    const drawn = (await fetchQuestions(app, 'spectrum')).map((q) => q.questionID);
    const response = await post('/prod/create-game', {
      userId: newUserId(),
      userName: 'Ada',
      questionSet: [drawn[0], { question: 'I sing in the shower.', scale: 'C' }, drawn[1], drawn[2]],
      answerSet: [50, 90, 50, 50],
      gameType: 'Spectrum',
    });
    const { gameId } = response.json();
    const join = (await post('/prod/join-game', { gameId })).json();
    expect(join.questions[1]).toEqual({ questionID: 'own-1', question: 'I sing in the shower.', options: 'C' });
    const logged = await logResponse(app, gameId, newUserId(), [50, 90, 50, 50]);
    expect(logged.json().score).toBe(10);
  });

  it('never puts them in a bank: get-questions never draws them, and their ids name no bank question', async () => {
    const before = Number(await selectValue(app, 'SELECT count(*) FROM questions'));
    await createOwnGame('classic', [{ question: 'A question for us only', options: ['Yes', 'No'] }], () => 1);
    expect(Number(await selectValue(app, 'SELECT count(*) FROM questions'))).toBe(before);
    expect(await app.storage.questions.find('own-1')).toBeUndefined();
    const ids = (await fetchQuestions(app, 'classic')).map((q) => q.questionID);
    const response = await post('/prod/create-game', {
      userId: newUserId(),
      userName: 'Ada',
      questionSet: ['own-1', ...ids.slice(1)],
      answerSet: [1, 1, 1, 1],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The question "own-1" does not exist.');
  });

  it('shows nothing of them in the join link’s preview tags', async () => {
    const { gameId } = await createOwnGame(
      'classic',
      [{ question: 'Secret <script>alert(1)</script> of ours', options: ['Yes', 'No'] }],
      () => 1,
    );
    const page = await app.inject({ method: 'GET', url: `/join/${gameId}` });
    expect(metaTags(page.body).get('og:title')).toContain('Ada');
    expect(page.body).not.toContain('Secret');
    expect(page.body).not.toContain('alert(1)');
  });

  it('deletes them with their game, by its creator or by the retention purge', async () => {
    const own = [{ question: 'Ours?', options: ['Yes', 'No'] }];
    const deleted = await createOwnGame('classic', own, () => 1);
    const purged = await createOwnGame('classic', own, () => 1);
    expect(await ownRows(deleted.gameId)).toBe(1);
    const response = await post('/prod/delete-game', { gameId: deleted.gameId, userId: deleted.creatorId });
    expect(response.statusCode).toBe(200);
    expect(await ownRows(deleted.gameId)).toBe(0);
    expect(await ownRows(purged.gameId)).toBe(1);
    await app.storage.games.deleteGamesCreatedBefore(Date.now() + 1000, 500);
    expect(await ownRows(purged.gameId)).toBe(0);
  });
});

describe('create-game refuses a bad own question with 400 naming it, and writes nothing', () => {
  const classic = (question: unknown, options: unknown = ['Yes', 'No']) => ({ question, options });
  const cases: [string, 'classic' | 'spectrum', unknown, string][] = [
    ['a question under 3 characters', 'classic', classic(' a\u200Bb '), 'Question 2: the question needs at least 3'],
    [
      'a question over 140 characters',
      'classic',
      classic('x'.repeat(141)),
      'Question 2: the question can be at most 140',
    ],
    ['one answer word', 'classic', classic('Which one?', ['Only']), 'Question 2: give 2 to 4 answer words.'],
    ['five answer words', 'classic', classic('Which?', ['a', 'b', 'c', 'd', 'e']), 'Question 2: give 2 to 4'],
    [
      'an empty answer word',
      'classic',
      classic('Which one?', ['Yes', ' \u202E ']),
      'Question 2: answer word 2 is empty.',
    ],
    [
      'a long answer word',
      'classic',
      classic('Which one?', ['Yes', 'n'.repeat(31)]),
      'answer word 2 can be at most 30',
    ],
    [
      'answer words that differ only by case and invisible characters',
      'classic',
      classic('Which one?', ['Dog', 'd\u200Bog']),
      'Question 2: the answer words must differ.',
    ],
    ['a Classic question with a scale', 'classic', { question: 'Which one?', scale: 'A' }, 'needs answer words'],
    ['a Spectrum statement without a scale', 'spectrum', { question: 'I run.' }, 'Question 2: choose one of'],
    [
      'a Spectrum statement with a scale that is not A, B or C',
      'spectrum',
      { question: 'I run.', scale: 'D' },
      'choose',
    ],
    ['a Spectrum statement with answer words', 'spectrum', classic('I run.'), 'needs a scale'],
    ['a question that is not text', 'classic', classic(7), 'The field "questionSet.1" must be a question id or'],
    ['an unknown field', 'classic', { ...classic('Which one?'), colour: 'red' }, 'questionSet.1'],
  ];
  it.each(cases)('%s', async (_, edition, entry, message) => {
    const drawn = (await fetchQuestions(app, edition)).map((q) => q.questionID);
    const games = await rowCount(app, 'games');
    const response = await post('/prod/create-game', {
      userId: newUserId(),
      userName: 'Ada',
      questionSet: [drawn[0], entry, drawn[2], drawn[3]],
      answerSet: [1, 1, 1, 1],
      ...(edition === 'spectrum' ? { gameType: 'Spectrum' } : {}),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await rowCount(app, 'games')).toBe(games);
  });

  it('refuses more own questions than the game has rounds, and the same question written twice', async () => {
    const own = (n: number) => ({ question: `Question number ${n}`, options: ['Yes', 'No'] });
    const games = await rowCount(app, 'games');
    const five = await post('/prod/create-game', {
      userId: newUserId(),
      userName: 'Ada',
      questionSet: [1, 2, 3, 4, 5].map(own),
      answerSet: [1, 1, 1, 1, 1],
    });
    expect(five.statusCode).toBe(400);
    expect(five.json()).toEqual({
      code: 'too_many_own_questions',
      message: 'The field "questionSet" holds at most 4 questions of your own, one per round.',
    });
    expect(await rowCount(app, 'games')).toBe(games);
    const twice = await post('/prod/create-game', {
      userId: newUserId(),
      userName: 'Ada',
      questionSet: [own(1), { ...own(1), question: 'question NUMBER 1 ' }],
      answerSet: [1, 1],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Question 2: you already wrote this question.');
  });

  it('checks the creator’s answers against the own question’s words', async () => {
    const drawn = (await fetchQuestions(app, 'classic')).map((q) => q.questionID);
    const response = await post('/prod/create-game', {
      userId: newUserId(),
      userName: 'Ada',
      questionSet: [{ question: 'Yes or no?', options: ['Yes', 'No'] }, ...drawn.slice(1)],
      answerSet: [3, 1, 1, 1],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('between 0 and 2');
  });
});

describe('a game whose every round is the creator’s own', () => {
  it.each(['classic', 'spectrum'] as const)('plays, scores, reveals and shares in %s as any other', async (edition) => {
    const own =
      edition === 'classic'
        ? [1, 2, 3, 4].map((n) => ({ question: `Which is ours, number ${n}?`, options: ['Yes', 'No', 'Maybe'] }))
        : [1, 2, 3, 4].map((n) => ({ question: `We agree on thing number ${n}.`, scale: 'B' }));
    const answers = edition === 'classic' ? [1, 2, 3, 1] : [10, 40, 70, 100];
    const creatorId = newUserId();
    const made = await post('/prod/create-game', {
      userId: creatorId,
      userName: 'Ada',
      questionSet: own,
      answerSet: answers,
      // A pack asked for, but nothing was drawn from it: the game has none.
      pack: 'couples',
      ...(edition === 'spectrum' ? { gameType: 'Spectrum' } : {}),
    });
    expect(made.statusCode, made.body).toBe(200);
    const { gameId } = made.json();
    expect(await ownRows(gameId)).toBe(4);

    const join = (await post('/prod/join-game', { gameId })).json();
    expect(join.questions.map((q: { questionID: string }) => q.questionID)).toEqual([
      'own-1',
      'own-2',
      'own-3',
      'own-4',
    ]);
    expect(join.pack).toBeUndefined();
    const bo = newUserId();
    const logged = await logResponse(app, gameId, bo, answers, 'Bo');
    expect(logged.statusCode).toBe(200);
    expect(logged.json().score).toBe(10);
    const reveal = await app.inject({ url: `/prod/get-comparison?gameId=${gameId}&playerId=${bo}` });
    expect(reveal.statusCode).toBe(200);
    expect(reveal.json().rounds.map((round: { creatorAnswer: number }) => round.creatorAnswer)).toEqual(answers);
    expect(reveal.json().rounds[3].question).toBe(own[3].question);
    const board = (await app.inject({ url: `/prod/get-all-players?gameId=${gameId}` })).json();
    expect(board.players).toEqual([{ playerID: logged.json().playerID, playerName: 'Bo', score: 10 }]);
    // Its join link's preview names Ada, as any game's.
    const page = await app.inject({ url: `/join/${gameId}` });
    expect(metaTags(page.body).get('og:title')).toContain('Ada');
  });
});

describe('the game repository with own questions', () => {
  it('stores them with the game and loads them in round order with the drawn ones', async () => {
    const [a, b] = await fetchQuestions(app, 'classic');
    const id = `repo-${newUserId().slice(0, 8)}`;
    await app.storage.games.createGame({
      id,
      edition: 'classic',
      creatorUserId: newUserId(),
      creatorName: 'Ada',
      questionIds: [a.questionID, 'own-1', b.questionID, 'own-2'],
      answers: [1, 2, 3, 1],
      lang: 'en',
      ownQuestions: [
        { edition: 'classic', id: 'own-1', text: 'First of ours', words: ['Yes', 'No'] },
        { edition: 'classic', id: 'own-2', text: 'Second of ours', words: ['Up', 'Down', 'Left'] },
      ],
    });
    const game = await app.storage.games.findGame(id);
    expect(game?.questions.map((q) => q.id)).toEqual([a.questionID, 'own-1', b.questionID, 'own-2']);
    expect(game?.questions[3]).toEqual({
      edition: 'classic',
      id: 'own-2',
      text: 'Second of ours',
      words: ['Up', 'Down', 'Left'],
    });
    expect(game?.creatorAnswers).toEqual([1, 2, 3, 1]);
  });
});

describe('question banks', () => {
  it('may not use ids kept for own questions', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wavelength-own-bank-'));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'spectrum.json'), JSON.stringify([{ id: 'S1', question: 'I run.', options: 'A' }]));
    writeFileSync(
      join(dir, 'classic.json'),
      JSON.stringify([{ id: 'Own-7', question: 'Pick one', options: ['a', 'b', 'c', 'd'] }]),
    );
    expect(() => loadQuestionBank(dir)).toThrow(/question 1 has the id "Own-7"; ids starting with "own-" are kept/);
  });
});
