/** Packs through the API (docs/api.md): get-questions' `pack`, a game's and a party's pack. Both databases. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireQuestion } from '../../shared/model.js';
import { PACKS } from '../../shared/packs.js';
import { EDITIONS } from '../../shared/product.js';
import { cardKey, previewOf } from '../cards/og-cards.js';
import { SEED_DIR } from '../paths.js';
import { newUserId, rowCount, testApp } from '../testing/app.js';
import { advance, call, command, createParty, FakeClock, join } from '../testing/party.js';
import { clientFixture, metaTags } from '../testing/web.js';
import { loadQuestionBank } from './bank.js';

const bank = loadQuestionBank(SEED_DIR);
const idsOf = (edition: string, pack: string) =>
  new Set(bank.filter((q) => q.edition === edition && q.packs?.includes(pack as never)).map((q) => q.id));

describe('packs through the API', () => {
  let app: FastifyInstance;
  const clock = new FakeClock();
  beforeAll(async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '10' }, { partyClock: clock });
  });
  afterAll(() => app.close());

  const draw = async (query: string): Promise<WireQuestion[]> => {
    const reply = await call(app, `get-questions?${query}`);
    expect(reply.status, reply.raw).toBe(200);
    return reply.body.questions;
  };

  it.each(EDITIONS.flatMap((edition) => PACKS.map((pack) => [edition, pack] as const)))(
    'get-questions draws %s questions of the %s pack only',
    async (edition, pack) => {
      const questions = await draw(`gametype=${edition}&pack=${pack}`);
      expect(questions).toHaveLength(10);
      const inPack = idsOf(edition, pack);
      for (const { questionID } of questions) expect(inPack.has(questionID), questionID).toBe(true);
    },
  );

  it('swaps within the pack: count and exclude work as without one, in the asked language', async () => {
    const first = await draw('gametype=classic&pack=couples');
    const exclude = first.map((q) => q.questionID);
    const swap = await draw(`gametype=classic&pack=couples&count=1&exclude=${exclude.join(',')}&lang=de`);
    expect(swap).toHaveLength(1);
    expect(exclude).not.toContain(swap[0].questionID);
    expect(idsOf('classic', 'couples').has(swap[0].questionID)).toBe(true);
    const german = bank.find((q) => q.id === swap[0].questionID)?.translations?.de?.question;
    expect(swap[0].question).toBe(german);
    // The whole pack excluded but one: that one is all there is to swap in.
    const work = [...idsOf('classic', 'work')];
    const last = await draw(`gametype=classic&pack=work&count=2&exclude=${work.slice(1).join(',')}`);
    expect(last.map((q) => q.questionID)).toEqual([work[0]]);
  });

  it('refuses a pack it does not have, with a clear error', async () => {
    const reply = await call(app, 'get-questions?gametype=classic&pack=dates');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'validation_failed', message: expect.stringContaining('pack') });
  });

  it('create-game stores the pack, and join-game says it; a game without one says none', async () => {
    const questions = await draw('gametype=spectrum&pack=couples');
    const make = (pack?: string) =>
      call(app, 'create-game', {
        userId: newUserId(),
        userName: 'Ada',
        gameType: 'Spectrum',
        questionSet: questions.map((q) => q.questionID),
        answerSet: questions.map(() => 60),
        ...(pack ? { pack } : {}),
      });
    const made = await make('couples');
    expect(made.status, made.raw).toBe(200);
    const joined = await call(app, 'join-game', { gameId: made.body.gameId, lang: 'es' });
    expect(joined.body).toMatchObject({ gameType: 'Spectrum', mode: 'alike', pack: 'couples' });
    const plain = await make();
    expect((await call(app, 'join-game', { gameId: plain.body.gameId })).body.pack).toBeUndefined();
    const games = await rowCount(app, 'games');
    expect((await make('dates')).status).toBe(400);
    expect(await rowCount(app, 'games')).toBe(games);
  });

  it('a party draws its rounds from its pack, and its state names the pack', async () => {
    const { partyId, host } = await createParty(app, {
      gameType: 'Classic',
      format: 'alike',
      pack: 'family',
      rounds: 5,
    });
    await join(app, partyId, 'Bo');
    expect((await command(app, partyId, host, 'start')).status).toBe(200);
    const inPack = idsOf('classic', 'family');
    const seen = new Set<string>();
    for (let round = 0; round < 5; round++) {
      const state = await advance(app, clock, partyId, round === 0 ? 3_000 : 33_000);
      expect(state.pack).toBe('family');
      if (state.question) seen.add(state.question.questionID);
    }
    expect(seen.size).toBeGreaterThan(0);
    for (const id of seen) expect(inPack.has(id), id).toBe(true);
    const plain = await createParty(app, { gameType: 'Classic', format: 'alike' });
    expect((await call(app, `get-party?partyId=${plain.partyId}`)).body.pack).toBeUndefined();
  });
});

describe("a game's pack on its link preview and card", () => {
  it('follows the title after a dot, in the game’s language, and makes the card another one', async () => {
    const app = await testApp({ QUESTIONS_PER_GAME: '3' }, { clientDir: clientFixture() });
    try {
      const questions = (await call(app, 'get-questions?gametype=classic&pack=couples')).body
        .questions as WireQuestion[];
      const make = async (lang: string, pack?: string) =>
        (
          await call(app, 'create-game', {
            userId: newUserId(),
            userName: 'Ada',
            questionSet: questions.map((q) => q.questionID),
            answerSet: [1, 1, 1],
            lang,
            ...(pack ? { pack } : {}),
          })
        ).body.gameId as string;
      const title = async (gameId: string) =>
        metaTags((await app.inject({ url: `/join/${gameId}` })).body).get('og:title');
      expect(await title(await make('en', 'couples'))).toBe('Ada wants to know how in tune you are · Couples');
      expect(await title(await make('de', 'silly'))).toMatch(/^Ada .+ · Quatsch$/);
      expect(await title(await make('en'))).toBe('Ada wants to know how in tune you are');
      // The card shows it (on its badge): a game with a pack has a card of its own.
      const preview = { creatorName: 'Ada', edition: 'classic' as const, lang: 'en' as const };
      expect(cardKey(previewOf({ ...preview, pack: 'couples' }))).not.toBe(cardKey(previewOf(preview)));
      expect(cardKey(previewOf(preview))).toBe(cardKey(preview));
    } finally {
      await app.close();
    }
  });
});
