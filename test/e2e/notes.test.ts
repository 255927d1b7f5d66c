/**
 * Packs and a word back on a 360 px phone: Ada picks Couples on the landing in one tap and plays
 * its questions; Bo joins (the invitation names the theme), plays, and leaves her a note full of
 * markup, which appears on Ada's open scoreboard at once, as text. Screenshots:
 * test-results/screenshots/packs-landing-360.png and notes-scoreboard-360.png.
 */
import { describe, expect, it } from 'vitest';
import { SEED_DIR } from '../../server/paths.js';
import { loadQuestionBank } from '../../server/questions/bank.js';
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
const ROUNDS = 3;
const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, reducedMotion: 'reduce' as const };
const HOSTILE = 'I knew you’d say beach 😂 <img src=x onerror=alert(1)>';
const couples = new Set(
  loadQuestionBank(SEED_DIR)
    .filter((q) => q.edition === 'classic' && q.packs?.includes('couples'))
    .map((q) => q.question),
);

const sidewaysScroll = (player: Player) =>
  player.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function playClassic(player: Player) {
  for (let round = 1; round <= ROUNDS; round++) {
    await waitForRound(player.page, round, ROUNDS);
    // Each round is a question of the Couples pack.
    const question = await player.page.getByRole('radiogroup').getAttribute('aria-label');
    expect(couples.has(question ?? ''), question ?? '').toBe(true);
    await player.page.getByRole('radio').first().click();
  }
}

describe.skipIf(!available)('packs and notes on a 360 px phone', () => {
  const world = useWorld({ QUESTIONS_PER_GAME: String(ROUNDS) });

  it('a Couples game made on a phone; a friend’s note with markup shows live on the creator’s scoreboard, as text', async () => {
    const ada = await newPlayer(world, { context: PHONE });
    await ada.page.goto('/classic');
    await ada.page.getByPlaceholder('What name do you go by?').fill('Ada');
    await ada.page.getByRole('button', { name: '💞 Couples' }).click();
    await waitForPath(ada.page, /^\/classic$/);
    await expect.poll(() => new URL(ada.page.url()).search).toBe('?pack=couples');
    await ada.page.getByRole('button', { name: 'Play' }).waitFor();
    await ada.page.getByRole('group', { name: 'Pick a theme' }).scrollIntoViewIfNeeded();
    await screenshot(ada.page, 'packs-landing-360');
    expect(await sidewaysScroll(ada)).toBe(0);
    await ada.page.getByRole('button', { name: 'Play' }).click();
    await playClassic(ada);
    await waitForPath(ada.page, /^\/endscreen\/[^/]+$/);
    const gameId = new URL(ada.page.url()).pathname.split('/').pop() as string;

    // Ada watches her scoreboard.
    await ada.page.goto(`/scoreboard/${gameId}`);
    await ada.page.getByText('Looks like no one has played yet.').waitFor();

    const bo = await newPlayer(world, { context: PHONE });
    await bo.page.goto(`/join/${gameId}`);
    await heading(bo.page).filter({ hasText: "You are joining Ada's game" }).waitFor();
    await bo.page.getByText('Theme: 💞 Couples').waitFor();
    await bo.page.getByPlaceholder('What name do you go by?').fill('Bo');
    await bo.page.getByRole('button', { name: 'Play' }).click();
    await playClassic(bo);
    await waitForPath(bo.page, new RegExp(`^/result/${gameId}$`));
    await ada.page.getByRole('cell', { name: 'Bo' }).waitFor();

    // Bo's word back: a reaction and a note full of markup.
    const form = bo.page.getByRole('form', { name: 'Leave Ada a note' });
    await form.getByRole('button', { name: 'Laughing' }).click();
    await form.getByLabel('A few words (only they will see them)').fill(HOSTILE);
    await form.scrollIntoViewIfNeeded();
    await screenshot(bo.page, 'notes-form-360');
    expect(await sidewaysScroll(bo)).toBe(0);
    await form.getByRole('button', { name: 'Send' }).click();
    await bo.page.getByRole('status').filter({ hasText: 'Your note is on its way to Ada.' }).waitFor();

    // On Ada's scoreboard, without a reload: beside Bo's score, as text; no image was made of it.
    const row = ada.page.getByRole('row').filter({ hasText: 'Bo' });
    await row.getByText(HOSTILE).waitFor();
    expect(await row.locator('img').count()).toBe(0);
    expect(await ada.page.evaluate(() => document.querySelectorAll('img[src="x"]').length)).toBe(0);
    await screenshot(ada.page, 'notes-scoreboard-360');
    expect(await sidewaysScroll(ada)).toBe(0);

    // Once: the form is gone for Bo after a reload, and a second note is refused by the server.
    await bo.page.reload();
    await bo.page.getByRole('status').filter({ hasText: 'on its way' }).waitFor();
    expect(ada.problems).toEqual([]);
    expect(bo.problems).toEqual([]);
    await ada.context.close();
    await bo.context.close();
  });
});
