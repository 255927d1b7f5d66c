/**
 * How the screens adapt to the person: the light theme on a light system, no motion when they ask
 * for less, long names that keep the friends table tidy on a phone, and a desktop page without a
 * strip down its right edge. (Contrast in both themes is checked by a11y.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createGame, logResponse } from '../../server/testing/app.js';
import { NAME_MAX_LENGTH } from '../../shared/product.js';
import {
  browserTestsAvailable,
  newPlayer,
  playersOf,
  screenshot,
  shownScheme,
  useWorld,
  waitForRound,
} from './support.js';

const available = browserTestsAvailable();

/** The longest name a friend can have (names are cut to NAME_MAX_LENGTH code points). */
const LONG_NAME = 'Maximilian Wilhelmina Bartholomew-Smythe';

/** The theme-color a browser uses: the first `<meta name="theme-color">` whose media matches. */
function themeColorAndBackground(page: Page) {
  return page.evaluate(() => {
    const metas = [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')];
    const chosen = metas.find((meta) => !meta.media || matchMedia(meta.media).matches);
    return {
      themeColor: chosen?.content,
      background: getComputedStyle(document.documentElement).getPropertyValue('--bg').trim(),
    };
  });
}

/** Running CSS animations and transitions anywhere in the page, named by their element's class. */
function movingThings(page: Page) {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => animation.playState === 'running')
      .map((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target;
        const name = (animation as CSSAnimation).animationName ?? (animation as CSSTransition).transitionProperty;
        return `${name} on ${target?.className || target?.nodeName}`;
      }),
  );
}

/** RGBA of every pixel of a screenshot, decoded by the page itself (its context must bypass CSP). */
async function screenshotPixels(page: Page, clip: { x: number; y: number; width: number; height: number }) {
  const png = await page.screenshot({ clip });
  const data = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.drawImage(image, 0, 0);
    return Array.from(context.getImageData(0, 0, image.width, image.height).data);
  }, png.toString('base64'));
  return (x: number, y: number) => data.slice((y * clip.width + x) * 4, (y * clip.width + x) * 4 + 3);
}

