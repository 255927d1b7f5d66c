import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { CHROMIUM_PATH, HEADLESS_CHROMIUM_ARGS } from '../../scripts/chromium.js';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { Player as ScoreboardRow } from '../../shared/api.js';

const CHROMIUM = CHROMIUM_PATH;
const axeSource: string = createRequire(import.meta.url)('axe-core').source;
const root = join(import.meta.dirname, '..', '..');
export const SCREENSHOT_DIR = join(root, 'test-results', 'screenshots');
const CLIENT_DIR = join(root, 'dist', 'client');

/**
 * Browser tests run wherever Chromium is installed. Under CI (CI=true) a missing Chromium or a
 * missing build is a failure, never a silent skip.
 */
export function browserTestsAvailable(): boolean {
  const ready = existsSync(CHROMIUM) && existsSync(join(CLIENT_DIR, 'index.html'));
  if (!ready && process.env.CI === 'true') {
    throw new Error(`Browser tests are required in CI: need ${CHROMIUM} and a built client in ${CLIENT_DIR}.`);
  }
  return ready;
}

export interface World {
  app: FastifyInstance;
  url: string;
  browser: Browser;
  close(): Promise<void>;
}

/** The built product served by the real app on loopback, and one Chromium. */
export async function startWorld(env: Record<string, string> = {}): Promise<World> {
  const config = loadConfig({
    DATABASE_URL: 'sqlite::memory:',
    RATE_LIMIT_PER_MINUTE: '0',
    // Every test friend plays from 127.0.0.1.
    PLAYS_PER_ADDRESS_PER_GAME: '0',
    ...env,
  });
  const app = await buildApp({ config, clientDir: CLIENT_DIR });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...HEADLESS_CHROMIUM_ARGS, '--no-first-run'],
  });
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    browser,
    async close() {
      await browser.close();
      await app.close();
    },
  };
}

/**
 * The World of a describe block: started before its first test (`env` added to the app's
 * config), closed after its last, after the block's own after-hooks. The object returned reads
 * the started one, so use it inside tests and hooks only.
 */
export function useWorld(env: Record<string, string> = {}): World {
  let started: World | undefined;
  const current = () => {
    if (!started) throw new Error('The world is not started: use it inside a test or a hook.');
    return started;
  };
  beforeAll(async () => {
    started = await startWorld(env);
  });
  afterAll(async () => {
    await started?.close();
    started = undefined;
  });
  return {
    get app() {
      return current().app;
    },
    get url() {
      return current().url;
    },
    get browser() {
      return current().browser;
    },
    close: () => current().close(),
  };
}

export interface Player {
  context: BrowserContext;
  page: Page;
  /** Console errors and CSP violations seen by this player's page. */
  problems: string[];
}

interface PlayerOptions {
  /** Start as this existing player (their userId in localStorage) instead of a new one. */
  userId?: string;
  /** Overrides of the phone: viewport, reducedMotion, colorScheme, bypassCSP… */
  context?: BrowserContextOptions;
}

/** A person on a phone: a separate browser context (own localStorage, own userId). */
export async function newPlayer(world: World, options: PlayerOptions = {}): Promise<Player> {
  const context = await world.browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    // Chromium would emulate a light system; the product's own look is the dark theme.
    colorScheme: 'dark',
    ...options.context,
    baseURL: world.url,
  });
  if (options.userId) {
    await context.addInitScript((id) => localStorage.setItem('wavelength.userId', id), options.userId);
  }
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { context, page, problems };
}

export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // Finished CSS transitions, so the picture shows the screen at rest rather than mid-fade.
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled', ...options });
}

/** A screen's address and what to wait for before it counts as shown. */
export type ScreenVisit = [path: string, ready: (page: Page) => Promise<unknown>];

/** Opens each screen in turn, waits until it is shown, then runs `check` on it. */
export async function visitScreens(page: Page, screens: ScreenVisit[], check: (path: string) => Promise<void>) {
  for (const [path, ready] of screens) {
    await page.goto(path);
    await ready(page);
    await check(path);
  }
}

