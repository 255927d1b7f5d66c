/**
 * A party played in a browser (issue 45): a host and two more phones at 360–390 px, each its own
 * browser context (own localStorage, own seat), play a Spectrum guess party of 3 rounds to the
 * finished phase — one joins with a typed code in lower case with a space, one by the QR's link,
 * one reloads mid-round and carries on with its seat, the host skips on, pauses and resumes —
 * then a short alike Classic party. A shared screen at 1280×720 follows the same phases
 * (`data-party-phase` only: the shared screen's own content is tested with it). Each phone phase
 * is photographed at 360 px into PARTY_SHOTS_DIR (default test-results/screenshots/party).
 * PARTY_E2E_SCREEN=0 leaves the shared screen out (a branch without it).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  browserTestsAvailable,
  newPlayer,
  type Player,
  SCREENSHOT_DIR,
  startWorld,
  type World,
} from './support.js';

const available = browserTestsAvailable();
const SHOTS = process.env.PARTY_SHOTS_DIR ?? join(SCREENSHOT_DIR, 'party');
const WITH_SCREEN = process.env.PARTY_E2E_SCREEN !== '0';
const phone = (width: number, bypassCSP = false) => ({
  context: { viewport: { width, height: 780 }, deviceScaleFactor: 1, reducedMotion: 'reduce' as const, bypassCSP },
});

const phaseOf = (page: Page, phase: string) => page.locator(`main[data-party-phase="${phase}"]`);
/** The shared screen's phase: its root's attribute only (its own content is tested with it). */
const screenIn = (screen: Page | undefined, phase: string) =>
  screen?.locator(`[data-party-phase="${phase}"]`).first().waitFor({ timeout: 30_000 });
