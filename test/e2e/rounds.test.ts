/**
 * Play round by round, live: a creator watches a friend's rounds arrive
 * on a 360 px phone, while the friend resumes in a new tab and plays on through a lost connection.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createGame } from '../../server/testing/app.js';
import {
  browserTestsAvailable,
  heading,
  newPlayer,
  type Player,
  playersOf,
  screenshot,
  useWorld,
  waitForPath,
  waitForRound,
} from './support.js';

const available = browserTestsAvailable();
const PHONE = { viewport: { width: 360, height: 780 } };

describe.skipIf(!available)('playing round by round, watched live', () => {
  const world = useWorld({ QUESTIONS_PER_GAME: '3' });
  const opened: Player[] = [];
  afterAll(async () => {
    for (const player of opened) await player.context.close();
  });

  it("a creator sees a friend's rounds arrive, through a new tab and a lost connection, then the score", async () => {
    const game = await createGame(world.app, 'classic', [1, 2, 3], 'Ada');
    const creator = await newPlayer(world, { userId: game.creatorId, context: PHONE });
    const friend = await newPlayer(world, { context: PHONE });
    opened.push(creator, friend);
    await creator.page.goto(`/endscreen/${game.gameId}`);
    await creator.page.getByText('Live', { exact: true }).waitFor();
    const playingLine = (text: string) => creator.page.getByText(text, { exact: true }).waitFor();

    await friend.page.goto(`/join/${game.gameId}`);
    await friend.page.getByPlaceholder('What name do you go by?').fill('Bo');
    await friend.page.getByRole('button', { name: 'Play' }).click();
    await waitForRound(friend.page, 1, 3);
    await friend.page.getByRole('radio').first().click();
    await waitForRound(friend.page, 2, 3);
    await playingLine('Bo is playing — round 2 of 3');
    await screenshot(creator.page, 'rounds-1-creator-watching-360');

    // The friend closes the tab and opens the join link again: the play resumes at round 2.
    await friend.page.close();
    const again = await friend.context.newPage();
    await again.goto(`/join/${game.gameId}`);
    await again.getByRole('button', { name: 'Play' }).click();
    await waitForRound(again, 2, 3);

    // Offline: the play goes on; the round waits in the browser, and goes when the connection is back.
    await friend.context.setOffline(true);
    await again.getByRole('radio').first().click();
    await waitForRound(again, 3, 3);
    expect(await creator.page.getByText('Bo is playing — round 2 of 3', { exact: true }).count()).toBe(1);
    // Said calmly while the round waits (issue 43.6), and gone once it is sent.
    const offline = again.getByRole('status').filter({ hasText: "You're offline. Keep playing" });
    await offline.waitFor();
    await screenshot(again, 'rounds-offline-notice-360');
    await friend.context.setOffline(false);
    await playingLine('Bo is playing — round 3 of 3');
    await offline.waitFor({ state: 'detached' });

    // The last round: the line becomes Bo's score row.
    await again.getByRole('radio').first().click();
    await waitForPath(again, /^\/result\//);
    await creator.page.getByRole('cell', { name: 'Bo', exact: true }).waitFor();
    expect(await creator.page.getByText(/Bo is playing/).count()).toBe(0);
    await screenshot(creator.page, 'rounds-2-creator-score-360');
    const [bo] = await playersOf(world, game.gameId);
    expect(bo.playerName).toBe('Bo');
    await heading(again).first().waitFor();
    expect(await heading(again).count()).toBe(1);
    expect([...creator.problems, ...friend.problems]).toEqual([]);
  });

  it("the creator's Back during a game returns to the landing, whose Play resumes the round reached (issue 43.6)", async () => {
    const ada = await newPlayer(world, { context: PHONE });
    opened.push(ada);
    await ada.page.goto('/classic');
    await ada.page.getByRole('button', { name: 'Play' }).click();
    await waitForRound(ada.page, 1, 3);
    await ada.page.getByRole('radio').first().click();
    await waitForRound(ada.page, 2, 3);
    await ada.page.goBack();
    await waitForPath(ada.page, /^\/classic$/);
    await ada.page.getByRole('button', { name: 'Play' }).click();
    await waitForRound(ada.page, 2, 3);
    expect(ada.problems).toEqual([]);
  });
});
