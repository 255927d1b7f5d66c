/**
 * Your friends' circle in a real browser: friends see who among them they are closest to, in
 * words ("In tune", "Close", "Apart", never a score), and the creator sees the closest pairs; both update live as friends finish, without a reload.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createGame, logResponse } from '../../server/testing/app.js';
import { axeViolations, browserTestsAvailable, newPlayer, screenshot, useWorld } from './support.js';

const available = browserTestsAvailable();

const circleItems = (page: Page) => page.getByRole('region', { name: 'Your circle' }).getByRole('listitem');

describe.skipIf(!available)("your friends' circle", () => {
  const world = useWorld({ QUESTIONS_PER_GAME: '3' });

  it('a friend sees who they are most in tune with, live; the creator sees the closest pairs', async () => {
    const game = await createGame(world.app, 'classic', [1, 2, 3], 'Ada');
    const [boId, cyId, diId] = [randomUUID(), randomUUID(), randomUUID()];
    const play = async (id: string, answers: number[], name: string) =>
      expect((await logResponse(world.app, game.gameId, id, answers, name)).statusCode).toBe(200);

    // Bo plays first and waits on their result: no one to compare with yet.
    await play(boId, [1, 2, 3], 'Bo');
    const bo = await newPlayer(world, { userId: boId });
    await bo.page.goto(`/result/${game.gameId}`);
    const circle = bo.page.getByRole('region', { name: 'Your circle' });
    await circle.getByText('No other friend of Ada has played yet.', { exact: false }).waitFor();

    // Cy plays (same first two answers as Bo): Bo's screen shows Cy without a reload.
    await play(cyId, [1, 2, 1], 'Cy');
    await bo.page.getByText("In Ada's circle you're closest to Cy: Close").waitFor();

    // Cy's own result: Bo is their closest match.
    const cy = await newPlayer(world, { userId: cyId, context: { reducedMotion: 'reduce', bypassCSP: true } });
    await cy.page.goto(`/result/${game.gameId}`);
    await cy.page.getByText("In Ada's circle you're closest to Bo: Close").waitFor();
    expect(await circleItems(cy.page).count()).toBe(0);

    // Di finishes third: Di appears on Cy's screen, below Bo, without a reload.
    await play(diId, [2, 2, 2], 'Di');
    await circleItems(cy.page).filter({ hasText: 'Di — Apart' }).waitFor();
    expect(await circleItems(cy.page).allInnerTexts()).toEqual(['Di — Apart']);
    await cy.page.getByRole('heading', { name: 'Your circle' }).scrollIntoViewIfNeeded();
    await screenshot(cy.page, 'circle-friend-result', { fullPage: true });
    expect(await axeViolations(cy.page)).toEqual([]);
    // The narrowest phone: nothing wider than the screen.
    await cy.page.setViewportSize({ width: 320, height: 640 });
    expect(await cy.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    // The creator's end screen: the closest pair, then every pair in order.
    const ada = await newPlayer(world, { userId: game.creatorId, context: { bypassCSP: true } });
    await ada.page.goto(`/endscreen/${game.gameId}`);
    const web = ada.page.getByRole('region', { name: "Your friends' web" });
    await web.getByText('Closest pair: Bo and Cy: Close').waitFor();
    expect(await web.getByRole('listitem').allInnerTexts()).toEqual([
      'Bo and Cy — Close',
      // Equal scores: the pair whose first friend played earlier first.
      'Bo and Di — Apart',
      'Cy and Di — Apart',
    ]);
    await screenshot(ada.page, 'circle-creator-web', { fullPage: true });
    expect(await axeViolations(ada.page)).toEqual([]);
    await ada.page.setViewportSize({ width: 320, height: 640 });
    expect(await ada.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    for (const person of [bo, cy, ada]) expect(person.problems).toEqual([]);
    for (const person of [bo, cy, ada]) await person.context.close();
  });
});
