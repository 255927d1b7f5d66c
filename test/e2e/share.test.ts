/**
 * Sharing at phone width (360 px): a friend shares their result (the story card as a file with
 * the spoiler-free grid; navigator.share and canShare stubbed to capture what is shared), finds
 * the chat links and the QR code; the creator's end screen opens with the summary and hears of a
 * game made back for them, live and after a reload; a guess game's end screen says who knows the
 * creator best. The story cards of both kinds are saved in two languages each under
 * test-results/screenshots/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame, fetchQuestions, logResponse, newUserId } from '../../server/testing/app.js';
import { pngSize } from '../../server/testing/web.js';
import {
  browserTestsAvailable,
  cardInHand,
  countCardsRead,
  newPlayer,
  SCREENSHOT_DIR,
  screenshot,
  startWorld,
  type World,
} from './support.js';

const available = browserTestsAvailable();
const PHONE = { viewport: { width: 360, height: 740 } };

interface Shared {
  files: { name: string; type: string; size: number }[];
  text: string;
}

describe.skipIf(!available)('sharing in the browser', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ QUESTIONS_PER_GAME: '3' });
  });
  afterAll(() => world?.close());

  /**
   * Ada's game of `mode` after Bo (her answers exactly) and Cy played, and her end screen on a
   * phone, once its summary is there and the summary's story card has drawn.
   */
  async function endScreenAfterTwo(mode: 'alike' | 'guess') {
    const game = await createGame(world.app, 'classic', [1, 2, 3], 'Ada', mode);
    const bo = newUserId();
    const { playerID } = (await logResponse(world.app, game.gameId, bo, [1, 2, 3], 'Bo')).json();
    await logResponse(world.app, game.gameId, newUserId(), [2, 2, 2], 'Cy');
    const creator = await newPlayer(world, { userId: game.creatorId, context: PHONE });
    await creator.page.goto(`/endscreen/${game.gameId}`);
    const summary = creator.page.getByTestId('creator-summary');
    await summary.waitFor();
    await creator.page.waitForFunction(() => {
      const card = document.querySelector<HTMLImageElement>('.summary__card');
      return card?.complete && card.naturalWidth === 1080;
    });
    return { game, bo, playerID: playerID as string, creator, page: creator.page, summary };
  }

  it('a friend shares the story card with the grid, and finds the chat links and the QR code', async () => {
    const game = await createGame(world.app, 'classic', [1, 2, 3], 'Ada');
    const bo = newUserId();
    const { playerID } = (await logResponse(world.app, game.gameId, bo, [1, 2, 1], 'Bo')).json();
    const friend = await newPlayer(world, { userId: bo, context: PHONE });
    await countCardsRead(friend.context);
    await friend.context.addInitScript(
      ([gameId, id]) => {
        localStorage.setItem('wavelength.playerIDs', JSON.stringify([[gameId, id]]));
        const shared: unknown[] = [];
        Object.assign(window, { shared });
        navigator.canShare = (data?: ShareData) => (data?.files?.length ?? 0) > 0;
        navigator.share = async (data?: ShareData) => {
          shared.push({
            files: (data?.files ?? []).map((file) => ({ name: file.name, type: file.type, size: file.size })),
            text: data?.text ?? '',
          });
        };
      },
      [game.gameId, playerID],
    );
    const { page } = friend;
    await page.goto(`/result/${game.gameId}`);
    await page.getByRole('button', { name: 'Share my result' }).waitFor();
    // The card is fetched ahead, so that the share sheet opens straight from the tap.
    await cardInHand(page);
    await page.getByRole('button', { name: 'Share my result' }).click();
    await page.waitForFunction(() => (window as unknown as { shared: unknown[] }).shared.length > 0);
    const [shared] = await page.evaluate(() => (window as unknown as { shared: Shared[] }).shared);
    expect(shared.files).toHaveLength(1);
    expect(shared.files[0]).toMatchObject({ name: 'wavelength-result.png', type: 'image/png' });
    expect(shared.files[0].size).toBeGreaterThan(50_000);
    // Rounds 1 and 2 in tune, round 3 apart; the score, the link; no answer words.
    const link = `${world.url}/join/${game.gameId}`;
    expect(shared.text).toBe(`I scored 6.7/10 with Ada on Wavelength!\n🟩🟩🟥\nHow in tune are you with Ada?\n${link}`);

    const whatsApp = await page.getByRole('link', { name: 'WhatsApp' }).getAttribute('href');
    expect(whatsApp).toBe(`https://wa.me/?text=${encodeURIComponent(shared.text)}`);
    const telegram = new URL((await page.getByRole('link', { name: 'Telegram' }).getAttribute('href')) ?? '');
    expect(telegram.searchParams.get('url')).toBe(link);
    const qr = page.getByTestId('join-qr');
    await qr.scrollIntoViewIfNeeded();
    expect(await qr.isVisible()).toBe(true);
    expect(await qr.locator('rect').count()).toBeGreaterThan(50);
    // Nothing spills sideways at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('link', { name: 'WhatsApp' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'share-result-360');
    expect(friend.problems).toEqual([]);
  });

  it("the creator's end screen opens with the summary, and says when a friend made a game back, live and after a reload", async () => {
    const { game, bo, creator, page, summary } = await endScreenAfterTwo('alike');
    expect(await summary.locator('dd').allTextContents()).toEqual(['2', '6.7/10', 'Bo 10/10']);
    // At 360 px the best friend's score keeps to one line of its own, under the name.
    const name = await summary.locator('dd bdi').boundingBox();
    const score = summary.getByText('10/10', { exact: true });
    expect((await score.boundingBox())?.y).toBeGreaterThanOrEqual((name?.y ?? 0) + (name?.height ?? 0) - 1);
    expect(await score.evaluate((element) => element.getClientRects().length)).toBe(1);
    await screenshot(page, 'share-endscreen-summary-360');
    expect(await page.getByRole('link', { name: 'WhatsApp' }).count()).toBe(1);
    expect(await page.getByTestId('join-qr').count()).toBe(1);

    // Bo makes a game back for Ada.
    const questions = await fetchQuestions(world.app, 'classic');
    const made = await world.app.inject({
      method: 'POST',
      url: '/prod/create-game',
      payload: {
        userId: bo,
        userName: 'Bo',
        questionSet: questions.map((q) => q.questionID),
        answerSet: questions.map(() => 1),
        replyTo: { gameId: game.gameId, playerId: bo },
      },
    });
    const reply = page.getByRole('link', { name: 'Bo made a game for you — play it' });
    await reply.waitFor();
    expect(await reply.getAttribute('href')).toBe(`/join/${made.json().gameId}`);
    await page.reload();
    await reply.waitFor();
    await screenshot(page, 'share-endscreen-reply-360');
    expect(creator.problems).toEqual([]);
  });

  it("a guess game's end screen: the summary names who knows Ada best, and the invite and the cards ask how well friends know her", async () => {
    const { game, playerID, creator, page, summary } = await endScreenAfterTwo('guess');
    expect(await summary.locator('dt').allTextContents()).toEqual(['Played', 'Average', 'Knows you best']);
    expect(await summary.locator('dd').allTextContents()).toEqual(['2', '6.7/10', 'Bo 10/10']);
    const whatsApp = (await page.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')) ?? '';
    expect(decodeURIComponent(whatsApp)).toContain('How well do you know me? Guess my answers in my Wavelength game!');
    expect(await page.locator('main').textContent()).not.toMatch(/best match|in tune/i);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'guess-endscreen-summary-360');
    expect(creator.problems).toEqual([]);

    // Its story cards, in two languages, saved for a look.
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    for (const [name, path] of [
      ['guess-story-result-de', `/og/result/${game.gameId}/${playerID}.png?lang=de`],
      ['guess-story-result-pt-BR', `/og/result/${game.gameId}/${playerID}.png?lang=pt-BR`],
      ['guess-story-top-es', `/og/top/${game.gameId}.png?lang=es`],
    ]) {
      const response = await fetch(`${world.url}${path}`);
      expect(response.status).toBe(200);
      writeFileSync(join(SCREENSHOT_DIR, `${name}.png`), Buffer.from(await response.arrayBuffer()));
    }
  });

  it('draws both story cards in two languages (saved for a look)', async () => {
    const game = await createGame(world.app, 'spectrum', [50, 50, 50], 'Ada');
    const { playerID } = (await logResponse(world.app, game.gameId, newUserId(), [55, 40, 50], 'Bo')).json();
    await logResponse(world.app, game.gameId, newUserId(), [10, 90, 30], 'Chiara');
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    for (const [name, path] of [
      ['story-result-en', `/og/result/${game.gameId}/${playerID}.png?lang=en`],
      ['story-result-de', `/og/result/${game.gameId}/${playerID}.png?lang=de`],
      ['story-top-en', `/og/top/${game.gameId}.png?lang=en`],
      ['story-top-es', `/og/top/${game.gameId}.png?lang=es`],
    ]) {
      const response = await fetch(`${world.url}${path}`);
      expect(response.status).toBe(200);
      const png = Buffer.from(await response.arrayBuffer());
      expect(pngSize(png)).toEqual({ width: 1080, height: 1920 });
      writeFileSync(join(SCREENSHOT_DIR, `${name}.png`), png);
    }
  });
});
