/**
 * Automated accessibility check (axe-core, WCAG 2 A and AA rules, colour contrast included) of
 * every screen, as a friend and a creator would see them on a phone, in the dark and the light theme.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createGame, logResponse } from '../../server/testing/app.js';
import {
  axeViolations,
  browserTestsAvailable,
  newPlayer,
  playersOf,
  removeButton,
  type ScreenVisit,
  shownScheme,
  spacesAroundNames,
  useWorld,
  visitScreens,
} from './support.js';

const available = browserTestsAvailable();

/**
 * axe's findings, one more when the page does not show the theme under test, and one when a space
 * beside a name in a sentence is not drawn (the words run into the name).
 */
async function axeFindings(page: Page, scheme: 'light' | 'dark'): Promise<string[]> {
  const found = await axeViolations(page);
  const shown = await shownScheme(page);
  const spaces = await spacesAroundNames(page.locator('body'));
  return [
    ...(shown === scheme ? [] : [`shows the ${shown} theme`]),
    ...(spaces.some((width) => width < 1) ? [`a space beside a name is not drawn (${spaces.join(', ')} px)`] : []),
    ...found,
  ];
}

describe.skipIf(!available).each(['dark', 'light'] as const)('accessibility, %s theme', (colorScheme) => {
  const world = useWorld({ QUESTIONS_PER_GAME: '3' });

  it('every screen passes the WCAG 2 A/AA rules of axe-core', async () => {
    const spectrum = await createGame(world.app, 'spectrum', [10, 50, 90], 'Ada');
    const classic = await createGame(world.app, 'classic', [1, 2, 3], 'Ada');
    const unplayed = await createGame(world.app, 'spectrum', [0, 0, 0], 'Ada');
    const friendId = randomUUID();
    await logResponse(world.app, spectrum.gameId, friendId, [20, 50, 80], 'Bo');

    // The checker is injected as an inline script, which the real CSP rightly blocks.
    const { context, page } = await newPlayer(world, {
      userId: friendId,
      context: { reducedMotion: 'reduce', bypassCSP: true, colorScheme },
    });
    const screens: ScreenVisit[] = [
      ['/spectrum', (p) => p.getByRole('button', { name: 'Play' }).waitFor()],
      [`/endscreen/${spectrum.gameId}`, (p) => p.getByRole('cell', { name: 'Bo' }).waitFor()],
      [`/scoreboard/${spectrum.gameId}`, (p) => p.getByRole('cell', { name: 'Bo' }).waitFor()],
      [`/result/${spectrum.gameId}`, (p) => p.getByText('Your Wavelength Score with Ada is').waitFor()],
      [`/join/${classic.gameId}`, (p) => p.getByText("You are joining Ada's game").waitFor()],
      ['/no/such/screen', (p) => p.getByRole('heading', { name: 'Nothing here' }).waitFor()],
    ];
    const problems: string[] = [];
    await visitScreens(page, screens, async (path) => {
      for (const v of await axeFindings(page, colorScheme)) problems.push(`${path}: ${v}`);
    });
    // The two question screens, reached as a friend would.
    for (const game of [classic, unplayed]) {
      await page.goto(`/join/${game.gameId}`);
      await page.getByRole('button', { name: 'Play' }).click();
      await page.getByRole('heading', { name: 'Wavelength round 1 of 3' }).waitFor();
      for (const v of await axeFindings(page, colorScheme)) problems.push(`${page.url()}: ${v}`);
    }
    // The creator's screens with their links to each friend, and one friend's answers beside theirs.
    const [bo] = await playersOf(world, spectrum.gameId);
    const creator = await newPlayer(world, {
      userId: spectrum.creatorId,
      context: { reducedMotion: 'reduce', bypassCSP: true, colorScheme },
    });
    const creatorScreens: ScreenVisit[] = [
      [`/endscreen/${spectrum.gameId}`, (p) => p.getByRole('link', { name: 'Bo' }).waitFor()],
      [`/scoreboard/${spectrum.gameId}`, (p) => p.getByRole('link', { name: 'Bo' }).waitFor()],
      [`/comparison/${spectrum.gameId}/${bo.playerID}`, (p) => p.getByText("Bo's answers and yours").waitFor()],
    ];
    await visitScreens(creator.page, creatorScreens, async (path) => {
      for (const v of await axeFindings(creator.page, colorScheme)) problems.push(`${path} (creator): ${v}`);
    });
    // A Classic result, whose rounds show words rather than tracks.
    const classicFriend = randomUUID();
    await logResponse(world.app, classic.gameId, classicFriend, [1, 0, 3], 'Cy');
    const cy = await newPlayer(world, {
      userId: classicFriend,
      context: { reducedMotion: 'reduce', bypassCSP: true, colorScheme },
    });
    await cy.page.goto(`/result/${classic.gameId}`);
    await cy.page.getByText('no answer').waitFor();
    for (const v of await axeFindings(cy.page, colorScheme)) problems.push(`classic result: ${v}`);
    expect(problems).toEqual([]);
    await context.close();
    await creator.context.close();
    await cy.context.close();
  });

  it("the creator's screens pass too: Remove and its confirmation, the private link, Your games, a dead creator link", async () => {
    const game = await createGame(world.app, 'classic', [1, 2, 3], 'Ada');
    await logResponse(world.app, game.gameId, randomUUID(), [1, 2, 3], 'Bo');
    const { context, page } = await newPlayer(world, {
      userId: game.creatorId,
      context: { reducedMotion: 'reduce', bypassCSP: true, colorScheme },
    });
    const problems: string[] = [];
    const check = async (state: string) => {
      for (const v of await axeFindings(page, colorScheme)) problems.push(`${state}: ${v}`);
    };
    await page.goto(`/endscreen/${game.gameId}`);
    await removeButton(page, 'Bo').click();
    await page.getByRole('button', { name: 'Make my private creator link' }).click();
    await page.getByTestId('private-creator-link').waitFor();
    await page.getByRole('button', { name: 'Delete this game' }).click();
    await check('end screen, confirmations open');
    await page.goto(`/scoreboard/${game.gameId}`);
    await removeButton(page, 'Bo').waitFor();
    await check('scoreboard as creator');
    await page.goto('/classic');
    await page.getByRole('region', { name: 'Your games' }).waitFor();
    await check('landing with Your games');
    await page.goto(`/creator/AAAAAAAAAAAAAAAA#${'x'.repeat(22)}`);
    await page.getByRole('heading', { name: 'This game no longer exists.' }).waitFor();
    await check('dead creator link');
    expect(problems).toEqual([]);
    await context.close();
  });
});
