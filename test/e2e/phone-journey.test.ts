/**
 * The journey's second pass on a 360 px phone (issue 32): friends' names whole on the creator's
 * scoreboard, no page wider than the phone whatever the names, the link box's address copies,
 * a screen whose code fails to load keeps the invitation, and the result's first screen in all
 * four languages. Screenshots go to test-results/screenshots/journey-<tag>-… (SHOTS_TAG, default
 * "after"), taken before the checks so a failing run still shows what it looked like.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame, logResponse } from '../../server/testing/app.js';
import {
  browserTestsAvailable,
  heading,
  newPlayer,
  type Player,
  removeButton,
  screenshot,
  startWorld,
  type World,
} from './support.js';

const available = browserTestsAvailable();
const TAG = process.env.SHOTS_TAG ?? 'after';
const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, reducedMotion: 'reduce' as const };
/** 40 characters, no space: nothing to break at. */
const LONG_NAME = 'Maximilianalexanderfriedrichwilhelmvon40';

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.skipIf(!available)('the journey on a 360 px phone', () => {
  let world: World;
  const players: Player[] = [];
  const player = async (options: Parameters<typeof newPlayer>[1] = {}) => {
    const made = await newPlayer(world, { ...options, context: { ...PHONE, ...options.context } });
    players.push(made);
    return made;
  };

  beforeAll(async () => {
    world = await startWorld({ QUESTIONS_PER_GAME: '3' });
  });
  afterAll(async () => {
    await Promise.all(players.map(({ context }) => context.close()));
    await world?.close();
  });

  it("shows friends' two-word names whole on the creator's scoreboard", async () => {
    const game = await createGame(world.app, 'classic', [1, 2, 3], 'Jürgen');
    for (const name of ['Maria Eduarda', 'Anna-Lena Sophie', 'Bo']) {
      await logResponse(world.app, game.gameId, randomUUID(), [1, 2, 4], name);
    }
    const { page } = await player({ userId: game.creatorId });
    await page.goto(`/endscreen/${game.gameId}`);
    await page.getByRole('link', { name: 'Anna-Lena Sophie' }).waitFor();
    await page.getByRole('table').scrollIntoViewIfNeeded();
    await screenshot(page, `journey-${TAG}-creator-scoreboard`);

    // Each name's text fits its box: nothing is cut with an ellipsis.
    const cut = await page
      .locator('.players__label')
      .evaluateAll((labels) =>
        labels.filter((label) => label.scrollWidth > label.clientWidth + 1).map((label) => label.textContent),
      );
    expect(cut).toEqual([]);
    expect(await sidewaysScroll(page)).toBe(0);
    // Remove is still there for each friend, as a compact control (still named Remove).
    await removeButton(page, 'Maria Eduarda').click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('link', { name: 'Maria Eduarda' }).waitFor({ state: 'detached' });
  });

  it('keeps the join page and the result within the phone with a 40-character name', async () => {
    const game = await createGame(world.app, 'classic', [1, 2, 3], LONG_NAME);
    const { page } = await player();
    await page.goto(`/join/${game.gameId}`);
    await page.getByRole('button', { name: 'Play' }).waitFor();
    await page.getByPlaceholder('What name do you go by?').fill(LONG_NAME);
    await screenshot(page, `journey-${TAG}-join-long-name`);
    expect(await sidewaysScroll(page)).toBe(0);
  });

  for (const [locale, rank] of [
    ['en-US', '#1 of 2'],
    ['es-MX', '1.º de 2'],
    ['pt-BR', '1º de 2'],
    ['de-DE', 'Platz 1 von 2'],
  ] as const) {
    it(`shows the result's first screen in ${locale} without sideways scrolling, its rank as the language writes it`, async () => {
      const game = await createGame(world.app, 'classic', [1, 2, 3], LONG_NAME);
      const friendId = randomUUID();
      await logResponse(world.app, game.gameId, friendId, [1, 2, 3], LONG_NAME);
      await logResponse(world.app, game.gameId, randomUUID(), [2, 2, 2], 'Bo');
      const { page } = await player({ userId: friendId, context: { locale } });
      await page.goto(`/result/${game.gameId}`);
      await page.locator('.rank__place').waitFor();
      await screenshot(page, `journey-${TAG}-result-${locale}`);
      expect(await sidewaysScroll(page)).toBe(0);
      expect(await page.locator('.rank__place').innerText()).toBe(rank);
    });
  }

  it("copies the link when the link box's address itself is clicked", async () => {
    const game = await createGame(world.app, 'classic', [1, 2, 3]);
    const { page, context } = await player({ userId: game.creatorId });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.url });
    await page.goto(`/endscreen/${game.gameId}`);
    const address = page.getByTestId('share-url');
    await address.click();
    await page.getByRole('status').filter({ hasText: 'Copied to clipboard!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${world.url}/join/${game.gameId}`);
  });

  it("stays on the join page with 'Check your connection' when the game's code fails to load, then plays", async () => {
    const game = await createGame(world.app, 'classic', [1, 2, 3], 'Ada');
    const { page } = await player();
    // Offline for a moment: the round screen's code does not arrive.
    await page.route(/\/assets\/Game-[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto(`/join/${game.gameId}`);
    await page.getByPlaceholder('What name do you go by?').fill('Bo');
    await page.getByRole('button', { name: 'Play' }).click();
    await page.getByText('Check your connection').waitFor();
    expect(await page.getByText(/dynamically imported module/).count()).toBe(0);
    // The invitation is kept: back online, Try again goes on to the first round.
    await page.unroute(/\/assets\/Game-[^/]*\.js$/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await heading(page).filter({ hasText: 'round 1 of 3' }).waitFor();
  });

  it("says 'Check your connection' on any screen whose code does not arrive, and Try again shows it", async () => {
    const game = await createGame(world.app, 'classic', [1, 2, 3], 'Ada');
    const { page, problems } = await player({ userId: game.creatorId });
    await page.route(/\/assets\/EndScreen-[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto(`/endscreen/${game.gameId}`);
    await heading(page).filter({ hasText: "This page didn't load" }).waitFor();
    expect(await page.getByRole('alert').innerText()).toBe('Check your connection and try again.');
    expect(new URL(page.url()).pathname).toBe(`/endscreen/${game.gameId}`);
    await page.unroute(/\/assets\/EndScreen-[^/]*\.js$/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await heading(page).filter({ hasText: 'Thanks for playing Wavelength!' }).waitFor();
    expect(problems.filter((problem) => !/dynamically imported module/.test(problem))).toEqual([]);
  });

  it('fits the German name placeholder, hides key hints on a touch phone, and shows light-theme own questions as fields', async () => {
    const { page } = await player({ context: { locale: 'de-DE', colorScheme: 'light' } });
    await page.goto('/classic');
    const field = page.getByPlaceholder('Wie nennt man dich?');
    await field.waitFor();
    // The placeholder's text is no wider than the box leaves for it.
    const fits = await field.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return context.measureText(input.placeholder).width <= room;
    });
    expect(fits).toBe(true);

    // Light theme: an own question's box is the theme's tint, not a grey veil over the fields.
    await page.getByRole('button', { name: 'Eigene Frage hinzufügen' }).click();
    const veil = await page
      .locator('.own-question')
      .first()
      .evaluate((box) => getComputedStyle(box).backgroundColor);
    expect(veil).not.toBe('rgba(0, 0, 0, 0.18)');

    // A Spectrum round on a touch phone: no "Keys: arrows…" line.
    await page.goto('/spectrum');
    await page.getByRole('button', { name: 'Spielen' }).click();
    await page.getByRole('slider').waitFor();
    expect(await page.locator('.spectrum__keys').isVisible()).toBe(false);
  });
});
