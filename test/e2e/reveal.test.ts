/**
 * The reveal in a real browser: a friend plays and sees every question with both answers, shares
 * their result, and the creator (another phone) opens that friend's answers from their screens.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createGame, logResponse } from '../../server/testing/app.js';
import {
  browserTestsAvailable,
  cardInHand,
  countCardsRead,
  heading,
  newPlayer,
  playersOf,
  screenshot,
  spacesAroundNames,
  useWorld,
  waitForPath,
} from './support.js';

const available = browserTestsAvailable();

const roundItems = (page: Page) => page.locator('.reveal-round');

/** Each round's text, whitespace collapsed: "Round 1 In tune question You word Ada word". */
async function roundTexts(page: Page): Promise<string[]> {
  return (await roundItems(page).allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

describe.skipIf(!available)('the reveal', () => {
  const world = useWorld({ QUESTIONS_PER_GAME: '3' });

  it('a friend plays Classic, sees every round with both answers, shares; the creator opens that comparison', async () => {
    const game = await createGame(world.app, 'classic', [1, 2, 3], 'Ada');
    const words = game.questions.map((q) => q.options as string[]);
    const link = `${world.url}/join/${game.gameId}`;

    const bo = await newPlayer(world);
    await countCardsRead(bo.context);
    // The page's share sheet, stubbed: it keeps what it was given.
    await bo.context.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: ShareData) => {
          (window as unknown as { shared: ShareData }).shared = data;
        },
      });
      // A phone that shares files: the story card goes with the text.
      Object.defineProperty(navigator, 'canShare', { configurable: true, value: () => true });
    });
    await bo.page.goto(`/join/${game.gameId}`);
    await heading(bo.page).filter({ hasText: "You are joining Ada's game" }).waitFor();
    await bo.page.getByText('3 quick rounds of 10 seconds each.').waitFor();
    await screenshot(bo.page, 'reveal-join');
    await bo.page.getByPlaceholder('What name do you go by?').fill('Bo');
    await bo.page.getByRole('button', { name: 'Play' }).click();
    // Same word in rounds 1 and 3, another in round 2: 2 of 3 → 6.7.
    const picks = [words[0][0], words[1][0], words[2][2]];
    for (const [index, word] of picks.entries()) {
      await heading(bo.page)
        .filter({ hasText: `Wavelength round ${index + 1} of 3` })
        .waitFor();
      await bo.page.getByRole('radio', { name: word, exact: true }).click();
    }
    await waitForPath(bo.page, new RegExp(`^/result/${game.gameId}$`));
    await heading(bo.page).filter({ hasText: 'Your Wavelength Score with Ada is' }).waitFor();
    await roundItems(bo.page).first().waitFor();

    expect(await roundTexts(bo.page)).toEqual([
      `Round 1 In tune ${game.questions[0].question} You ${words[0][0]} Ada ${words[0][0]}`,
      `Round 2 Apart ${game.questions[1].question} You ${words[1][0]} Ada ${words[1][1]}`,
      `Round 3 In tune ${game.questions[2].question} You ${words[2][2]} Ada ${words[2][2]}`,
    ]);
    await bo.page.getByText('2 in tune, 1 apart', { exact: true }).waitFor();
    await bo.page.getByText('#1 of 1').waitFor();
    await bo.page.getByText('Melodic Match!', { exact: true }).waitFor();
    await expect.poll(() => bo.page.getByTestId('gauge-value').innerText(), { timeout: 10_000 }).toMatch(/^67/);
    await screenshot(bo.page, 'reveal-result-classic', { fullPage: true });
    // The name inside a button keeps the spaces around it (a button lays out its content in flex).
    const makeYourOwn = bo.page.getByRole('button', { name: 'Make your own — Ada will see it' });
    const spaces = await spacesAroundNames(makeYourOwn);
    expect(spaces).toHaveLength(2);
    for (const width of spaces) expect(width).toBeGreaterThanOrEqual(2);

    // Share my result: the text carries the score and the link the next friend follows.
    await cardInHand(bo.page);
    await bo.page.getByRole('button', { name: 'Share my result' }).click();
    const shared = await bo.page.waitForFunction(() => (window as unknown as { shared?: ShareData }).shared?.text);
    const text = String(await shared.jsonValue());
    expect(text).toContain('6.7/10');
    expect(text).toContain(link);

    // The scoreboard marks Bo's own row (the playerID log-response returned).
    await bo.page.getByRole('link', { name: 'See the scoreboard' }).click();
    await waitForPath(bo.page, new RegExp(`^/scoreboard/${game.gameId}$`));
    await bo.page.getByRole('cell', { name: 'Bo (you)' }).waitFor();
    await screenshot(bo.page, 'reveal-scoreboard-you');
    const [player] = await playersOf(world, game.gameId);
    expect(player).toMatchObject({ playerName: 'Bo', score: 6.7 });

    // Bo cannot read another friend's answers through the creator's screen.
    await bo.page.goto(`/comparison/${game.gameId}/${player.playerID}`);
    await heading(bo.page).filter({ hasText: 'These answers cannot be shown' }).waitFor();

    // The creator, on their own phone, taps Bo on the end screen.
    const ada = await newPlayer(world, { userId: game.creatorId });
    await ada.page.goto(`/endscreen/${game.gameId}`);
    await ada.page.getByRole('link', { name: 'Bo' }).click();
    await waitForPath(ada.page, new RegExp(`^/comparison/${game.gameId}/${player.playerID}$`));
    await heading(ada.page).filter({ hasText: "Bo's answers and yours" }).waitFor();
    await roundItems(ada.page).first().waitFor();
    expect(await roundTexts(ada.page)).toEqual([
      `Round 1 In tune ${game.questions[0].question} Bo ${words[0][0]} You ${words[0][0]}`,
      `Round 2 Apart ${game.questions[1].question} Bo ${words[1][0]} You ${words[1][1]}`,
      `Round 3 In tune ${game.questions[2].question} Bo ${words[2][2]} You ${words[2][2]}`,
    ]);
    await screenshot(ada.page, 'reveal-creator-comparison', { fullPage: true });

    // …and from the scoreboard, the same way.
    await ada.page.getByRole('link', { name: 'Back to the scoreboard' }).click();
    await ada.page.getByRole('link', { name: 'Bo' }).click();
    await heading(ada.page).filter({ hasText: "Bo's answers and yours" }).waitFor();

    for (const person of [bo, ada]) expect(person.problems).toEqual([]);
    for (const person of [bo, ada]) await person.context.close();
  });

  it('a Spectrum result shows both answers as markers on one track with the scale’s end labels', async () => {
    const game = await createGame(world.app, 'spectrum', [20, 50, 90], 'Ada');
    const friendId = randomUUID();
    await logResponse(world.app, game.gameId, friendId, [20, 58, 10], 'Cy');
    const cy = await newPlayer(world, { userId: friendId });
    await cy.page.goto(`/result/${game.gameId}`);
    await roundItems(cy.page).first().waitFor();
    await cy.page.getByText('Getting in Tune!', { exact: true }).waitFor();
    await expect.poll(() => cy.page.getByTestId('gauge-value').innerText(), { timeout: 10_000 }).toMatch(/^63/);
    const tracks = cy.page.getByRole('img', { name: /on a scale from/ });
    expect(await tracks.count()).toBe(3);
    const labels = await tracks.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));
    expect(labels[0]).toMatch(/^You: 20, Ada: 20, on a scale from \w+ \(0\) to \w+ \(100\)$/);
    expect(labels[1]).toMatch(/^You: 58, Ada: 50,/);
    expect(labels[2]).toMatch(/^You: 10, Ada: 90,/);
    // 10, 8.5 (close) and 0.4 (apart).
    expect(
      (await roundTexts(cy.page)).map((text) => text.replace(/^(Round \d+ (In tune|Close|Apart)) .*$/, '$1')),
    ).toEqual(['Round 1 In tune', 'Round 2 Close', 'Round 3 Apart']);
    await screenshot(cy.page, 'reveal-result-spectrum', { fullPage: true });
    expect(cy.problems).toEqual([]);
    await cy.context.close();
  });
});
