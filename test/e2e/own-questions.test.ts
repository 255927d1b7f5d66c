/**
 * A creator's own questions in a real browser: Ada writes two on the landing screen (one full of
 * markup), plays them first, and Bo (another phone) plays the game and sees them in the reveal,
 * with both answers, like any other round.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  axeViolations,
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

const FIRST = 'Where did we first meet?';
const SECOND = 'Best <b>pizza</b> topping?';

/** Each reveal round's text, whitespace collapsed. */
async function roundTexts(page: Page): Promise<string[]> {
  return (await page.locator('.reveal-round').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

describe.skipIf(!available)('own questions', () => {
  const world = useWorld({ QUESTIONS_PER_GAME: '3' });

  it('a creator writes two own questions, plays them first; a friend plays and sees them in the reveal', async () => {
    // CSP bypassed so that axe can be injected.
    const ada = await newPlayer(world, { context: { bypassCSP: true } });
    await ada.page.goto('/classic');
    await ada.page.getByPlaceholder('What name do you go by?').fill('Ada');

    await ada.page.getByRole('button', { name: 'Add your own question' }).click();
    const first = ada.page.getByRole('group', { name: 'Your question 1' });
    // The new question's field has focus once it shows (the editor's code may still be on its
    // way, as on a slow phone): typing then goes straight in.
    const firstField = first.getByLabel('Question', { exact: true });
    await firstField.waitFor();
    await expect.poll(() => firstField.evaluate((field) => field === document.activeElement)).toBe(true);
    await ada.page.keyboard.type(FIRST);
    await first.getByLabel('Answer word 1', { exact: true }).fill('School');
    await first.getByLabel('Answer word 2', { exact: true }).fill('Work');
    await first.getByRole('button', { name: 'Add an answer word to question 1' }).click();
    await first.getByLabel('Answer word 3', { exact: true }).fill('Online');

    await ada.page.getByRole('button', { name: 'Add your own question' }).click();
    const second = ada.page.getByRole('group', { name: 'Your question 2' });
    await second.getByLabel('Question', { exact: true }).fill(SECOND);
    await second.getByLabel('Answer word 1', { exact: true }).fill('Ham');
    // Not ready yet: Play stays here and says why, under the field.
    await ada.page.getByRole('button', { name: 'Play' }).click();
    await second.getByText('Answer word 2 is empty.').waitFor();
    expect(new URL(ada.page.url()).pathname).toBe('/classic');
    expect(await axeViolations(ada.page)).toEqual([]);
    await second.getByLabel('Answer word 2', { exact: true }).fill('Pineapple');

    // A refresh keeps what was written.
    await ada.page.reload();
    await expect.poll(() => second.getByLabel('Question', { exact: true }).inputValue()).toBe(SECOND);
    await screenshot(ada.page, 'own-questions-editor', { fullPage: true });
    // The smallest phone: nothing sticks out sideways.
    await ada.page.setViewportSize({ width: 320, height: 640 });
    expect(await ada.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(ada.page, 'own-questions-editor-320', { fullPage: true });

    await ada.page.getByRole('button', { name: 'Play' }).click();
    await waitForRound(ada.page, 1, 3);
    await ada.page.getByText(FIRST).waitFor();
    // An own question is the creator's to keep: no swap on it.
    expect(await ada.page.getByRole('button', { name: /Swap question/ }).count()).toBe(0);
    await ada.page.getByRole('radio', { name: 'Online', exact: true }).click();
    await waitForRound(ada.page, 2, 3);
    await ada.page.getByText(SECOND, { exact: true }).waitFor();
    await ada.page.getByRole('radio', { name: 'Ham', exact: true }).click();
    await waitForRound(ada.page, 3, 3);
    await ada.page.getByRole('button', { name: /Swap question/ }).waitFor();
    const drawnQuestion = await ada.page.locator('.round__question').innerText();
    await ada.page.locator('.options button').first().click();
    await waitForPath(ada.page, /^\/endscreen\//);
    const gameId = new URL(ada.page.url()).pathname.split('/').pop() as string;
    // Created: the drafts are gone.
    expect(await ada.page.evaluate(() => localStorage.getItem('wavelength.ownQuestions'))).toBeNull();

    const bo = await newPlayer(world);
    await bo.page.goto(`/join/${gameId}`);
    await bo.page.getByPlaceholder('What name do you go by?').fill('Bo');
    await bo.page.getByRole('button', { name: 'Play' }).click();
    await waitForRound(bo.page, 1, 3);
    await bo.page.getByText(FIRST).waitFor();
    await bo.page.getByRole('radio', { name: 'Online', exact: true }).click();
    await waitForRound(bo.page, 2, 3);
    await bo.page.getByRole('radio', { name: 'Pineapple', exact: true }).click();
    await waitForRound(bo.page, 3, 3);
    await bo.page.locator('.options button').first().click();
    await waitForPath(bo.page, new RegExp(`^/result/${gameId}$`));
    await heading(bo.page).filter({ hasText: 'Your Wavelength Score with Ada is' }).waitFor();
    await bo.page.locator('.reveal-round').first().waitFor();

    const rounds = await roundTexts(bo.page);
    expect(rounds[0]).toBe(`Round 1 In tune ${FIRST} You Online Ada Online`);
    // The markup is shown as the text it is.
    expect(rounds[1]).toBe(`Round 2 Apart ${SECOND} You Pineapple Ada Ham`);
    expect(rounds[2]).toContain(drawnQuestion);
    await bo.page.locator('.reveal-round').nth(1).scrollIntoViewIfNeeded();
    await screenshot(bo.page, 'own-questions-reveal');
    expect((await playersOf(world, gameId)).map((p) => p.playerName)).toEqual(['Bo']);

    for (const person of [ada, bo]) expect(person.problems).toEqual([]);
    for (const person of [ada, bo]) await person.context.close();
  });
});
