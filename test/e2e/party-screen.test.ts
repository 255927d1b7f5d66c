/**
 * The party's shared screen in a real browser at a laptop's 1280×720: legible from across the
 * room (the question at least 4 % of the screen's height), no answer before the reveal, every name
 * on the Spectrum track at its answer, and axe-core's WCAG 2 A/AA rules in both themes — the
 * screen's phases and the results page. Driven through the API (the phones are the other test's).
 */
import { describe, expect, it } from 'vitest';
import { answer, command, createParty, join } from '../../server/testing/party.js';
import { axeViolations, browserTestsAvailable, newPlayer, useWorld } from './support.js';

const available = browserTestsAvailable();
// Answers no countdown (20 s at most) and no code can show.
const ANSWERS = { ada: 91, bo: 64, cy: 37 };

describe.skipIf(!available).each(['dark', 'light'] as const)('the shared screen, %s theme', (colorScheme) => {
  const world = useWorld();

  it('reads from across the room, shows no answer early, places every name at its answer and passes axe', async () => {
    const { partyId, host } = await createParty(world.app, { rounds: 1, lang: 'en' });
    const bo = await join(world.app, partyId, 'Bo');
    const cy = await join(world.app, partyId, 'Cy');
    const { page, problems } = await newPlayer(world, {
      context: {
        viewport: { width: 1280, height: 720 },
        deviceScaleFactor: 1,
        isMobile: false,
        hasTouch: false,
        reducedMotion: 'reduce',
        bypassCSP: true,
        colorScheme,
      },
    });
    const phase = (name: string) => page.locator(`main[data-party-phase="${name}"]`).waitFor({ timeout: 15_000 });

    await page.goto(`/party/${partyId}/screen`);
    await phase('lobby');
    await page.getByTestId('party-qr').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await command(world.app, partyId, host, 'start');
    await phase('answering');
    for (const [player, value] of [
      [host, ANSWERS.ada],
      [bo, ANSWERS.bo],
      [cy, ANSWERS.cy],
    ] as const) {
      expect((await answer(world.app, partyId, player, 0, value)).status).toBe(200);
    }
    await page.getByText('3 of 3 answered').waitFor();
    const questionHeight = await page
      .getByTestId('party-question')
      .evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
    expect(questionHeight).toBeGreaterThanOrEqual(0.04 * 720);
    // Each piece of text on its own (a countdown's "19" beside a "19" must not read as "91"), and an
    // answer as a whole number, not a digit run inside another.
    const texts = await page.locator('main').evaluate((main) => {
      const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
      const found: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) found.push(node.textContent ?? '');
      return found;
    });
    const numbers = texts.flatMap((text) => text.match(/\d+/g) ?? []);
    expect(numbers.length).toBeGreaterThan(0);
    for (const value of Object.values(ANSWERS)) expect(numbers).not.toContain(String(value));
    expect(await axeViolations(page)).toEqual([]);

    // Nobody's phone is connected: the host skips the wait.
    await command(world.app, partyId, host, 'next');
    await phase('reveal');
    const line = await page.locator('.party-track__line').boundingBox();
    if (!line) throw new Error('No track');
    for (const [name, value] of [
      ['Bo', ANSWERS.bo],
      ['Cy', ANSWERS.cy],
    ] as const) {
      const pin = page.locator('.party-track__pin', { hasText: name });
      const dot = await pin.locator('.party-track__dot').boundingBox();
      if (!dot) throw new Error(`No dot for ${name}`);
      expect(((dot.x + dot.width / 2 - line.x) / line.width) * 100).toBeCloseTo(value, 0);
      // Each name is drawn whole, on the screen.
      const label = await pin.locator('.party-track__label').boundingBox();
      expect(label && label.x >= 0 && label.x + label.width <= 1280).toBe(true);
    }
    const mark = await page.getByTestId('subject-mark').boundingBox();
    expect(mark && ((mark.x + mark.width / 2 - line.x) / line.width) * 100).toBeCloseTo(ANSWERS.ada, 0);
    expect(await page.getByTestId('reveal-list').textContent()).toContain("Ada's answer: 91 out of 100");
    expect(await axeViolations(page)).toEqual([]);

    await command(world.app, partyId, host, 'next');
    await phase('standings');
    expect(await axeViolations(page)).toEqual([]);
    await command(world.app, partyId, host, 'next');
    await phase('finished');
    await page.getByTestId('party-podium').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/party/${partyId}/results`);
    await page.getByTestId('knows-best').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
