/**
 * Every screen on the smallest phone we support (320 px wide), with reduced motion: nothing
 * overflows sideways, each screen has one heading, and the result shows its final score at once.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createGame, logResponse } from '../../server/testing/app.js';
import {
  browserTestsAvailable,
  newPlayer,
  playersOf,
  removeButton,
  type ScreenVisit,
  screenshot,
  useWorld,
  visitScreens,
} from './support.js';

const available = browserTestsAvailable();

async function expectFitsAndHasOneHeading(page: Page, path: string) {
  const layout = await page.evaluate(() => ({
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    headings: document.querySelectorAll('h1').length,
  }));
  expect(layout, path).toEqual({ overflow: 0, headings: 1 });
}

describe.skipIf(!available)('small screens', () => {
  const world = useWorld({ QUESTIONS_PER_GAME: '3' });

  it('fit 320 px without sideways scrolling, and the gauge respects reduced motion', async () => {
    const game = await createGame(world.app, 'classic', [1, 2, 3], 'Maximilian Alexander');
    const friendId = randomUUID();
    await logResponse(world.app, game.gameId, friendId, [1, 2, 4], 'A friend with a rather long name');

    const { context, page } = await newPlayer(world, {
      userId: friendId,
      context: { viewport: { width: 320, height: 568 }, deviceScaleFactor: 1, reducedMotion: 'reduce' },
    });

    const screens: ScreenVisit[] = [
      ['/classic', (p) => p.getByRole('button', { name: 'Play' }).waitFor()],
      [`/endscreen/${game.gameId}`, (p) => p.getByRole('cell', { name: 'A friend with a rather long name' }).waitFor()],
      [
        `/scoreboard/${game.gameId}`,
        (p) => p.getByRole('cell', { name: 'A friend with a rather long name' }).waitFor(),
      ],
      [`/result/${game.gameId}`, (p) => p.getByText('Your Wavelength Score with Maximilian Alexander is').waitFor()],
      ['/no/such/screen', (p) => p.getByRole('heading', { name: 'Nothing here' }).waitFor()],
    ];
    await visitScreens(page, screens, async (path) => {
      await expectFitsAndHasOneHeading(page, path);
      await screenshot(page, `320-${path.split('/')[1]}`, { fullPage: true });
    });

    // Reduced motion: the gauge shows 10 × 6.7 = 67 at once instead of counting up.
    await page.goto(`/result/${game.gameId}`);
    await page.getByTestId('gauge-value').waitFor();
    expect(await page.getByTestId('gauge-value').innerText()).toMatch(/^67/);

    // A round, reached through the landing screen as a creator would.
    await page.goto('/classic');
    await page.getByRole('button', { name: 'Play' }).click();
    await page.getByRole('heading', { name: 'Wavelength round 1 of 3' }).waitFor();
    await expectFitsAndHasOneHeading(page, 'classic round');
    await screenshot(page, '320-classic-round');
    await context.close();

    // The creator's screens: friends as links, and one friend's answers beside theirs.
    const [friend] = await playersOf(world, game.gameId);
    const creator = await newPlayer(world, {
      userId: game.creatorId,
      context: { viewport: { width: 320, height: 568 }, deviceScaleFactor: 1, reducedMotion: 'reduce' },
    });
    const creatorScreens: ScreenVisit[] = [
      [
        `/scoreboard/${game.gameId}`,
        (p) => p.getByRole('link', { name: 'A friend with a rather long name' }).waitFor(),
      ],
      [
        `/comparison/${game.gameId}/${friend.playerID}`,
        (p) => p.getByText("A friend with a rather long name's answers and yours").waitFor(),
      ],
    ];
    await visitScreens(creator.page, creatorScreens, async (path) => {
      await expectFitsAndHasOneHeading(creator.page, path);
      await screenshot(creator.page, `320-creator-${path.split('/')[1]}`, { fullPage: true });
    });
    await creator.context.close();
  });

  it("the creator's controls fit 320 px too", async () => {
    const game = await createGame(world.app, 'classic', [1, 2, 3], 'Maximilian Alexander');
    await logResponse(world.app, game.gameId, randomUUID(), [1, 2, 4], 'A friend with a rather long name');
    const { context, page } = await newPlayer(world, {
      userId: game.creatorId,
      context: { viewport: { width: 320, height: 568 }, deviceScaleFactor: 1, reducedMotion: 'reduce' },
    });
    await page.goto(`/endscreen/${game.gameId}`);
    await removeButton(page, 'A friend with a rather long name').click();
    await page.getByRole('button', { name: 'Make my private creator link' }).click();
    await page.getByTestId('private-creator-link').waitFor();
    await page.getByRole('button', { name: 'Delete this game' }).click();
    await expectFitsAndHasOneHeading(page, 'end screen with creator controls');
    await screenshot(page, '320-endscreen-creator');
    await page.goto('/classic');
    await page.getByRole('region', { name: 'Your games' }).waitFor();
    await expectFitsAndHasOneHeading(page, 'landing with Your games');
    await screenshot(page, '320-landing-your-games');
    await page.goto(`/creator/${game.gameId}`);
    await page.getByText('This creator link did not work').waitFor();
    await expectFitsAndHasOneHeading(page, 'dead creator link');
    await context.close();
  });
});
