/**
 * Failures a person can see, in a real browser: the network step fails, the screen says so in a
 * sentence with "Try again", and once the network is back that button gets them where they were
 * going, with nothing they answered lost.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createGame } from '../../server/testing/app.js';
import {
  axeViolations,
  browserTestsAvailable,
  heading,
  newPlayer,
  playersOf,
  screenshot,
  useWorld,
  waitForPath,
} from './support.js';

const available = browserTestsAvailable();
const ROUNDS = 3;
/** The narrowest phone we design for. */
const NARROW = { width: 320, height: 640 };

const tryAgain = (page: Page) => page.getByRole('button', { name: 'Try again' });

/** Moves the slider with the keyboard from 50 by `steps` and commits with Enter. */
async function answerSpectrumWithKeys(page: Page, round: number, steps: number) {
  await heading(page)
    .filter({ hasText: `Wavelength round ${round} of ${ROUNDS}` })
    .waitFor();
  const slider = page.getByRole('slider');
  await slider.focus();
  for (let i = 0; i < Math.abs(steps); i++) await slider.press(steps > 0 ? 'ArrowRight' : 'ArrowLeft');
  await slider.press('Enter');
}

/** The screen as shown fits the phone: nothing sticks out sideways. */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

const isFocused = (page: Page) => tryAgain(page).evaluate((button) => button === document.activeElement);

describe.skipIf(!available)('failures in the browser', () => {
  const world = useWorld({ QUESTIONS_PER_GAME: String(ROUNDS) });

  it('a friend whose answers cannot be saved is told, presses Try again, and gets the score of those answers', async () => {
    const { gameId } = await createGame(world.app, 'spectrum', [80, 50, 20], 'Ada');
    const friendId = randomUUID();
    const friend = await newPlayer(world, {
      userId: friendId,
      context: { viewport: NARROW, reducedMotion: 'reduce', bypassCSP: true },
    });
    const { page } = friend;

    // The server is unreachable for log-response: every attempt gets a 503 with a message.
    const sentWhileDown: unknown[] = [];
    await page.route('**/prod/log-response', (route) => {
      sentWhileDown.push(route.request().postDataJSON());
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Wavelength is down for a moment. Please try again.' }),
      });
    });

    await page.goto(`/join/${gameId}`);
    await heading(page).filter({ hasText: "You are joining Ada's game" }).waitFor();
    await page.getByPlaceholder('What name do you go by?').fill('Bo');
    await page.getByRole('button', { name: 'Play' }).click();
    await answerSpectrumWithKeys(page, 1, 30); // 80
    await answerSpectrumWithKeys(page, 2, 0); // 50
    await answerSpectrumWithKeys(page, 3, -30); // 20

    // The first attempt and three automatic retries 2 s apart, then the screen says what happened.
    const alert = page.getByRole('alert');
    await alert.filter({ hasText: 'Wavelength is down for a moment. Please try again.' }).waitFor({ timeout: 20_000 });
    expect(sentWhileDown).toHaveLength(4);
    expect(page.url()).toBe(`${world.url}/spectrum/game/${gameId}`);
    await expect.poll(() => isFocused(page)).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'failures-01-submit-failed');

    // Back up: Try again (Enter on the focused button) sends the same answers, once.
    await page.unroute('**/prod/log-response');
    await page.keyboard.press('Enter');
    await waitForPath(page, new RegExp(`^/result/${gameId}$`));
    await heading(page).filter({ hasText: 'Your Wavelength Score with Ada is' }).waitFor();
    await page.getByText('A Match Made in Heaven!').first().waitFor();
    await screenshot(page, 'failures-02-result-after-retry');

    for (const body of sentWhileDown) {
      expect(body).toEqual({ gameId, playerId: friendId, userName: 'Bo', responseSet: [80, 50, 20] });
    }
    expect(await playersOf(world, gameId)).toEqual([{ playerID: expect.any(String), playerName: 'Bo', score: 10 }]);
    const score = await fetch(`${world.url}/prod/get-score?gameId=${gameId}&playerId=${friendId}`);
    expect(await score.json()).toEqual({ score: 10 });
    expect(friend.problems).toEqual([]);
    await friend.context.close();
  });

  it('a join screen that cannot load, then a Play that cannot join, each say so and recover with Try again', async () => {
    const { gameId } = await createGame(world.app, 'classic', [1, 2, 3], 'Ada');
    const friend = await newPlayer(world, { context: { viewport: NARROW, reducedMotion: 'reduce', bypassCSP: true } });
    const { page } = friend;
    const isCreator = (url: URL) => url.pathname === '/prod/is-creator';

    // No answer at all (the connection drops).
    await page.route(isCreator, (route) => route.abort('internetdisconnected'));
    await page.goto(`/join/${gameId}`);
    await page.getByRole('alert').filter({ hasText: "We couldn't load this game." }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'failures-03-join-load-failed');
    await page.unroute(isCreator);
    // The screen joins as soon as it knows this is a friend (to say how many rounds there are);
    // that early join fails too, quietly, and Play then tries again and says why it failed.
    await page.route('**/prod/join-game', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"Something broke on our side."}',
      }),
    );
    await tryAgain(page).click();
    await heading(page).filter({ hasText: "You are joining Ada's game" }).waitFor();
    await page.getByPlaceholder('What name do you go by?').fill('Cy');
    await page.getByRole('button', { name: 'Play' }).click();
    await page.getByRole('alert').filter({ hasText: 'Something broke on our side.' }).waitFor();
    await expect.poll(() => isFocused(page)).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'failures-04-join-failed');
    await page.unroute('**/prod/join-game');
    await tryAgain(page).click();
    await heading(page)
      .filter({ hasText: `Wavelength round 1 of ${ROUNDS}` })
      .waitFor();
    expect(friend.problems).toEqual([]);
    await friend.context.close();
  });

  it('a landing screen whose questions cannot load says so, and Try again makes Play work', async () => {
    const creator = await newPlayer(world, { context: { viewport: NARROW, reducedMotion: 'reduce', bypassCSP: true } });
    const { page } = creator;
    const getQuestions = (url: URL) => url.pathname === '/prod/get-questions';
    await page.route(getQuestions, (route) => route.abort('internetdisconnected'));
    await page.goto('/spectrum');
    await page.getByRole('alert').filter({ hasText: "We couldn't load the questions." }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'failures-05-landing-failed');

    await page.unroute(getQuestions);
    await tryAgain(page).click();
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: 'Play' }).click();
    await heading(page)
      .filter({ hasText: `Wavelength round 1 of ${ROUNDS}` })
      .waitFor();
    expect(creator.problems).toEqual([]);
    await creator.context.close();
  });
});
