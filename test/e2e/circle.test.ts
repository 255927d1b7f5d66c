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
    await web.getByText('Closest pair: Bo and Cy — Close').waitFor();
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

  it("keeps a right-to-left name in its place: the web's lines and the best match read in order at 360 px", async () => {
    const game = await createGame(world.app, 'classic', [1, 2, 3], 'Ada');
    // Bo plays first, so each pair line reads "Bo and سارا! — …"; سارا! matches Ada exactly (the best match).
    for (const [answers, name] of [
      [[1, 2, 1], 'Bo'],
      [[1, 2, 3], 'سارا!'],
    ] as const) {
      expect((await logResponse(world.app, game.gameId, randomUUID(), [...answers], name)).statusCode).toBe(200);
    }
    const ada = await newPlayer(world, { userId: game.creatorId, context: { viewport: { width: 360, height: 740 } } });
    await ada.page.goto(`/endscreen/${game.gameId}`);
    const web = ada.page.getByRole('region', { name: "Your friends' web" });
    // Two friends are one pair, said once (issue 43.7): no "closest pair", heading and list of one.
    const line = web.locator('.circle__closest').filter({ hasText: 'سارا!' });
    await line.waitFor();
    expect(await line.innerText()).toBe('Bo and سارا!, the two friends who have played so far — Close');
    expect(await web.getByRole('listitem').count()).toBe(0);
    expect(await web.getByRole('heading', { level: 3 }).count()).toBe(0);

    // Where each piece of a line is drawn, as [top, left]: the first occurrence of each piece, in
    // whichever text node (or <bdi>) it sits.
    const across = (selector: string, pieces: string[]) =>
      ada.page.evaluate(
        ([selector, pieces]) => {
          const element = document.querySelector(selector as string);
          if (!element) throw new Error(`no ${selector}`);
          const texts: Text[] = [];
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          while (walker.nextNode()) texts.push(walker.currentNode as Text);
          return (pieces as string[]).map((piece) => {
            const text = texts.find((node) => node.data.includes(piece));
            if (!text) throw new Error(`no ${piece}`);
            const range = document.createRange();
            range.setStart(text, text.data.indexOf(piece));
            range.setEnd(text, text.data.indexOf(piece) + piece.length);
            // The piece's first box: a piece that wraps has one box a line.
            const { top, left } = range.getClientRects()[0];
            return [Math.round(top), Math.round(left)];
          });
        },
        [selector, pieces] as const,
      );
    // Reading order on screen: line by line, then left to right (a line may wrap at 360 px).
    const inOrder = (places: number[][]) =>
      places.every(([top, left], index) => {
        if (index === 0) return true;
        const [lastTop, lastLeft] = places[index - 1];
        return top > lastTop + 4 || (Math.abs(top - lastTop) <= 4 && left > lastLeft);
      });
    // The name reads as it was written, right to left with its mark at its end (the left), and
    // stays between the words around it: "Bo and !ارا س — Close", never "Bo and ارا س! — Close".
    const closestLine = await across('.circle__closest', ['and', '!', 'سارا', 'the two', '— Close']);
    expect(inOrder(closestLine), `[top, left] ${JSON.stringify(closestLine)}`).toBe(true);
    // The best match: the score stays after the name (under it, "!ارا س" then "10/10"), not pulled in front of it.
    const bestMatch = await across('.summary__figures div:last-child dd', ['!', 'سارا', '10']);
    expect(inOrder(bestMatch), `[top, left] ${JSON.stringify(bestMatch)}`).toBe(true);

    await web.scrollIntoViewIfNeeded();
    await screenshot(ada.page, 'rtl-web');
    expect(await ada.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(ada.problems).toEqual([]);
    await ada.context.close();
  });
});
