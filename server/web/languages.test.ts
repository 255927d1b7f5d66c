/** A game's pages speak the game's language: link-preview tags, `<html lang>` and the card. */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/languages.js';
import { CARD_DESIGN } from '../cards/og-card.js';
import { cardKey } from '../cards/og-cards.js';
import { SERVER_TEXTS } from '../cards/og-texts.js';
import { newUserId, testApp } from '../testing/app.js';
import { clientFixture, metaTags, pngSize } from '../testing/web.js';

let app: FastifyInstance;
afterEach(() => app?.close());

async function gameIn(lang: string | undefined, name = 'Ana', gameType: 'Classic' | 'Spectrum' = 'Classic') {
  const edition = gameType === 'Classic' ? 'classic' : 'spectrum';
  const drawn = await app.inject({ method: 'GET', url: `/prod/get-questions?gametype=${edition}` });
  const ids = drawn.json().questions.map((question: { questionID: string }) => question.questionID);
  const response = await app.inject({
    method: 'POST',
    url: '/prod/create-game',
    payload: {
      userId: newUserId(),
      userName: name,
      questionSet: ids,
      answerSet: ids.map(() => (edition === 'classic' ? 1 : 50)),
      gameType,
      lang,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().gameId as string;
}

const page = (url: string, acceptLanguage?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: { host: 'play.test', ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
  });
const htmlLang = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];

describe("a game's join page", () => {
  it("has its link preview and <html lang> in the game's language, whatever the browser's", async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '3' }, { clientDir: clientFixture() });
    const spanish = await gameIn('es-MX', 'Ana', 'Spectrum');
    const response = await page(`/join/${spanish}`, 'de-DE,de;q=0.9');
    expect(htmlLang(response.body)).toBe('es');
    const tags = metaTags(response.body);
    expect(tags.get('og:title')).toBe('Ana quiere saber si estás en su misma onda');
    expect(tags.get('twitter:title')).toBe('Ana quiere saber si estás en su misma onda');
    expect(tags.get('og:description')).toBe(
      'Responde las mismas preguntas que Ana en la edición Espectro de Wavelength y descubre tu puntuación de compatibilidad del 0 al 10.',
    );
    expect(tags.get('og:image:alt')).toBe('Ana quiere saber si estás en su misma onda: Wavelength, Edición Espectro');
    expect(tags.get('og:image')).toBe(`http://play.test/og/${spanish}.png`);

    const german = await gameIn('de', '');
    const germanTags = metaTags((await page(`/join/${german}`)).body);
    expect(germanTags.get('og:title')).toBe('Jemand will wissen, wie gut ihr auf einer Wellenlänge seid');
    expect(germanTags.get('og:description')).toMatch(
      /^Beantworte dieselben Fragen in der Klassik-Edition von Wavelength/,
    );

    const portuguese = await gameIn('pt', 'Bia');
    const portugueseTags = metaTags((await page(`/join/${portuguese}`)).body);
    expect(portugueseTags.get('og:title')).toBe('Bia quer saber o quanto vocês estão em sintonia');
  });

  it('makes every page of the game speak its language', async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '3' }, { clientDir: clientFixture() });
    const german = await gameIn('de');
    for (const path of [`/result/${german}`, `/scoreboard/${german}`, `/endscreen/${german}`, `/creator/${german}`]) {
      expect(htmlLang((await page(path, 'es')).body), path).toBe('de');
    }
  });

  it('stays English for a game made without a language, exactly as before', async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '3' }, { clientDir: clientFixture() });
    const english = await gameIn(undefined);
    const response = await page(`/join/${english}`, 'pt-BR');
    expect(htmlLang(response.body)).toBe('en');
    const tags = metaTags(response.body);
    expect(tags.get('og:title')).toBe('Ana wants to know how in tune you are');
    expect(tags.get('og:description')).toBe(
      'Answer the same questions as Ana in Wavelength Classic and get your compatibility score from 0 to 10.',
    );
    expect(tags.get('og:image:alt')).toBe('Ana wants to know how in tune you are: Wavelength Classic edition');
  });
});

