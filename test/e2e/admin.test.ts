/**
 * Moderation in a real browser: a friend reports a game from its scoreboard, the server's admin
 * signs in on /admin, finds the game, looks at it and deletes it, and the friend's open
 * scoreboard says at once that the game is gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchQuestions, logResponse, newUserId } from '../../server/testing/app.js';
import { axeViolations, browserTestsAvailable, newPlayer, screenshot, startWorld, type World } from './support.js';

const available = browserTestsAvailable();
const TOKEN = 'browser-admin-token-0123456789abcdef';

describe.skipIf(!available)('the admin page in the browser', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ QUESTIONS_PER_GAME: '3', ADMIN_TOKEN: TOKEN });
  });
  afterAll(() => world?.close());

  /** A Classic game by "Mallory" with one bank question and one of her own, and Bo on its board. */
  async function reportedLater() {
    const [bank] = await fetchQuestions(world.app, 'classic');
    const created = await world.app.inject({
      method: 'POST',
      url: '/prod/create-game',
      payload: {
        userId: newUserId(),
        userName: 'Mallory Spamwell',
        questionSet: [bank.questionID, { question: 'Buy my followers?', options: ['Yes', 'Sure'] }],
        answerSet: [1, 1],
      },
    });
    const { gameId } = created.json() as { gameId: string };
    await logResponse(world.app, gameId, newUserId(), [1, 2], 'Bo');
    return { gameId, bank };
  }

  it('a friend reports a game; the admin signs in, finds it and deletes it, and the friend’s screen changes live', async () => {
    const { gameId, bank } = await reportedLater();

    const friend = await newPlayer(world);
    await friend.page.goto(`/scoreboard/${gameId}`);
    await friend.page.getByRole('cell', { name: 'Bo' }).waitFor();
    await friend.page.getByText('Live', { exact: true }).waitFor();
    await friend.page.getByRole('button', { name: 'Report this game' }).click();
    const dialog = friend.page.getByRole('dialog', { name: 'Report this game' });
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByLabel('Anything to add? (optional)').fill('Selling followers in the questions');
    await screenshot(friend.page, 'report-game-dialog');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Thank you.' }).waitFor();

    const admin = await newPlayer(world, { context: { viewport: { width: 1280, height: 800 }, isMobile: false } });
    await admin.page.goto('/admin');
    await admin.page.getByLabel('Admin token (ADMIN_TOKEN)').fill(`${TOKEN}-wrong`);
    await admin.page.getByRole('button', { name: 'Sign in' }).click();
    await admin.page.getByRole('alert').filter({ hasText: 'That is not the admin token.' }).waitFor();
    await admin.page.getByLabel('Admin token (ADMIN_TOKEN)').fill(TOKEN);
    await admin.page.getByRole('button', { name: 'Sign in' }).click();

    // The reported games: this one, with its reason.
    const reported = admin.page.getByRole('region', { name: 'Reported games' });
    const row = reported.getByRole('row').filter({ hasText: gameId });
    await row.waitFor();
    expect(await row.innerText()).toContain('spam 1');
    const cookies = await admin.context.cookies();
    expect(cookies).toEqual([
      expect.objectContaining({ name: 'wavelength_admin', httpOnly: true, sameSite: 'Strict' }),
    ]);

    // Found by part of the creator's name.
    await admin.page.getByLabel('Game or party id, party code, or part of a name').fill('spamwell');
    await admin.page.getByRole('button', { name: 'Find' }).click();
    await admin.page.getByRole('region', { name: 'Found' }).getByRole('link', { name: gameId }).click();
    await admin.page.getByRole('heading', { name: `Game ${gameId}` }).waitFor();
    const questions = admin.page.getByRole('region', { name: 'Questions' }).getByRole('listitem');
    expect(await questions.allInnerTexts()).toEqual([bank.question, 'Buy my followers? own question']);
    expect(await admin.page.getByRole('region', { name: 'Reports (1)' }).innerText()).toContain(
      'Selling followers in the questions',
    );
    await screenshot(admin.page, 'admin-game', { fullPage: true });
    // axe-core is injected as a script, so it gets a context of its own that bypasses the CSP.
    const checker = await newPlayer(world, { context: { bypassCSP: true } });
    await checker.context.addCookies(cookies);
    await checker.page.goto(`/admin/games/${gameId}`);
    expect(await axeViolations(checker.page)).toEqual([]);
    // The game's page fits a 360 px phone (issue 43.8: it was 381 px wide).
    await checker.page.setViewportSize({ width: 360, height: 740 });
    expect(await checker.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await checker.page.goto('/admin');
    expect(await axeViolations(checker.page)).toEqual([]);
    await checker.context.close();

    await admin.page.getByRole('checkbox', { name: /Delete it for good/ }).check();
    await admin.page.getByRole('button', { name: 'Delete this game' }).click();
    await admin.page
      .getByRole('status')
      .filter({ hasText: `Game ${gameId} deleted.` })
      .waitFor();
    // The friend's open scoreboard was told over its live socket: no reload.
    await friend.page.getByRole('heading', { name: 'This game no longer exists.' }).waitFor();
    expect(admin.problems).toEqual([]);
    expect(friend.problems).toEqual([]);
    await Promise.all([friend.context.close(), admin.context.close()]);
  });
});