describe.skipIf(!available)('appearance', () => {
  const world = useWorld({ QUESTIONS_PER_GAME: '3' });

  it('follows the system theme, light or dark, with a theme-color to match', async () => {
    const game = await createGame(world.app, 'spectrum', [10, 50, 90], 'Ada');
    const friendId = randomUUID();
    await logResponse(world.app, game.gameId, friendId, [20, 50, 80], 'Bo');
    const gaugeStrokes = new Set<string>();
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page, problems } = await newPlayer(world, {
        userId: friendId,
        context: { colorScheme, reducedMotion: 'reduce' },
      });
      await page.goto(`/result/${game.gameId}`);
      await page.getByText('Your Wavelength Score with Ada is').waitFor();
      expect(await shownScheme(page), colorScheme).toBe(colorScheme);
      const { themeColor, background } = await themeColorAndBackground(page);
      expect(themeColor, colorScheme).toBe(background);
      gaugeStrokes.add(await page.locator('.gauge__fill').evaluate((circle) => getComputedStyle(circle).stroke));
      await screenshot(page, `theme-result-${colorScheme}`, { fullPage: true });
      expect(problems).toEqual([]);
      await context.close();
    }
    // The gauge's colour step comes from the palette, so it changes with the theme too.
    expect(gaugeStrokes.size).toBe(2);
  });

  it('with reduced motion the result shows its final score and caption at once, and nothing moves', async () => {
    const game = await createGame(world.app, 'spectrum', [10, 50, 90], 'Ada');
    const friendId = randomUUID();
    await logResponse(world.app, game.gameId, friendId, [20, 50, 80], 'Bo');
    const { context, page } = await newPlayer(world, { userId: friendId, context: { reducedMotion: 'reduce' } });
    // What the first frame of the gauge shows, recorded the moment it enters the page.
    await context.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const value = document.querySelector('[data-testid="gauge-value"]');
        if (!value) return;
        observer.disconnect();
        Object.assign(window, {
          firstGauge: {
            value: value.textContent,
            caption: document.querySelector('.caption__title')?.textContent ?? null,
          },
        });
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`/result/${game.gameId}`);
    await page.getByText('Your Wavelength Score with Ada is').waitFor();
    const first = await page.evaluate(() => (window as unknown as { firstGauge: Record<string, string> }).firstGauge);
    const [bo] = await playersOf(world, game.gameId);
    expect(first.value).toBe(`${Math.round(bo.score * 10)}%`);
    expect(first.caption).not.toBeNull();
    expect(await movingThings(page)).toEqual([]);

    // The live scoreboard (its pulsing badge, rows that rise in) and a round (which slides in).
    await page.goto(`/scoreboard/${game.gameId}`);
    await page.getByRole('cell', { name: 'Bo' }).waitFor();
    expect(await movingThings(page)).toEqual([]);
    await page.goto(`/join/${(await createGame(world.app, 'spectrum', [0, 0, 0], 'Cy')).gameId}`);
    await page.getByRole('button', { name: 'Play' }).click();
    await waitForRound(page, 1, 3);
    expect(await movingThings(page)).toEqual([]);
    await context.close();
  });

  it.each([320, 390])(
    // Issue 32: the name is the point of the row, so a long one wraps instead of being cut.
    'a long name is shown whole in the friends table at %i px, wrapping within its cell',
    async (width) => {
      expect(LONG_NAME).toHaveLength(NAME_MAX_LENGTH);
      const game = await createGame(world.app, 'classic', [1, 2, 3], 'Ada');
      const longId = randomUUID();
      await logResponse(world.app, game.gameId, randomUUID(), [1, 2, 3], 'Bo');
      const { playerID } = (await logResponse(world.app, game.gameId, longId, [1, 2, 4], LONG_NAME)).json();
      const viewport = { width, height: 800 };
      // A row by the start of its name cell ("(you)" may follow the name).
      const heightOf = async (page: Page, name: string) =>
        (
          await page
            .getByRole('row')
            .filter({ has: page.getByRole('cell', { name: new RegExp(`^${name}`) }) })
            .boundingBox()
        )?.height;
      // How much taller the long name's row is than Bo's one-line row (a second line adds over 20 px).
      const extraHeight = async (page: Page) =>
        Math.abs(((await heightOf(page, LONG_NAME)) ?? Number.NaN) - ((await heightOf(page, 'Bo')) ?? Number.NaN));
      // Every name's text fits its box (nothing cut with an ellipsis), and no page scrolls sideways.
      const shownWhole = (page: Page) =>
        page.evaluate(
          () =>
            [...document.querySelectorAll('.players__label')].every(
              (label) => label.scrollWidth <= label.clientWidth + 1,
            ) && document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        );

      // The creator's end screen: each name a link, each row a Remove control.
      const creator = await newPlayer(world, { userId: game.creatorId, context: { viewport } });
      await creator.page.goto(`/endscreen/${game.gameId}`);
      const link = creator.page.getByRole('link', { name: LONG_NAME, exact: true });
      await link.waitFor();
      expect(await shownWhole(creator.page)).toBe(true);
      expect(await extraHeight(creator.page)).toBeGreaterThan(1);
      expect(await creator.page.getByRole('cell', { name: LONG_NAME, exact: true }).getAttribute('title')).toBe(
        LONG_NAME,
      );
      // Keyboard focus on the name shows all of it.
      await link.focus();
      expect(await link.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      await creator.context.close();

      // The long-named friend's own scoreboard: their row, marked "(you)", is one line too.
      const friend = await newPlayer(world, { userId: longId, context: { viewport } });
      // As if this phone had played: it knows its public id on the game, so the board marks "you".
      await friend.context.addInitScript(
        (ids) => localStorage.setItem('wavelength.playerIDs', JSON.stringify([ids])),
        [game.gameId, playerID],
      );
      await friend.page.goto(`/scoreboard/${game.gameId}`);
      const own = friend.page.getByRole('cell', { name: `${LONG_NAME} (you)`, exact: true });
      await own.waitFor();
      expect(await shownWhole(friend.page)).toBe(true);
      expect(await own.getAttribute('title')).toBe(LONG_NAME);
      const cell = await own.boundingBox();
      const you = await friend.page.getByText('(you)').boundingBox();
      expect(you && cell && you.x + you.width <= cell.x + cell.width).toBe(true);
      await friend.context.close();
    },
  );

  it('on a 1280 px desktop the page reaches the right edge, with no strip beside it', async () => {
    const game = await createGame(world.app, 'classic', [1, 2, 3], 'Ada');
    await logResponse(world.app, game.gameId, randomUUID(), [1, 2, 3], 'Bo');
    const { context, page } = await newPlayer(world, {
      context: {
        viewport: { width: 1280, height: 800 },
        deviceScaleFactor: 1,
        isMobile: false,
        hasTouch: false,
        bypassCSP: true,
      },
    });
    await page.goto(`/scoreboard/${game.gameId}`);
    await page.getByRole('cell', { name: 'Bo' }).waitFor();
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      body: document.body.getBoundingClientRect().right,
    }));
    expect(widths).toEqual({ scroll: 1280, body: 1280 });
    // The last column of pixels is the page's background, as the one 30 px to its left is.
    const pixel = await screenshotPixels(page, { x: 1240, y: 0, width: 40, height: 40 });
    for (const y of [5, 20, 35]) {
      const [edge, inside] = [pixel(39, y), pixel(9, y)];
      const difference = Math.max(...edge.map((channel, i) => Math.abs(channel - inside[i])));
      expect(difference, `row ${y}: ${edge} at the edge, ${inside} inside`).toBeLessThanOrEqual(6);
    }
    await context.close();
  });
});
