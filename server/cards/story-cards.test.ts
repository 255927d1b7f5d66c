import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { FastifyInstance } from 'fastify';
import jsQRModule from 'jsqr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGame, logResponse, newUserId, testApp } from '../testing/app.js';
import { pngSize } from '../testing/web.js';

/** Each card is about a second of CPU, on a machine other work shares. */
const RENDERS_MS = 90_000;

// jsqr is CommonJS: its types say `export default`, Node hands over module.exports.
type Decode = typeof jsQRModule.default;
const jsQR = ((jsQRModule as { default?: Decode }).default ?? jsQRModule) as Decode;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const PUBLIC_URL = 'https://wavelength.example';

async function open(env: Record<string, string> = { PUBLIC_URL }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'wavelength-story-test-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = await testApp({ QUESTIONS_PER_GAME: '3', DATA_DIR: dataDir, ...env });
  cleanups.push(() => app.close());
  return { app, dataDir };
}

/** The PNG's pixels, decoded by resvg (an SVG holding the image), and the QR code found in them. */
function decodeQr(png: Buffer): string | undefined {
  const { width, height } = pngSize(png);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image href="data:image/png;base64,${png.toString('base64')}" width="${width}" height="${height}"/></svg>`;
  const image = new Resvg(svg).render();
  return jsQR(new Uint8ClampedArray(image.pixels), image.width, image.height)?.data;
}

const stored = (dataDir: string, gameId: string) => {
  const folder = join(dataDir, 'og-cards', gameId);
  return existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.png')) : [];
};

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

async function playedGame(app: FastifyInstance, mode?: 'guess') {
  const game = await createGame(app, 'classic', undefined, 'Ada', mode);
  const bo = await logResponse(app, game.gameId, newUserId(), game.answers, 'Bo');
  const cy = await logResponse(
    app,
    game.gameId,
    newUserId(),
    game.answers.map(() => 2),
    'Cy',
  );
  return { game, bo: bo.json().playerID as string, cy: cy.json().playerID as string };
}

describe('story cards', () => {
  it(
    "draw a friend's result 1080×1920 with the join link as a QR code a camera reads",
    async () => {
      const { app, dataDir } = await open();
      const { game, bo } = await playedGame(app);
      const answer = await get(app, `/og/result/${game.gameId}/${bo}.png`);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('image/png');
      expect(pngSize(answer.rawPayload)).toEqual({ width: 1080, height: 1920 });
      expect(decodeQr(answer.rawPayload)).toBe(`${PUBLIC_URL}/join/${game.gameId}`);
      expect(stored(dataDir, game.gameId)).toEqual([expect.stringMatching(new RegExp(`^r-${bo}-`))]);

      // Asked again: from disk, not drawn again; another language is another card.
      const renders = app.cards.pool.renders;
      expect((await get(app, `/og/result/${game.gameId}/${bo}.png`)).rawPayload.equals(answer.rawPayload)).toBe(true);
      expect(app.cards.pool.renders).toBe(renders);
      const german = await get(app, `/og/result/${game.gameId}/${bo}.png?lang=de`);
      expect(german.statusCode).toBe(200);
      expect(german.rawPayload.equals(answer.rawPayload)).toBe(false);
      expect(decodeQr(german.rawPayload)).toBe(`${PUBLIC_URL}/join/${game.gameId}`);
    },
    RENDERS_MS,
  );

  it(
    'are drawn once whatever Host a request names, linking to PUBLIC_URL, else to the first address asked at',
    async () => {
      // Made-up hosts, as a client that wants one render per request (and a QR code of its own) sends them.
      const hosts = Array.from({ length: 12 }, (_, i) => `attacker-${i}.example`);
      for (const env of [{ PUBLIC_URL }, {}] as Record<string, string>[]) {
        const { app, dataDir } = await open(env);
        const { game, bo } = await playedGame(app);
        const first = await app.inject({
          url: `/og/result/${game.gameId}/${bo}.png`,
          headers: { host: 'wave.example' },
        });
        expect(first.statusCode).toBe(200);
        const renders = app.cards.pool.renders;
        for (const host of hosts) {
          const answer = await app.inject({ url: `/og/result/${game.gameId}/${bo}.png`, headers: { host } });
          expect(answer.statusCode).toBe(200);
          expect(answer.rawPayload.equals(first.rawPayload)).toBe(true);
        }
        expect(app.cards.pool.renders).toBe(renders);
        expect(stored(dataDir, game.gameId)).toHaveLength(1);
        const origin = 'PUBLIC_URL' in env ? PUBLIC_URL : 'http://wave.example';
        expect(decodeQr(first.rawPayload)).toBe(`${origin}/join/${game.gameId}`);
        // The creator's card too.
        await app.inject({ url: `/og/top/${game.gameId}.png`, headers: { host: hosts[0] } });
        const top = await app.inject({ url: `/og/top/${game.gameId}.png`, headers: { host: hosts[1] } });
        expect(app.cards.pool.renders).toBe(renders + 1);
        expect(decodeQr(top.rawPayload)).toBe(`${origin}/join/${game.gameId}`);
      }
    },
    RENDERS_MS,
  );

  it(
    "draw the creator's top three with the QR code",
    async () => {
      const { app } = await open();
      const { game } = await playedGame(app);
      const answer = await get(app, `/og/top/${game.gameId}.png?lang=pt-BR`);
      expect(answer.statusCode).toBe(200);
      expect(pngSize(answer.rawPayload)).toEqual({ width: 1080, height: 1920 });
      expect(decodeQr(answer.rawPayload)).toBe(`${PUBLIC_URL}/join/${game.gameId}`);
    },
    RENDERS_MS,
  );

  it(
    "speak a guess game's words: its mode goes into what is drawn and stored, an alike game's cards have none",
    async () => {
      const { app } = await open();
      const render = vi.spyOn(app.cards.pool, 'render');
      const guess = await playedGame(app, 'guess');
      const alike = await playedGame(app);
      for (const url of [
        `/og/result/${guess.game.gameId}/${guess.bo}.png?lang=de`,
        `/og/top/${guess.game.gameId}.png?lang=pt-BR`,
        `/og/result/${alike.game.gameId}/${alike.bo}.png`,
        `/og/top/${alike.game.gameId}.png`,
      ]) {
        expect((await get(app, url)).statusCode).toBe(200);
      }
      const drawn = render.mock.calls.map(([story]) => story as unknown as Record<string, unknown>);
      expect(drawn.map(({ kind, lang, mode }) => [kind, lang, mode])).toEqual([
        ['result', 'de', 'guess'],
        ['top', 'pt-BR', 'guess'],
        ['result', 'en', undefined],
        ['top', 'en', undefined],
      ]);
      expect(drawn.slice(2).every((story) => !('mode' in story))).toBe(true);
    },
    RENDERS_MS,
  );

  it('are 404 for an unknown game or player, 400 for an unknown language', async () => {
    const { app } = await open();
    const { game, bo } = await playedGame(app);
    expect((await get(app, `/og/result/nosuchgame12345/${bo}.png`)).statusCode).toBe(404);
    expect((await get(app, `/og/result/${game.gameId}/nosuchplayer.png`)).statusCode).toBe(404);
    expect((await get(app, `/og/result/${game.gameId}/${bo}`)).statusCode).toBe(404);
    expect((await get(app, '/og/top/nosuchgame12345.png')).statusCode).toBe(404);
    const badLanguage = await get(app, `/og/result/${game.gameId}/${bo}.png?lang=fr`);
    expect(badLanguage.statusCode).toBe(400);
    expect(badLanguage.json().message).toMatch(/lang/);
  });

  it(
    'go with a removed friend (theirs and the top three) and with the deleted game',
    async () => {
      const { app, dataDir } = await open();
      const { game, bo, cy } = await playedGame(app);
      for (const url of [
        `/og/result/${game.gameId}/${bo}.png`,
        `/og/result/${game.gameId}/${cy}.png`,
        `/og/top/${game.gameId}.png`,
      ]) {
        expect((await get(app, url)).statusCode).toBe(200);
      }
      expect(stored(dataDir, game.gameId)).toHaveLength(3);

      const removed = await app.inject({
        method: 'POST',
        url: '/prod/remove-player',
        payload: { gameId: game.gameId, userId: game.creatorId, playerID: bo },
      });
      expect(removed.statusCode).toBe(200);
      await app.cards.store.settled();
      expect(stored(dataDir, game.gameId)).toEqual([expect.stringMatching(new RegExp(`^r-${cy}-`))]);
      expect((await get(app, `/og/result/${game.gameId}/${bo}.png`)).statusCode).toBe(404);

      const deleted = await app.inject({
        method: 'POST',
        url: '/prod/delete-game',
        payload: { gameId: game.gameId, userId: game.creatorId },
      });
      expect(deleted.statusCode).toBe(200);
      await app.cards.store.settled();
      expect(existsSync(join(dataDir, 'og-cards', game.gameId))).toBe(false);
      expect((await get(app, `/og/result/${game.gameId}/${cy}.png`)).statusCode).toBe(404);
      expect((await get(app, `/og/top/${game.gameId}.png`)).statusCode).toBe(404);
    },
    RENDERS_MS,
  );
});
