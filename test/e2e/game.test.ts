/**
 * Real people in a real browser: the built product served by the real server, played in
 * Chromium by a creator and friends in separate browser contexts (separate phones).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  browserTestsAvailable,
  heading,
  newPlayer,
  type Player,
  playersOf,
  screenshot,
  useWorld,
  type World,
  waitForPath,
  waitForRound,
} from './support.js';

const available = browserTestsAvailable();
const ROUNDS = 3;

/** Moves the slider with the keyboard and commits with Enter. */
async function answerSpectrumWithKeys(page: Page, steps: number) {
  const slider = page.getByRole('slider');
  await slider.focus();
  for (let i = 0; i < Math.abs(steps); i++) await slider.press(steps > 0 ? 'ArrowRight' : 'ArrowLeft');
  await slider.press('Enter');
}

/** Drags the slider thumb to a fraction of its width and lets go (release commits). */
async function answerSpectrumByDragging(page: Page, fraction: number) {
  const box = await page.getByRole('slider').boundingBox();
  if (!box) throw new Error('no slider');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * fraction, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
}

async function startAsCreator(player: Player, world: World, edition: 'spectrum' | 'classic', name: string) {
  const { page } = player;
  await page.goto(`${world.url}/${edition === 'spectrum' ? '' : 'classic'}`);
  await waitForPath(page, new RegExp(`^/${edition}$`));
  await page.getByPlaceholder('What name do you go by?').fill(name);
  const play = page.getByRole('button', { name: 'Play' });
  await play.waitFor();
  await play.click();
  await waitForPath(page, new RegExp(`^/${edition}/game/new-game$`));
}

async function joinAsFriend(
  player: Player,
  world: World,
  gameId: string,
  creator: string,
  name: string,
  shot?: string,
) {
  const { page } = player;
  await page.goto(`${world.url}/join/${gameId}`);
  await heading(page)
    .filter({ hasText: `You are joining ${creator}'s game` })
    .waitFor();
  await page.getByPlaceholder('What name do you go by?').fill(name);
  if (shot) await screenshot(page, shot);
  await page.getByRole('button', { name: 'Play' }).click();
}

const gameIdOf = (page: Page) => new URL(page.url()).pathname.split('/').pop() as string;

