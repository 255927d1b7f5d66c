/**
 * Creator controls in a real browser: the creator removes a friend while someone else watches the
 * scoreboard on another phone, opens the game on another device through the private creator link,
 * and deletes the game.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createGame, logResponse, newUserId } from '../../server/testing/app.js';
import { browserTestsAvailable, newPlayer, playersOf, removeButton, screenshot, useWorld } from './support.js';

const available = browserTestsAvailable();

/** Waits for a client-side navigation to a path matching `pattern`. */
async function waitForPath(page: Page, pattern: RegExp) {
  await page.waitForFunction((source) => new RegExp(source).test(location.pathname), pattern.source);
}

/** Marks the page, so that a later check can tell it was not reloaded in between. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { notReloaded: true }));
const stillSamePage = (page: Page) => page.evaluate(() => 'notReloaded' in window);

describe.skipIf(!available)('creator controls in the browser', () => {
  const world = useWorld({ QUESTIONS_PER_GAME: '3' });

  async function gameWithFriends() {
    const game = await createGame(world.app, 'classic', [1, 2, 3], 'Ada');
    await logResponse(world.app, game.gameId, newUserId(), [1, 2, 3], 'Bo');
    await logResponse(world.app, game.gameId, newUserId(), [1, 1, 1], 'Cy');
    return game;
  }

  it('the creator removes a friend and the row disappears on another phone’s scoreboard without a reload', async () => {
    const game = await gameWithFriends();
    const watcher = await newPlayer(world);
    await watcher.page.goto(`/scoreboard/${game.gameId}`);
    await watcher.page.getByRole('cell', { name: 'Bo' }).waitFor();
    await watcher.page.getByText('Live', { exact: true }).waitFor();
    // Someone who is not the creator gets no Remove controls.
    expect(await watcher.page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    await markPage(watcher.page);

    const creator = await newPlayer(world, { userId: game.creatorId });
    await creator.page.goto(`/endscreen/${game.gameId}`);
    await removeButton(creator.page, 'Bo').click();
    const question = creator.page.getByRole('group', { name: 'Remove Bo?' });
    await question.waitFor();
    await screenshot(creator.page, 'creator-remove-confirm');
    await question.getByRole('button', { name: 'Yes' }).click();

    await creator.page.getByRole('cell', { name: 'Bo', exact: true }).waitFor({ state: 'detached' });
    await watcher.page.getByRole('cell', { name: 'Bo', exact: true }).waitFor({ state: 'detached' });
    expect(await watcher.page.getByRole('cell', { name: 'Cy' }).count()).toBe(1);
    expect(await stillSamePage(watcher.page)).toBe(true);
    expect((await playersOf(world, game.gameId)).map((p) => p.playerName)).toEqual(['Cy']);
    await Promise.all([creator.context.close(), watcher.context.close()]);
  });

  it('the private creator link makes a fresh browser a creator of that game, with its controls', async () => {
    const game = await gameWithFriends();
    const phone = await newPlayer(world, { userId: game.creatorId });
    await phone.page.goto(`/endscreen/${game.gameId}`);
    await phone.page.getByRole('button', { name: 'Make my private creator link' }).click();
    const link = await phone.page.getByTestId('private-creator-link').innerText();
    expect(link).toMatch(new RegExp(`^${world.url}/creator/${game.gameId}#[A-Za-z0-9_-]{22}$`));
    await screenshot(phone.page, 'creator-private-link');

    const laptop = await newPlayer(world, { context: { viewport: { width: 1280, height: 800 }, isMobile: false } });
    await laptop.page.goto(link);
    await waitForPath(laptop.page, new RegExp(`^/endscreen/${game.gameId}$`));
    await laptop.page.getByRole('heading', { name: 'Thanks for playing Wavelength!' }).waitFor();
    await removeButton(laptop.page, 'Cy').waitFor();
    await laptop.page.getByRole('button', { name: 'Delete this game' }).waitFor();
    // The key does not stay in the address bar or in history.
    expect(new URL(laptop.page.url()).hash).toBe('');

    // The laptop now lists the game among its own.
    await laptop.page.goto('/spectrum');
    const yourGames = laptop.page.getByRole('region', { name: 'Your games' });
    await yourGames.getByRole('link', { name: /Classic · .* 2 friends/ }).click();
    await waitForPath(laptop.page, new RegExp(`^/endscreen/${game.gameId}$`));
    await Promise.all([phone.context.close(), laptop.context.close()]);
  });

  it('the creator deletes the game: open scoreboards say it no longer exists, and so does the join link', async () => {
    const game = await gameWithFriends();
    const watcher = await newPlayer(world);
    await watcher.page.goto(`/scoreboard/${game.gameId}`);
    await watcher.page.getByRole('cell', { name: 'Bo' }).waitFor();
    await watcher.page.getByText('Live', { exact: true }).waitFor();

    const creator = await newPlayer(world, { userId: game.creatorId });
    await creator.page.goto(`/endscreen/${game.gameId}`);
    await creator.page.getByRole('button', { name: 'Delete this game' }).click();
    await creator.page.getByRole('button', { name: 'Delete', exact: true }).click();
    await waitForPath(creator.page, /^\/spectrum$/);
    await creator.page.getByRole('status').filter({ hasText: 'Game deleted.' }).waitFor();

    // The live socket was told and closed; the scoreboard says the game is gone.
    await watcher.page.getByRole('heading', { name: 'This game no longer exists.' }).waitFor();
    expect(await watcher.page.getByText('Live', { exact: true }).count()).toBe(0);
    await watcher.page.goto(`/join/${game.gameId}`);
    await watcher.page.getByRole('heading', { name: 'This game no longer exists.' }).waitFor();
    await Promise.all([creator.context.close(), watcher.context.close()]);
  });
});
