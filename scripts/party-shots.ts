/**
 * Screenshots of a party's shared screen at every phase, at 1920×1080 and 1280×720, and of its
 * results page on a 360 px phone: two parties played through the API against a built checkout
 * (`npm run build` first) — a Spectrum guess party in English, a Classic alike party in the host's
 * German (the shared screen speaks the host's language) — and each party's story card.
 *
 *   npx tsx scripts/party-shots.ts <checkout> <out-dir>
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM_PATH, HEADLESS_CHROMIUM_ARGS } from './chromium.js';
import { call, phonePage, startServer } from './shots-server.js';

const [checkout, outDir = '/tmp/party-shots'] = process.argv.slice(2);
if (!checkout) throw new Error('Usage: npx tsx scripts/party-shots.ts <checkout> [out-dir]');

const SCREENS = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
  // Not what it is made for, but it must not break on a phone either.
  { width: 390, height: 844 },
] as const;
const GUESTS = ['Bo', 'Maria Eduarda', 'Cy'];

interface Seat {
  userId: string;
  name: string;
}

/** A TV (or a laptop) as the room sees it: dark, no reduced motion asked. */
async function tvPage(browser: Browser, size: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport: size, deviceScaleFactor: 1, colorScheme: 'dark', locale: 'en' });
  return context.newPage();
}

async function party(url: string, settings: object) {
  const host: Seat = { userId: randomUUID(), name: 'Ada' };
  const made = await call(url, 'create-party', { userId: host.userId, userName: host.name, ...settings });
  const partyId: string = made.partyId;
  const seats = [host];
  const join = async (name: string) => {
    const seat = { userId: randomUUID(), name };
    await call(url, 'join-party', { partyId, userId: seat.userId, userName: name });
    seats.push(seat);
  };
  const command = (name: string) => call(url, 'party-command', { partyId, userId: host.userId, command: name });
  const answer = (seat: Seat, round: number, value: number) =>
    call(url, 'party-answer', { partyId, userId: seat.userId, round, answer: value });
  return { partyId, code: made.code as string, seats, join, command, answer };
}

mkdirSync(outDir, { recursive: true });
const server = await startServer(resolve(checkout));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: HEADLESS_CHROMIUM_ARGS });
try {
  const screens = await Promise.all(SCREENS.map((size) => tvPage(browser, size)));
  /** Waits until every screen shows `phase`, lets it settle, and pictures each. */
  const shoot = async (phase: string, name: string) => {
    for (const [i, page] of screens.entries()) {
      await page.locator(`main[data-party-phase="${phase}"]`).waitFor({ timeout: 30_000 });
      await page.waitForTimeout(i === 0 ? 700 : 100);
      const { width, height } = SCREENS[i];
      await page.screenshot({ path: join(outDir, `${name}-${width}x${height}.png`), animations: 'disabled' });
    }
  };
  /** The party's story card as the server draws it. */
  const card = async (partyId: string, name: string, lang: string) => {
    const response = await fetch(`${server.url}/og/party/${partyId}.png?lang=${lang}`);
    if (!response.ok) throw new Error(`party card: ${response.status}`);
    writeFileSync(join(outDir, `${name}.png`), Buffer.from(await response.arrayBuffer()));
  };
  const results = async (partyId: string, name: string, locale: string) => {
    const phone = await phonePage(browser, locale);
    await phone.goto(`${server.url}/party/${partyId}/results`);
    await phone.locator('.party-results h1').first().waitFor();
    await phone.waitForTimeout(1000);
    await phone.screenshot({ path: join(outDir, `${name}-360.png`), animations: 'disabled', fullPage: true });
    await phone.context().close();
  };

  // /tv, a code typed wrongly.
  const tv = screens[1];
  await tv.goto(`${server.url}/tv`);
  await tv.locator('input').fill('bcd fx');
  await tv.getByRole('button').last().click();
  await tv.getByRole('alert').filter({ hasText: /./ }).waitFor();
  await tv.screenshot({ path: join(outDir, 'tv-not-found-1280x720.png'), animations: 'disabled' });

  // 1. A Spectrum guess party of two rounds, in English.
  const guess = await party(server.url, { gameType: 'Spectrum', format: 'guess', rounds: 2, lang: 'en' });
  await guess.join(GUESTS[0]);
  // The 1280×720 screen comes in by its code, as a TV does; the others by the address.
  await tv.locator('input').fill(guess.code.toLowerCase().split('').join(' '));
  await tv.getByRole('button').last().click();
  for (const page of screens) if (page !== tv) await page.goto(`${server.url}/party/${guess.partyId}/screen`);
  for (const name of GUESTS.slice(1)) await guess.join(name);
  await shoot('lobby', 'guess-1-lobby');
  await guess.command('start');
  await shoot('intro', 'guess-2-intro');
  const spectrum = [
    [72, 64, 80, 15],
    [30, 35, 28, 90],
  ];
  for (const round of [0, 1]) {
    await screens[0].locator('main[data-party-phase="answering"]').waitFor({ timeout: 30_000 });
    // The subject (round 0: Ada, round 1: Bo) and one guesser answer; the screen shows who, never what.
    await guess.answer(guess.seats[round], round, spectrum[round][round]);
    await guess.answer(guess.seats[2], round, spectrum[round][2]);
    // Di comes in mid-round: listed (dashed), not counted, she plays from the next round.
    if (round === 0) await guess.join('Di');
    await shoot('answering', `guess-${3 + round * 3}-answering-round${round + 1}`);
    for (const i of [0, 1, 3]) if (i !== round) await guess.answer(guess.seats[i], round, spectrum[round][i]);
    // Nobody's phone is connected here: the host skips the wait.
    await guess.command('next');
    await shoot('reveal', `guess-${4 + round * 3}-reveal-spectrum-round${round + 1}`);
    await guess.command('next');
    await shoot('standings', `guess-${5 + round * 3}-standings-round${round + 1}`);
    if (round === 0) {
      await guess.command('pause');
      await shoot('paused', 'guess-6-paused');
      await guess.command('resume');
    }
    await guess.command('next');
  }
  await shoot('finished', 'guess-9-finished');
  await results(guess.partyId, 'guess-results-en', 'en');
  await results(guess.partyId, 'guess-results-pt-BR', 'pt-BR');
  await card(guess.partyId, 'guess-story-card-en', 'en');

  // 2. A Classic alike party of one round, in German: every screen follows the host's language.
  const alike = await party(server.url, { gameType: 'Classic', format: 'alike', rounds: 1, lang: 'de' });
  for (const name of ['Jörg', 'Bo', 'Maria Eduarda']) await alike.join(name);
  for (const page of screens) await page.goto(`${server.url}/party/${alike.partyId}/screen`);
  await shoot('lobby', 'alike-1-lobby-de');
  await alike.command('start');
  await screens[0].locator('main[data-party-phase="answering"]').waitFor({ timeout: 30_000 });
  await shoot('answering', 'alike-2-answering-de');
  for (const [i, seat] of alike.seats.entries()) await alike.answer(seat, 0, [1, 1, 2, 1][i]);
  await alike.command('next');
  await shoot('reveal', 'alike-3-reveal-classic-de');
  await alike.command('next');
  await alike.command('next');
  await shoot('finished', 'alike-4-finished-de');
  await results(alike.partyId, 'alike-results-es', 'es');
  await card(alike.partyId, 'alike-story-card-es', 'es');
  console.log(`Pictures in ${outDir}`);
} finally {
  await browser.close();
  server.stop();
}
