/**
 * "How well do you know me?": a friend on a 360 px phone plays a guess
 * game, sees the creator's answer after each round (Classic and Spectrum), and reads a result in
 * the guess game's own words, in all four languages.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createGame } from '../../server/testing/app.js';
import {
  browserTestsAvailable,
  heading,
  newPlayer,
  type Player,
  screenshot,
  useWorld,
  waitForPath,
  waitForRound,
} from './support.js';

const available = browserTestsAvailable();
const PHONE = { viewport: { width: 360, height: 780 } };

describe.skipIf(!available)('a guess game in the browser', () => {
  const world = useWorld({ QUESTIONS_PER_GAME: '3' });
  const opened: Player[] = [];
  afterAll(async () => {
    for (const player of opened) await player.context.close();
  });

  /** A friend who takes their time (each round's feedback waits for Next), joined as Bo. */
  async function friendJoins(gameId: string) {
    const friend = await newPlayer(world, { context: PHONE });
    opened.push(friend);
    await friend.context.addInitScript(() => localStorage.setItem('wavelength.takeMyTime', 'on'));
    await friend.page.goto(`/join/${gameId}`);
    await heading(friend.page).filter({ hasText: 'How well do you know Ada?' }).waitFor();
    await friend.page.getByPlaceholder('What name do you go by?').fill('Bo');
    await friend.page.getByRole('button', { name: 'Play' }).click();
    return friend;
  }

  it('Classic: "What would Ada say?", then right or wrong with her word after each round, then the result', async () => {
    const game = await createGame(world.app, 'classic', [1, 2, 3], 'Ada', 'guess');
    const friend = await friendJoins(game.gameId);
    const { page } = friend;
    for (let round = 1; round <= 3; round++) {
      await waitForRound(page, round, 3);
      await page.getByText('What would Ada say?', { exact: true }).waitFor();
      await page.getByRole('radio').first().click();
      await page.getByRole('button', { name: 'Next' }).click();
      const verdict = page.getByRole('heading', { level: 2 });
      await verdict.waitFor();
      expect(['Right!', 'Not quite']).toContain(await verdict.textContent());
      const said = await page.getByText(/^Ada said “.+”\.$/).textContent();
      // Her word for the round, as the question showed it.
      const word = game.questions[round - 1].options[game.answers[round - 1] - 1];
      expect(said).toBe(`Ada said “${word}”.`);
      await page.getByText(/of 10 points$/).waitFor();
      if (round === 1) await screenshot(page, 'guess-1-classic-feedback-360');
      await page.getByRole('button', { name: 'Next' }).click();
    }
    await waitForPath(page, /^\/result\//);
    await heading(page).filter({ hasText: 'How well you know Ada' }).waitFor();
    expect(friend.problems).toEqual([]);
  });

  it('Spectrum: both points on the track and how far off; the result in all four languages', async () => {
    const game = await createGame(world.app, 'spectrum', [90, 10, 50], 'Ada', 'guess');
    const friend = await friendJoins(game.gameId);
    const { page } = friend;
    for (let round = 1; round <= 3; round++) {
      await waitForRound(page, round, 3);
      // From 50 to 60 (a slider left at 50 counts as unanswered), then Next locks it in.
      await page.getByRole('slider').press('PageUp');
      await page.getByRole('button', { name: 'Next' }).click();
      const off = Math.abs(game.answers[round - 1] - 60);
      // A guess worth half the points or more (up to 29 off) is close: "Only 10 away." (issue 43.2).
      const detail = off === 0 ? 'Exactly where Ada put it.' : off < 30 ? `Only ${off} away.` : `Off by ${off}.`;
      await page.getByText(detail, { exact: true }).waitFor();
      const track = page.getByRole('img', { name: new RegExp(`^Your guess: 60, Ada: ${game.answers[round - 1]},`) });
      await track.waitFor();
      if (round === 1) await screenshot(page, 'guess-2-spectrum-feedback-360');
      await page.getByRole('button', { name: 'Next' }).click();
    }
    await waitForPath(page, /^\/result\//);
    const titles: Record<string, string> = {
      en: 'How well you know Ada',
      es: 'Qué tan bien conoces a Ada',
      'pt-BR': 'O quanto você conhece Ada',
      de: 'So gut kennst du Ada',
    };
    for (const [lang, title] of Object.entries(titles)) {
      await page.evaluate((language) => localStorage.setItem('wavelength.language', language), lang);
      await page.reload();
      await heading(page).filter({ hasText: title }).waitFor();
      // The caption comes a second after the gauge.
      await page.locator('.caption__title').waitFor();
      await screenshot(page, `guess-3-result-${lang}-360`, { fullPage: true });
    }
    expect(friend.problems).toEqual([]);
  });
});
