/**
 * A creator swaps questions in the real browser: three swaps, each a question the game has never
 * held, then none is offered; a refresh keeps them; a friend on another phone gets exactly the
 * creator's final questions.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  browserTestsAvailable,
  heading,
  newPlayer,
  playersOf,
  screenshot,
  useWorld,
  waitForPath,
  waitForRound,
} from './support.js';

const available = browserTestsAvailable();
const ROUNDS = 3;

const questionText = (page: Page) => page.locator('.round__question').innerText();
const swapButton = (page: Page) => page.getByRole('button', { name: /^Swap question/ });

/** The game in progress as this tab keeps it (sessionStorage). */
async function storedGame(page: Page): Promise<{ questions: { id: string; text: string }[]; swapped: string[] }> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('wavelength.game') ?? 'null'));
}

/** Presses "Swap question (n left)" and waits until the swapped-in question is shown. */
async function swap(page: Page, left: number): Promise<string> {
  const before = await questionText(page);
  await page.getByRole('button', { name: `Swap question (${left} left)` }).click();
  if (left > 1) await page.getByRole('button', { name: `Swap question (${left - 1} left)` }).waitFor();
  else await swapButton(page).waitFor({ state: 'detached' });
  const after = await questionText(page);
  expect(after).not.toBe(before);
  return after;
}

/** Picks the first word shown and returns it. */
async function pickFirst(page: Page): Promise<string> {
  const option = page.locator('.option').first();
  const word = await option.innerText();
  await option.click();
  return word;
}

describe.skipIf(!available)('swapping questions in the browser', () => {
  const world = useWorld({ QUESTIONS_PER_GAME: String(ROUNDS) });

  it('a creator swaps three times, then no swap is offered, and a friend gets the final questions', async () => {
    const creator = await newPlayer(world);
    const { page } = creator;
    await page.goto(`${world.url}/classic`);
    await page.getByPlaceholder('What name do you go by?').fill('Ada');
    await page.getByRole('button', { name: 'Play' }).click();
    await waitForPath(page, /^\/classic\/game\/new-game$/);
    await waitForRound(page, 1, ROUNDS);
    const initialIds = (await storedGame(page)).questions.map((q) => q.id);
    const shown = [await questionText(page)];

    // Two swaps in round 1, then a refresh: the count and the swapped-in question stay.
    shown.push(await swap(page, 3));
    await screenshot(page, 'swap-01-after-first-swap');
    shown.push(await swap(page, 2));
    await page.reload();
    await waitForRound(page, 1, ROUNDS);
    expect(await questionText(page)).toBe(shown.at(-1));
    await swapButton(page).filter({ hasText: 'Swap question (1 left)' }).waitFor();

    const picked = [await pickFirst(page)];
    await waitForRound(page, 2, ROUNDS);
    shown.push(await questionText(page));
    // The third and last swap, in round 2; after it no swap is offered, here or in round 3.
    shown.push(await swap(page, 1));
    expect(await swapButton(page).count()).toBe(0);
    picked.push(await pickFirst(page));
    await waitForRound(page, 3, ROUNDS);
    shown.push(await questionText(page));
    expect(await swapButton(page).count()).toBe(0);

    // No question came twice, and every swapped-in one is new to the game.
    expect(new Set(shown).size).toBe(shown.length);
    const game = await storedGame(page);
    const finalQuestions = game.questions;
    expect(game.swapped).toHaveLength(3);
    expect(new Set([...finalQuestions.map((q) => q.id), ...game.swapped]).size).toBe(ROUNDS + 3);
    // Swapped away: round 1's first question, then the first swapped-in one, then round 2's.
    expect([game.swapped[0], game.swapped[2], finalQuestions[2].id]).toEqual(initialIds);
    expect(finalQuestions.map((q) => q.text)).toEqual([shown[2], shown[4], shown[5]]);

    picked.push(await pickFirst(page));
    await waitForPath(page, /^\/endscreen\/[^/]+$/);
    const gameId = new URL(page.url()).pathname.split('/').pop() as string;

    // The game holds exactly the creator's final questions, in order.
    const joined = await fetch(`${world.url}/prod/join-game`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ gameId }),
    });
    const { questions } = (await joined.json()) as { questions: { questionID: string }[] };
    expect(questions.map((q) => q.questionID)).toEqual(finalQuestions.map((q) => q.id));

    // A friend on another phone sees the same questions, has no swap, and picking the same words scores 10.
    const friend = await newPlayer(world);
    await friend.page.goto(`${world.url}/join/${gameId}`);
    await heading(friend.page).filter({ hasText: "You are joining Ada's game" }).waitFor();
    await friend.page.getByPlaceholder('What name do you go by?').fill('Bo');
    await friend.page.getByRole('button', { name: 'Play' }).click();
    for (let round = 1; round <= ROUNDS; round++) {
      await waitForRound(friend.page, round, ROUNDS);
      expect(await questionText(friend.page)).toBe(finalQuestions[round - 1].text);
      expect(await swapButton(friend.page).count()).toBe(0);
      await friend.page.getByRole('radio', { name: picked[round - 1], exact: true }).click();
    }
    await waitForPath(friend.page, new RegExp(`^/result/${gameId}$`));
    expect(await playersOf(world, gameId)).toEqual([{ playerID: expect.any(String), playerName: 'Bo', score: 10 }]);

    expect(creator.problems).toEqual([]);
    expect(friend.problems).toEqual([]);
    await creator.context.close();
    await friend.context.close();
  });
});