/** The scoreboard as the API reports it. */
export async function playersOf(world: World, gameId: string) {
  const response = await fetch(`${world.url}/prod/get-all-players?gameId=${gameId}`);
  return (await response.json()).players as ScoreboardRow[];
}

/** A friend's Remove button (creator controls): named "Remove", in the row of the cell holding their name. */
export const removeButton = (page: Page, name: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) })
    .getByRole('button', { name: 'Remove', exact: true });

/** The screen's one level-1 heading. */
export const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Waits until the question screen shows round `round` of `rounds`. */
export async function waitForRound(page: Page, round: number, rounds: number) {
  await heading(page)
    .filter({ hasText: `Wavelength round ${round} of ${rounds}` })
    .waitFor();
}

/** Waits for a client-side navigation (history.pushState) to a path matching `pattern`. */
export async function waitForPath(page: Page, pattern: RegExp) {
  await page.waitForFunction((source) => new RegExp(source).test(location.pathname), pattern.source);
}

/** axe-core's WCAG 2 A/AA findings on the page as it is now (the page's context must bypass CSP). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const found = await page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: Violation[] }> } })
      .axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } });
    return result.violations;
  });
  return found.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The theme a page shows: light when its text is darker than mid-grey, as the light palette's is. */
export async function shownScheme(page: Page): Promise<'light' | 'dark'> {
  return page.evaluate(() => {
    const [r, g, b] = (getComputedStyle(document.body).color.match(/\d+/g) ?? []).map(Number);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128 ? 'light' : 'dark';
  });
}

/**
 * Counts, in every page of `context`, the story cards whose bytes the page has read (the result
 * screen fetches its card ahead, so that "Share my result" opens the share sheet straight from
 * the tap). `cardInHand` waits for one: a tap before that offers the card to save instead, as
 * it should on a slow connection, which is not what a test of the share sheet is after.
 */
export async function countCardsRead(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const blob = Response.prototype.blob;
    Response.prototype.blob = async function (this: Response) {
      const bytes = await blob.call(this);
      if (new URL(this.url).pathname.startsWith('/og/result/')) {
        const counted = window as unknown as { cardsRead?: number };
        counted.cardsRead = (counted.cardsRead ?? 0) + 1;
      }
      return bytes;
    };
  });
}

/** Waits until the page has read a story card (see countCardsRead), and its screen has drawn since. */
export async function cardInHand(page: Page): Promise<void> {
  await page.waitForFunction(() => ((window as unknown as { cardsRead?: number }).cardsRead ?? 0) > 0, undefined, {
    timeout: 60_000,
  });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
}

/**
 * The widths, in px, of the spaces drawn either side of each name (<bdi>) in `element`, where the
 * words beside it end or begin with a space on the same line: a few px each, 0 where a space
 * vanished (as it does when a name and the words around it are separate items of a flex container).
 */
export async function spacesAroundNames(element: Locator): Promise<number[]> {
  return element.evaluate((root) => {
    const charBox = (node: Node, at: number) => {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      return range.getBoundingClientRect();
    };
    const sameLine = (a: DOMRect, b: DOMRect) => Math.abs(a.top + a.height / 2 - (b.top + b.height / 2)) < a.height / 2;
    const widths: number[] = [];
    for (const name of root.querySelectorAll('bdi')) {
      const boxes = name.getClientRects();
      if (boxes.length === 0) continue;
      const [first, last] = [boxes[0], boxes[boxes.length - 1]];
      const before = name.previousSibling;
      const beforeText = before?.textContent ?? '';
      if (before?.nodeType === Node.TEXT_NODE && /\S\s+$/.test(beforeText)) {
        const word = charBox(before, beforeText.trimEnd().length - 1);
        if (sameLine(word, first)) widths.push(first.left - word.right);
      }
      const after = name.nextSibling;
      const afterText = after?.textContent ?? '';
      if (after?.nodeType === Node.TEXT_NODE && /^\s+\S/.test(afterText)) {
        const word = charBox(after, afterText.length - afterText.trimStart().length);
        if (sameLine(word, last)) widths.push(word.left - last.right);
      }
    }
    return widths.map((width) => Math.round(width));
  });
}