async function inPhase(pages: Page[], phase: string, round?: number): Promise<void> {
  await Promise.all(
    pages.map(async (page) => {
      if (round === undefined) return phaseOf(page, phase).waitFor({ timeout: 30_000 });
      await page
        .locator(`main[data-party-phase="${phase}"] h1`)
        .filter({ hasText: `Round ${round} of` })
        .waitFor({ timeout: 30_000 });
    }),
  );
}
async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `phone-${name}.png`), animations: 'disabled', fullPage: true });
}
/** Slides to `value` and locks it in (a Spectrum round). */
async function slide(page: Page, value: number): Promise<void> {
  await page.getByRole('slider').fill(String(value));
  await page.getByRole('button', { name: `Lock in ${value}` }).click();
  // Then "Answered — waiting for…", or at once the reveal when this was the last answer awaited.
  await page.getByRole('slider').waitFor({ state: 'detached' });
}
/** No page scrolls sideways on a phone. */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.skipIf(!available)('a party in the browser', () => {
  let world: World;
  const people: Player[] = [];
  /** `axe`: a context that may run axe-core (it bypasses the page's CSP). */
  const person = async (width: number, axe = false) => {
    const made = await newPlayer(world, phone(width, axe));
    people.push(made);
    return made.page;
  };
  beforeAll(async () => {
    world = await startWorld();
  });
  afterAll(async () => {
    await Promise.all(people.map(({ context }) => context.close()));
    await world?.close();
  });

  /** The host makes a party on /party with the form, and gets to its lobby. */
  async function createParty(host: Page, name: string, choices: string[]): Promise<{ partyId: string; code: string }> {
    await host.goto('/');
    await host.getByRole('link', { name: 'Play together' }).click();
    await host.getByRole('textbox', { name: 'Your name' }).fill(name);
    for (const choice of choices) await host.getByRole('radio', { name: new RegExp(choice) }).check();
    await host.getByRole('combobox', { name: 'Rounds' }).selectOption('3');
    await shot(host, `party-page-${name.toLowerCase()}`);
    await host.getByRole('button', { name: 'Start a party' }).click();
    await phaseOf(host, 'lobby').waitFor();
    const partyId = new URL(host.url()).pathname.split('/').at(-1) ?? '';
    const code = (await host.getByTestId('party-code').textContent()) ?? '';
    return { partyId, code };
  }

  it('plays a Spectrum guess party of 3 rounds to the end, one phone reloading mid-round', async () => {
    const host = await person(360);
    const bo = await person(360);
    const cy = await person(390);
    const { partyId, code } = await createParty(host, 'Ada', ['Spectrum', "Guess each other's answers", '20 seconds']);
    expect(code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{5}$/);
    await host.getByTestId('join-qr').waitFor();
    await shot(host, 'lobby-host');

    let screen: Page | undefined;
    if (WITH_SCREEN) {
      const context = await world.browser.newContext({ viewport: { width: 1280, height: 720 }, baseURL: world.url });
      people.push({ context, page: await context.newPage(), problems: [] });
      screen = people.at(-1)?.page;
      await screen?.goto(`/party/${partyId}/screen`);
    }

    // Bo types the code as people do; Cy follows the QR's link, which needs no code.
    await bo.goto('/party');
    await bo.getByRole('textbox', { name: 'Your name' }).fill('Bo');
    await bo
      .getByRole('textbox', { name: 'Party code' })
      .fill(`${code.slice(0, 2).toLowerCase()} ${code.slice(2).toLowerCase()}`);
    await bo.getByRole('button', { name: 'Join' }).click();
    await phaseOf(bo, 'lobby').waitFor();
    await cy.goto(`/party/${partyId}`);
    await phaseOf(cy, 'join').waitFor();
    await shot(cy, 'join-by-link');
    await cy.getByRole('textbox', { name: 'Your name' }).fill('Cy');
    await cy.getByRole('button', { name: 'Join' }).click();
    await phaseOf(cy, 'lobby').waitFor();
    await host.getByText('3 players are in').waitFor();
    await shot(bo, 'lobby-guest');
    await screenIn(screen, 'lobby');

    await host.getByRole('button', { name: 'Start' }).click();
    const phones = [host, bo, cy];
    await Promise.all([inPhase(phones, 'intro'), screenIn(screen, 'intro')]);
    await shot(bo, 'intro');

    // Round 1, about Ada (the first to join): the subject answers for herself, the others guess.
    await Promise.all([inPhase(phones, 'answering', 1), screenIn(screen, 'answering')]);
    await host.getByText('Everyone is guessing your answer').waitFor();
    await shot(host, 'answering-subject');
    await shot(bo, 'answering');
    await slide(host, 70);
    await slide(bo, 60);
    await bo.getByText('Answered — waiting for 1 more').waitFor();
    await shot(bo, 'answered-waiting');
    await slide(cy, 72);
    // Everyone connected answered: the reveal comes at once.
    await Promise.all([inPhase(phones, 'reveal'), screenIn(screen, 'reveal')]);
    await cy.getByText('Closest — 2 away · +9.6').waitFor();
    await bo.getByText('2nd closest — 10 away · +8.1').waitFor();
    await shot(bo, 'reveal');
    await host.getByRole('button', { name: 'Next' }).click();
    await Promise.all([inPhase(phones, 'standings'), screenIn(screen, 'standings')]);
    await shot(bo, 'standings');
    await host.getByRole('button', { name: 'Next' }).click();

    // Round 2, about Bo: Cy reloads mid-round and carries on in her seat.
    await Promise.all([inPhase(phones, 'answering', 2), screenIn(screen, 'answering')]);
    await bo.getByText('Everyone is guessing your answer').waitFor();
    await slide(bo, 20);
    await cy.reload();
    await inPhase([cy], 'answering', 2);
    await cy.getByText(/What would Bo say\?/).waitFor();
    await host.getByRole('button', { name: 'Pause' }).click();
    await Promise.all([inPhase(phones, 'paused'), screenIn(screen, 'paused')]);
    await shot(bo, 'paused');
    await shot(host, 'paused-host');
    await host.getByRole('button', { name: 'Resume' }).click();
    await inPhase(phones, 'answering', 2);
    await slide(cy, 25);
    await slide(host, 50);
    await Promise.all([inPhase(phones, 'reveal'), screenIn(screen, 'reveal')]);
    await shot(bo, 'reveal-subject');
    await host.getByRole('button', { name: 'Next' }).click();
    await inPhase(phones, 'standings');
    await host.getByRole('button', { name: 'Next' }).click();

    // Round 3, about Cy; the host reveals before Bo answers.
    await inPhase(phones, 'answering', 3);
    await slide(cy, 90);
    await slide(host, 85);
    await host.getByRole('button', { name: 'Reveal now' }).click();
    await inPhase(phones, 'reveal');
    await bo.getByText("You didn't answer this round.").waitFor();
    await host.getByRole('button', { name: 'Next' }).click();
    await inPhase(phones, 'standings');
    await host.getByRole('button', { name: 'Next' }).click();

    await Promise.all([inPhase(phones, 'finished'), screenIn(screen, 'finished')]);
    await host.getByRole('list', { name: 'Podium' }).waitFor();
    await shot(host, 'finished');
    expect(await cy.getByRole('link', { name: 'See the results' }).getAttribute('href')).toBe(
      `/party/${partyId}/results`,
    );
    for (const page of phones) expect(await sideways(page)).toBe(0);
    for (const { problems } of people) expect(problems).toEqual([]);
  });

  it('plays a short alike Classic party', async () => {
    const host = await person(360);
    const bo = await person(390, true);
    const { partyId } = await createParty(host, 'Ana', ['Classic', "See who's alike", 'No clock']);
    await bo.goto(`/party/${partyId}`);
    await bo.getByRole('textbox', { name: 'Your name' }).fill('Bo');
    await bo.getByRole('button', { name: 'Join' }).click();
    await phaseOf(bo, 'lobby').waitFor();
    expect(await axeViolations(bo)).toEqual([]);
    await host.getByRole('button', { name: 'Start' }).click();
    for (let round = 1; round <= 3; round++) {
      await inPhase([host, bo], 'answering', round);
      // The same word on both phones (the words come in the question's order on every phone).
      if (round === 1) {
        await bo.getByRole('button', { name: /./ }).first().waitFor();
        expect(await axeViolations(bo)).toEqual([]);
      }
      const first = host.locator('.party-answer .option').first();
      const word = (await first.textContent()) ?? '';
      await first.click();
      await bo.getByRole('button', { name: word, exact: true }).click();
      await inPhase([host, bo], 'reveal');
      await bo.getByText(/Most alike this round:/).waitFor();
      if (round === 1) {
        await shot(bo, 'reveal-alike-classic');
        expect(await axeViolations(bo)).toEqual([]);
      }
      await host.getByRole('button', { name: 'Next' }).click();
      await inPhase([host, bo], 'standings');
      await host.getByRole('button', { name: 'Next' }).click();
    }
    await inPhase([host, bo], 'finished');
    await bo.getByText(/Your closest match: Ana/).waitFor();
    await shot(bo, 'finished-alike');
    expect(await axeViolations(bo)).toEqual([]);
    // "Play again": both phones follow to the new party's lobby, in their seats.
    await host.getByRole('button', { name: 'Play again' }).click();
    await Promise.all(
      [host, bo].map((page) =>
        page.waitForURL((url) => url.pathname.startsWith('/party/') && !url.pathname.endsWith(partyId)),
      ),
    );
    await inPhase([host, bo], 'lobby');
    await host.getByText('2 players are in').waitFor();
  });
});
