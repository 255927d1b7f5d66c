/**
 * The journey, truthful on every screen: each screen tells the same story
 * as the score, the game's state and the friend's place in it, on a 390 px phone.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createGame, logResponse } from '../../server/testing/app.js';
import {
  axeViolations,
  browserTestsAvailable,
  heading,
  newPlayer,
  type Player,
  playersOf,
  screenshot,
  useWorld,
  type World,
  waitForPath,
  waitForRound,
} from './support.js';

const available = browserTestsAvailable();

/** axe's findings on the page as it is, at 390 px and again at 320 px. */
async function axeAtBothWidths(page: Page, label: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    for (const v of await axeViolations(page)) found.push(`${label} @${width}: ${v}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  return found;
}

/** A phone whose page may be checked by axe (its inline script needs the CSP bypassed). */
const phone = (world: World, userId?: string) =>
  newPlayer(world, { userId, context: { reducedMotion: 'reduce', bypassCSP: true } });

describe.skipIf(!available)('the journey, truthful on every screen', () => {
  const world = useWorld({ QUESTIONS_PER_GAME: '3' });
  const opened: Player[] = [];
  afterAll(async () => {
    for (const player of opened) await player.context.close();
  });
  const open = async (userId?: string) => {
    const player = await phone(world, userId);
    opened.push(player);
    return player;
  };

  it('one way to read a score: the gauge says "8.7 out of 10", every other screen "8.7/10"', async () => {
    const game = await createGame(world.app, 'spectrum', [10, 50, 90], 'Ada');
    const friendId = randomUUID();
    await logResponse(world.app, game.gameId, friendId, [20, 50, 80], 'Bo');
    const [bo] = await playersOf(world, game.gameId);
    expect(bo.score).toBe(8.7);
    const problems: string[] = [];

    const friend = await open(friendId);
    await friend.page.goto(`/result/${game.gameId}`);
    await friend.page.getByText('8.7 out of 10', { exact: true }).waitFor();
    expect(await friend.page.getByRole('img', { name: '87% match' }).count()).toBe(1);
    await screenshot(friend.page, 'journey-1-result-after', { fullPage: true });
    problems.push(...(await axeAtBothWidths(friend.page, 'result')));
    await friend.page.goto(`/scoreboard/${game.gameId}`);
    await friend.page.getByRole('cell', { name: '8.7/10', exact: true }).waitFor();
    await screenshot(friend.page, 'journey-1-scoreboard-after');

    const creator = await open(game.creatorId);
    await creator.page.goto(`/endscreen/${game.gameId}`);
    await creator.page.getByRole('cell', { name: '8.7/10', exact: true }).waitFor();
    await creator.page.goto(`/comparison/${game.gameId}/${bo.playerID}`);
    await creator.page.getByText('Bo scored 8.7/10 with you', { exact: false }).waitFor();
    await screenshot(creator.page, 'journey-1-comparison-after', { fullPage: true });
    problems.push(...(await axeAtBothWidths(creator.page, 'comparison')));
    expect(problems).toEqual([]);
  });

  it('the reveal labels each round by the points the score counts: 18 and 5 are close, and the summary agrees', async () => {
    const game = await createGame(world.app, 'spectrum', [18, 50, 90], 'Ada');
    const friendId = randomUUID();
    // 7.6 (close), 10 (in tune), 0.4 (apart).
    await logResponse(world.app, game.gameId, friendId, [5, 50, 10], 'Bo');
    const friend = await open(friendId);
    await friend.page.goto(`/result/${game.gameId}`);
    const rounds = friend.page.locator('.reveal-round');
    await rounds.first().waitFor();
    const verdicts = await friend.page.locator('.verdict').allInnerTexts();
    expect(verdicts).toEqual(['Close', 'In tune', 'Apart']);
    await friend.page.getByText('1 in tune, 1 close, 1 apart', { exact: true }).waitFor();
    await screenshot(friend.page, 'journey-2-reveal-after', { fullPage: true });
    expect(await axeAtBothWidths(friend.page, 'result')).toEqual([]);
  });

  it('every screen of a deleted or unknown game says it no longer exists, with "Make your own game"', async () => {
    const unknown = 'AAAAAAAAAAAAAAAA';
    const visitor = await open();
    const problems: string[] = [];
    for (const path of [
      `/endscreen/${unknown}`,
      `/scoreboard/${unknown}`,
      `/join/${unknown}`,
      `/result/${unknown}`,
      `/comparison/${unknown}/nobody123456`,
      `/creator/${unknown}#${'k'.repeat(22)}`,
    ]) {
      await visitor.page.goto(path);
      await heading(visitor.page).filter({ hasText: 'This game no longer exists.' }).waitFor();
      expect(await visitor.page.getByRole('link', { name: 'Make your own game' }).getAttribute('href'), path).toBe('/');
      expect(await visitor.page.getByText('Connecting…').count(), path).toBe(0);
      expect(new URL(visitor.page.url()).pathname, path).toBe(path.split('#')[0]);
    }
    await screenshot(visitor.page, 'journey-3-gone-after');
    problems.push(...(await axeAtBothWidths(visitor.page, 'gone')));

    // Deleted on another device while the end screen is open; the deleting device is told.
    const game = await createGame(world.app, 'spectrum', undefined, 'Ada');
    const laptop = await open(game.creatorId);
    await laptop.page.goto(`/endscreen/${game.gameId}`);
    await laptop.page.getByText('Live', { exact: true }).waitFor();
    const creatorPhone = await open(game.creatorId);
    await creatorPhone.page.goto(`/endscreen/${game.gameId}`);
    await creatorPhone.page.getByRole('button', { name: 'Delete this game' }).click();
    await creatorPhone.page.getByRole('button', { name: 'Delete', exact: true }).click();
    await creatorPhone.page.getByRole('status').filter({ hasText: 'Game deleted.' }).waitFor();
    await screenshot(creatorPhone.page, 'journey-3-game-deleted-after');
    problems.push(...(await axeAtBothWidths(creatorPhone.page, 'landing after delete')));
    await heading(laptop.page).filter({ hasText: 'This game no longer exists.' }).waitFor();
    expect(await laptop.page.getByText(/Send this link/).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('a removed friend is told so on every visit; a stranger on a result link is invited to play', async () => {
    const game = await createGame(world.app, 'classic', [1, 2, 3], 'Ada');
    const friendId = randomUUID();
    await logResponse(world.app, game.gameId, friendId, [1, 2, 1], 'Bo');
    const [bo] = await playersOf(world, game.gameId);
    const removed = await world.app.inject({
      method: 'POST',
      url: '/prod/remove-player',
      payload: { gameId: game.gameId, userId: game.creatorId, playerID: bo.playerID },
    });
    expect(removed.statusCode).toBe(200);
    const problems: string[] = [];

    const friend = await open(friendId);
    await friend.page.goto(`/result/${game.gameId}`);
    await heading(friend.page).filter({ hasText: 'The creator removed you from this game.' }).waitFor();
    await screenshot(friend.page, 'journey-4-removed-after');
    problems.push(...(await axeAtBothWidths(friend.page, 'removed')));
    // Following the link again says the same.
    await friend.page.goto(`/join/${game.gameId}`);
    await heading(friend.page).filter({ hasText: 'The creator removed you from this game.' }).waitFor();
    expect(await friend.page.getByText('You have not played this game yet').count()).toBe(0);

    const stranger = await open();
    await stranger.page.goto(`/result/${game.gameId}`);
    await heading(stranger.page)
      .filter({ hasText: "This is a friend's result. Want to find out your own score?" })
      .waitFor();
    await screenshot(stranger.page, 'journey-4-friends-result-after');
    problems.push(...(await axeAtBothWidths(stranger.page, "friend's result")));
    await stranger.page.getByRole('link', { name: 'Play', exact: true }).click();
    await heading(stranger.page).filter({ hasText: "You are joining Ada's game" }).waitFor();
    expect(problems).toEqual([]);
  });

  it('Back during a round loses nothing: Play resumes at the round reached; a second tab learns the first answered', async () => {
    const game = await createGame(world.app, 'classic', [1, 2, 3], 'Ada');
    const friend = await open();
    await friend.page.goto('/spectrum');
    await friend.page.goto(`/join/${game.gameId}`);
    await friend.page.getByRole('button', { name: 'Play' }).click();
    await waitForRound(friend.page, 1, 3);
    await friend.page.locator('.option').first().click();
    await waitForRound(friend.page, 2, 3);
    await friend.page.goBack();
    await waitForPath(friend.page, /^\/spectrum$/);
    await friend.page.goto(`/join/${game.gameId}`);
    await friend.page.getByRole('button', { name: 'Play' }).click();
    await waitForRound(friend.page, 2, 3);
    await screenshot(friend.page, 'journey-5-resumed-round-after');

    // The same browser, a second tab: it resumes after the round already stored (round by round);
    // the first one finishes the game.
    const second = await friend.context.newPage();
    await second.goto(`/join/${game.gameId}`);
    await second.getByRole('button', { name: 'Play' }).click();
    await waitForRound(second, 2, 3);
    for (const round of [2, 3]) {
      await waitForRound(friend.page, round, 3);
      await friend.page.locator('.option').first().click();
    }
    await waitForPath(friend.page, new RegExp(`^/result/${game.gameId}$`));
    await waitForPath(second, new RegExp(`^/result/${game.gameId}$`));
    await second.getByRole('status').filter({ hasText: 'You already played this game.' }).waitFor();
    await heading(second).filter({ hasText: 'Your Wavelength Score with Ada is' }).waitFor();
    await screenshot(second, 'journey-5-already-played-after', { fullPage: true });
    expect(await axeAtBothWidths(second, 'already played')).toEqual([]);
    expect((await playersOf(world, game.gameId)).length).toBe(1);
  });

  it('copy: "In Perfect Rhythm!", a creator without a name is "your friend", labelled name boxes, a "Nothing here" page', async () => {
    const game = await createGame(world.app, 'spectrum', [50, 50, 50], '');
    const friendId = randomUUID();
    await logResponse(world.app, game.gameId, friendId, [60, 60, 60], 'Bo');
    const problems: string[] = [];

    const friend = await open(friendId);
    await friend.page.goto(`/result/${game.gameId}`);
    await friend.page.getByText('In Perfect Rhythm!', { exact: true }).waitFor();
    await heading(friend.page).filter({ hasText: 'Your Wavelength Score with your friend is' }).waitFor();
    expect(await friend.page.getByText(/Anonymous/).count()).toBe(0);
    await screenshot(friend.page, 'journey-6-result-after', { fullPage: true });

    const stranger = await open();
    await stranger.page.goto(`/join/${game.gameId}`);
    await heading(stranger.page).filter({ hasText: "You are joining a friend's game" }).waitFor();
    expect(await stranger.page.locator('meta[property="og:title"]').getAttribute('content')).toBe(
      'Your friend wants to know how in tune you are',
    );
    const nameBox = stranger.page.getByRole('textbox', { name: 'Your name' });
    expect(await nameBox.getAttribute('placeholder')).toBe('What name do you go by?');
    for (const width of [390, 320]) {
      await stranger.page.setViewportSize({ width, height: 844 });
      const label = await stranger.page.getByText('Your name', { exact: true }).boundingBox();
      expect(label && label.x >= 0 && label.x + label.width <= width && label.height > 0, `label @${width}`).toBe(true);
    }
    await stranger.page.setViewportSize({ width: 390, height: 844 });
    await screenshot(stranger.page, 'journey-6-join-after');
    problems.push(...(await axeAtBothWidths(stranger.page, 'join')));
    await stranger.page.goto('/spectrum');
    await stranger.page.getByRole('textbox', { name: 'Your name' }).waitFor();
    await screenshot(stranger.page, 'journey-6-landing-after');
    problems.push(...(await axeAtBothWidths(stranger.page, 'landing')));

    await stranger.page.goto('/no/such/screen');
    await heading(stranger.page).filter({ hasText: 'Nothing here' }).waitFor();
    expect(await stranger.page.getByText(/Unexpected Application Error|404 Not Found/).count()).toBe(0);
    await screenshot(stranger.page, 'journey-6-nothing-here-after');
    problems.push(...(await axeAtBothWidths(stranger.page, 'nothing here')));
    await stranger.page.getByRole('link', { name: 'Back to Wavelength' }).click();
    await waitForPath(stranger.page, /^\/spectrum$/);
    expect(problems).toEqual([]);
  });

  it('accessibility: "Copy link" is named so, new scores are announced, the slider names its keys, Classic options are a radio group', async () => {
    const spectrum = await createGame(world.app, 'spectrum', [10, 50, 90], 'Ada');
    const problems: string[] = [];
    const creator = await open(spectrum.creatorId);
    await creator.page.goto(`/endscreen/${spectrum.gameId}`);
    await creator.page.getByText('Live', { exact: true }).waitFor();
    const copy = creator.page.getByRole('button', { name: 'Copy link', exact: true });
    expect(await copy.count()).toBe(1);
    await creator.page.getByText(`${world.url}/join/${spectrum.gameId}`, { exact: true }).waitFor();
    // The list has loaded ("Live" shows once the socket opens, before its snapshot): only a friend
    // who scores after the snapshot is announced, one already in it is not.
    await creator.page.getByText('No one yet. Scores appear here the moment friends finish.').waitFor();
    await logResponse(world.app, spectrum.gameId, randomUUID(), [20, 50, 80], 'Cy');
    const region = creator.page.locator('[aria-live="polite"]').filter({ hasText: 'Cy scored 8.7/10' });
    await region.waitFor({ state: 'attached' });
    await screenshot(creator.page, 'journey-8-endscreen-after', { fullPage: true });
    problems.push(...(await axeAtBothWidths(creator.page, 'end screen')));
    await creator.page.goto(`/scoreboard/${spectrum.gameId}`);
    await creator.page.getByText('Live', { exact: true }).waitFor();
    // Loaded, with Cy from the snapshot: Di, after it, is announced.
    await creator.page.getByText('Cy', { exact: true }).first().waitFor();
    await logResponse(world.app, spectrum.gameId, randomUUID(), [10, 50, 90], 'Di');
    await creator.page
      .locator('[aria-live="polite"]')
      .filter({ hasText: 'Di scored 10/10' })
      .waitFor({ state: 'attached' });

    const friend = await open();
    await friend.page.goto(`/join/${spectrum.gameId}`);
    await friend.page.getByRole('button', { name: 'Play' }).click();
    await waitForRound(friend.page, 1, 3);
    const slider = friend.page.getByRole('slider');
    const hint = await slider.evaluate(
      (node) => document.getElementById(node.getAttribute('aria-describedby') ?? '')?.textContent,
    );
    expect(hint).toMatch(/arrows.*Page Up\/Down.*Home\/End/);
    await screenshot(friend.page, 'journey-8-spectrum-round-after');
    problems.push(...(await axeAtBothWidths(friend.page, 'spectrum round')));

    const classic = await createGame(world.app, 'classic', [1, 2, 3], 'Ada');
    await friend.page.goto(`/join/${classic.gameId}`);
    await friend.page.getByRole('button', { name: 'Play' }).click();
    await waitForRound(friend.page, 1, 3);
    const group = friend.page.getByRole('radiogroup', { name: classic.questions[0].question });
    const radios = group.getByRole('radio');
    expect(await radios.count()).toBe(classic.questions[0].options?.length);
    const focusedText = () => friend.page.evaluate(() => document.activeElement?.textContent);
    const first = await radios.nth(0).innerText();
    expect(await focusedText()).toBe(first);
    await friend.page.keyboard.press('ArrowDown');
    const second = await radios.nth(1).innerText();
    expect(await focusedText()).toBe(second);
    await friend.page.keyboard.press('ArrowUp');
    expect(await focusedText()).toBe(first);
    await friend.page.keyboard.press('ArrowDown');
    expect(await radios.nth(1).getAttribute('aria-checked')).toBe('false');
    await screenshot(friend.page, 'journey-8-classic-round-after');
    problems.push(...(await axeAtBothWidths(friend.page, 'classic round')));
    await friend.page.keyboard.press('Enter');
    await waitForRound(friend.page, 2, 3);
    expect(problems).toEqual([]);
  });
});