describe.skipIf(!available)('playing in the browser', () => {
  const world = useWorld({ QUESTIONS_PER_GAME: String(ROUNDS) });

  it('a creator plays Spectrum, two friends play, and the creator watches their scores arrive live', async () => {
    const creator = await newPlayer(world);
    await creator.page.goto(world.url);
    await waitForPath(creator.page, /^\/spectrum$/);
    await creator.page.getByRole('button', { name: 'Play' }).waitFor();
    await screenshot(creator.page, '01-landing');

    await startAsCreator(creator, world, 'spectrum', 'Ada');
    await waitForRound(creator.page, 1, ROUNDS);
    await screenshot(creator.page, '02-spectrum-round');
    await answerSpectrumWithKeys(creator.page, 30); // 80
    await waitForRound(creator.page, 2, ROUNDS);
    await answerSpectrumWithKeys(creator.page, -30); // 20
    await waitForRound(creator.page, 3, ROUNDS);
    await answerSpectrumWithKeys(creator.page, 0); // 50
    await waitForPath(creator.page, /^\/endscreen\/[^/]+$/);
    const gameId = gameIdOf(creator.page);
    await heading(creator.page).filter({ hasText: 'Thanks for playing Wavelength' }).waitFor();
    await expect.poll(() => creator.page.getByText(`/join/${gameId}`).count()).toBeGreaterThan(0);
    await screenshot(creator.page, '03-endscreen');

    // The creator also keeps the scoreboard open in another tab.
    const board = await creator.context.newPage();
    await board.goto(`${world.url}/scoreboard/${gameId}`);
    await board.getByText('Looks like no one has played yet.').waitFor();

    // First friend: keyboard answers identical to the creator's → 10.
    const bo = await newPlayer(world);
    await joinAsFriend(bo, world, gameId, 'Ada', 'Bo', '04-join');
    await waitForRound(bo.page, 1, ROUNDS);
    await answerSpectrumWithKeys(bo.page, 30);
    await waitForRound(bo.page, 2, ROUNDS);
    await answerSpectrumWithKeys(bo.page, -30);
    await waitForRound(bo.page, 3, ROUNDS);
    await answerSpectrumWithKeys(bo.page, 0);
    await waitForPath(bo.page, new RegExp(`^/result/${gameId}$`));
    await heading(bo.page).filter({ hasText: 'Your Wavelength Score with Ada is' }).waitFor();
    await bo.page.getByText('A Match Made in Heaven!').first().waitFor();
    // The gauge has counted up to 100 (1 point per 20 ms).
    await expect.poll(() => bo.page.getByTestId('gauge-value').innerText(), { timeout: 10_000 }).toMatch(/^100/);
    await screenshot(bo.page, '05-result');

    // Both of the creator's screens show Bo without a reload.
    await creator.page.getByRole('cell', { name: 'Bo' }).waitFor();
    await board.getByRole('cell', { name: 'Bo' }).waitFor();

    // Second friend drags the slider with the pointer (release commits).
    const cy = await newPlayer(world);
    await joinAsFriend(cy, world, gameId, 'Ada', 'Cy');
    for (const [round, fraction] of [
      [1, 0.05],
      [2, 0.95],
      [3, 0.5],
    ] as const) {
      await waitForRound(cy.page, round, ROUNDS);
      await answerSpectrumByDragging(cy.page, fraction);
    }
    await waitForPath(cy.page, new RegExp(`^/result/${gameId}$`));
    await creator.page.getByRole('cell', { name: 'Cy' }).waitFor();
    await board.getByRole('cell', { name: 'Cy' }).waitFor();

    // What the screens show is what the server scored: Bo (10) above Cy.
    const players = await playersOf(world, gameId);
    expect(players.map((p) => p.playerName)).toEqual(['Bo', 'Cy']);
    expect(players[0].score).toBe(10);
    expect(players[1].score).toBeLessThan(10);
    const rows = await board.locator('tbody tr').allInnerTexts();
    // The creator's rows end with their Remove control.
    expect(rows.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual(
      players.map((p) => `${p.playerName} ${p.score}/10 Remove`),
    );
    await screenshot(board, '06-scoreboard');

    // Revisits: a friend who played goes to their result, the creator to their end screen.
    await bo.page.goto(`${world.url}/join/${gameId}`);
    await waitForPath(bo.page, new RegExp(`^/result/${gameId}$`));
    await creator.page.goto(`${world.url}/join/${gameId}`);
    await waitForPath(creator.page, new RegExp(`^/endscreen/${gameId}$`));

    for (const player of [creator, bo, cy]) expect(player.problems).toEqual([]);
    for (const player of [creator, bo, cy]) await player.context.close();
  });

  it('a Classic game where the creator leaves one round to the timer: offered again, then left out', async () => {
    const creator = await newPlayer(world);
    await startAsCreator(creator, world, 'classic', 'Dee');
    const picked: string[] = [];

    await waitForRound(creator.page, 1, ROUNDS);
    await screenshot(creator.page, '07-classic-round');
    const first = creator.page.locator('.option').first();
    picked.push(await first.innerText());
    await first.click();
    // Round 2: nobody touches anything; the ring runs out after about 10 s.
    await waitForRound(creator.page, 2, ROUNDS);
    await waitForRound(creator.page, 3, ROUNDS);
    const last = creator.page.locator('.option').nth(2);
    picked.push(await last.innerText());
    await last.click();
    // Before the link is made: the missed round, offered again or left out (issue 32).
    await creator.page.getByRole('heading', { name: 'You missed 1 round' }).waitFor();
    await creator.page.getByRole('button', { name: 'Leave them out' }).click();
    await waitForPath(creator.page, /^\/endscreen\/[^/]+$/);
    const gameId = gameIdOf(creator.page);

    // The friend is asked only the two rounds the creator answered, and matching both is a full
    // score: nobody is scored against an answer nobody gave.
    const friend = await newPlayer(world);
    await joinAsFriend(friend, world, gameId, 'Dee', 'Eve');
    await waitForRound(friend.page, 1, ROUNDS - 1);
    await friend.page.getByRole('radio', { name: picked[0], exact: true }).click();
    await waitForRound(friend.page, 2, ROUNDS - 1);
    await friend.page.getByRole('radio', { name: picked[1], exact: true }).click();
    await waitForPath(friend.page, new RegExp(`^/result/${gameId}$`));
    const players = await playersOf(world, gameId);
    expect(players).toEqual([{ playerID: expect.any(String), playerName: 'Eve', score: 10 }]);
    await friend.page.getByText('A Match Made in Heaven!').first().waitFor();

    expect(creator.problems).toEqual([]);
    expect(friend.problems).toEqual([]);
    await creator.context.close();
    await friend.context.close();
  });

  it('a refresh in the middle of a game resumes at the same round and keeps earlier answers', async () => {
    const creator = await newPlayer(world);
    await startAsCreator(creator, world, 'spectrum', 'Fay');
    await waitForRound(creator.page, 1, ROUNDS);
    await answerSpectrumWithKeys(creator.page, 50); // 100
    await waitForRound(creator.page, 2, ROUNDS);
    await creator.page.reload();
    await waitForRound(creator.page, 2, ROUNDS);
    await answerSpectrumWithKeys(creator.page, -50); // 0
    await waitForRound(creator.page, 3, ROUNDS);
    await answerSpectrumWithKeys(creator.page, 0); // 50
    await waitForPath(creator.page, /^\/endscreen\/[^/]+$/);
    const gameId = gameIdOf(creator.page);

    // The answer given before the refresh counted: the same answers score 10.
    const friend = await newPlayer(world);
    await joinAsFriend(friend, world, gameId, 'Fay', 'Gus');
    for (const [round, steps] of [
      [1, 50],
      [2, -50],
      [3, 0],
    ] as const) {
      await waitForRound(friend.page, round, ROUNDS);
      await answerSpectrumWithKeys(friend.page, steps);
    }
    await waitForPath(friend.page, new RegExp(`^/result/${gameId}$`));
    const players = await playersOf(world, gameId);
    expect(players).toEqual([{ playerID: expect.any(String), playerName: 'Gus', score: 10 }]);
    await creator.context.close();
    await friend.context.close();
  });

  it('an unknown link says the game no longer exists, an unknown screen shows the fallback', async () => {
    const visitor = await newPlayer(world);
    await visitor.page.goto(`${world.url}/join/AAAAAAAAAAAAAAAA`);
    await visitor.page.getByRole('heading', { name: 'This game no longer exists.' }).waitFor();
    await visitor.page.goto(`${world.url}/no/such/screen`);
    await visitor.page.getByRole('heading', { name: 'Nothing here' }).waitFor();
    await screenshot(visitor.page, '08-error');
    await visitor.context.close();
  });
});