describe('pages of no game', () => {
  it("follow the browser's Accept-Language, and are English without one", async () => {
    app = await testApp({}, { clientDir: clientFixture() });
    const german = await page('/', 'fr-CH, de;q=0.8, en;q=0.5');
    expect(htmlLang(german.body)).toBe('de');
    expect(german.headers.vary).toContain('Accept-Language');
    expect(metaTags(german.body).get('og:title')).toBe(
      'Wavelength: Wie gut sind deine Freunde mit dir auf einer Wellenlänge?',
    );
    // An unknown game's join link is a page of no game.
    expect(htmlLang((await page('/join/NoSuchGame123456', 'pt-PT')).body)).toBe('pt-BR');
    const plain = await page('/classic');
    expect(htmlLang(plain.body)).toBe('en');
    expect(metaTags(plain.body).get('og:title')).toBe('Wavelength: how in tune are your friends with you?');
  });
});

describe("a game's card", () => {
  it("is drawn in the game's language and stored under a key that names it", async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '3' });
    const english = await gameIn('en', 'Ana');
    const german = await gameIn('de', 'Ana');
    const [englishCard, germanCard] = await Promise.all(
      [english, german].map((gameId) => app.inject({ method: 'GET', url: `/og/${gameId}.png` })),
    );
    expect(pngSize(germanCard.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(germanCard.rawPayload.equals(englishCard.rawPayload)).toBe(false);

    const preview = { creatorName: 'Ana', edition: 'classic' as const };
    const keys = LANGUAGES.map((lang) => cardKey({ ...preview, lang }));
    expect(new Set(keys).size).toBe(LANGUAGES.length);
    // An English card keeps the key it had before there were languages: stored cards stay valid.
    const before = createHash('sha256')
      .update(JSON.stringify([CARD_DESIGN, 'Ana', 'classic']))
      .digest('base64url')
      .slice(0, 22);
    expect(cardKey({ ...preview, lang: 'en' })).toBe(before);
    expect(cardKey(preview)).toBe(before);
  });
});

describe('the server texts', () => {
  it('leave no English in another language', () => {
    const flat = (lang: keyof typeof SERVER_TEXTS) => {
      const texts = SERVER_TEXTS[lang];
      return [
        texts.genericTitle,
        texts.genericDescription,
        texts.gameTitle('Ana'),
        texts.gameTitle(undefined),
        texts.gameDescription('Ana', 'classic'),
        texts.gameDescription(undefined, 'spectrum'),
        texts.edition.classic,
        texts.edition.spectrum,
        texts.card.asks,
        ...texts.card.generic,
        texts.card.gameFooter,
        texts.card.genericFooter,
        texts.card.someone(true),
        texts.card.someone(false),
      ];
    };
    const english = flat('en');
    for (const lang of LANGUAGES.filter((code) => code !== 'en')) {
      const translated = flat(lang);
      translated.forEach((text, i) => {
        expect(text, `${lang}: ${english[i]}`).not.toBe(english[i]);
      });
      for (const word of ['in tune', 'wants', 'Answer', 'edition', 'friends', 'Anonymous', 'score']) {
        expect(translated.join(' '), `${lang}: ${word}`).not.toContain(word);
      }
    }
  });
});

describe("a guess game's join page", () => {
  it("asks how well you know the creator, in the game's language, on a card of its own", async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '3' }, { clientDir: clientFixture() });
    const create = async (mode: 'alike' | 'guess') => {
      const drawn = await app.inject({ method: 'GET', url: '/prod/get-questions?gametype=classic' });
      const ids = drawn.json().questions.map((question: { questionID: string }) => question.questionID);
      const payload = {
        userId: newUserId(),
        userName: 'Ana',
        questionSet: ids,
        answerSet: [1, 1, 1],
        lang: 'de',
        mode,
      };
      return (await app.inject({ method: 'POST', url: '/prod/create-game', payload })).json().gameId as string;
    };
    const guess = await create('guess');
    const tags = metaTags((await page(`/join/${guess}`)).body);
    expect(tags.get('og:title')).toBe('Wie gut kennst du Ana?');
    expect(tags.get('og:description')).toBe(
      'Rate, wie Ana in Wavelength geantwortet hat, sieh sofort, ob du richtig lagst, und hol dir dein Ergebnis von 0 bis 10.',
    );
    const alike = await create('alike');
    expect(metaTags((await page(`/join/${alike}`)).body).get('og:title')).toBe(SERVER_TEXTS.de.gameTitle('Ana'));
    // The two cards differ, and an alike card keeps the key it had before modes.
    const preview = { creatorName: 'Ana', edition: 'classic', lang: 'de' } as const;
    expect(cardKey({ ...preview, mode: 'guess' })).not.toBe(cardKey(preview));
    expect(SERVER_TEXTS.de.card.guessAsks).toBe('fragt: Wie gut kennst du mich?');
  });
});
