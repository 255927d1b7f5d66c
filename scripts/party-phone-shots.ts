/**
 * Pictures of a party on three 360 px phones, each in its own language (issue 45): the host in
 * Spanish, Bo in German, Cy in Brazilian Portuguese, through every phase of a Spectrum guess party,
 * plus `/party` and the landing's "Play together" in each. The people act through the API, as
 * their phones would; the pictures are of the pages. Needs a build (npm run build).
 *   npx tsx scripts/party-phone-shots.ts <checkout> <out-dir>
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_PATH, HEADLESS_CHROMIUM_ARGS } from './chromium.js';
import { call, phonePage, startServer } from './shots-server.js';

const [checkout, outDir] = process.argv.slice(2);
if (!checkout || !outDir) throw new Error('Usage: npx tsx scripts/party-phone-shots.ts <checkout> <out-dir>');

interface Person {
  name: string;
  lang: string;
  userId: string;
  page?: Page;
}
const people: Person[] = [
  { name: 'Ana', lang: 'es', userId: randomUUID() },
  { name: 'Bo', lang: 'de', userId: randomUUID() },
  { name: 'Cy', lang: 'pt-BR', userId: randomUUID() },
];
const [ana, bo, cy] = people;

const shot = (person: Person, name: string) =>
  person.page?.screenshot({
    path: join(outDir, `phone-${name}-${person.lang}.png`),
    animations: 'disabled',
    fullPage: true,
  });
/** Every phone in `phase`. */
const inPhase = (phase: string) =>
  Promise.all(
    people.map((person) => person.page?.locator(`main[data-party-phase="${phase}"]`).waitFor({ timeout: 30_000 })),
  );

mkdirSync(outDir, { recursive: true });
const server = await startServer(resolve(checkout));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: HEADLESS_CHROMIUM_ARGS });
try {
  for (const person of people) {
    person.page = await phonePage(browser, person.lang, person.userId);
    await person.page.goto(`${server.url}/`);
    await person.page.locator('.landing__party').waitFor();
    await shot(person, 'landing');
    await person.page.goto(`${server.url}/party`);
    await person.page.locator('.party-join').waitFor();
    await shot(person, 'party-page');
  }
  const { partyId } = await call(server.url, 'create-party', {
    userId: ana.userId,
    userName: ana.name,
    gameType: 'Spectrum',
    format: 'guess',
    // A minute per round: the pictures take their time on a busy machine.
    timing: 'extra',
    rounds: 3,
    lang: ana.lang,
  });
  for (const person of [bo, cy]) {
    await call(server.url, 'join-party', { partyId, userId: person.userId, userName: person.name, lang: person.lang });
  }
  for (const person of people) await person.page?.goto(`${server.url}/party/${partyId}`);
  await inPhase('lobby');
  await shot(ana, 'lobby-host');
  await shot(bo, 'lobby');
  const command = (name: string) => call(server.url, 'party-command', { partyId, userId: ana.userId, command: name });
  const answer = (person: Person, round: number, value: number) =>
    call(server.url, 'party-answer', { partyId, userId: person.userId, round, answer: value });

  await command('start');
  await inPhase('intro');
  await shot(ana, 'intro-subject');
  await shot(cy, 'intro');
  await inPhase('answering');
  await shot(ana, 'answering-subject');
  await shot(bo, 'answering');
  await answer(ana, 0, 70);
  // Bo answers on his phone (the page learns its own answer from its own call).
  await bo.page?.getByRole('slider').fill('60');
  await bo.page?.locator('.party-answer__send').click();
  await bo.page?.getByRole('slider').waitFor({ state: 'detached' });
  await shot(bo, 'answered');
  await command('pause');
  await inPhase('paused');
  await shot(cy, 'paused');
  await shot(ana, 'paused-host');
  await command('resume');
  await inPhase('answering');
  await answer(cy, 0, 72);
  await inPhase('reveal');
  for (const person of people) await shot(person, 'reveal');
  await command('next');
  await inPhase('standings');
  for (const person of people) await shot(person, 'standings');
  for (let round = 1; round < 3; round++) {
    await command('next');
    await inPhase('intro');
    await inPhase('answering');
    for (const [i, person] of people.entries()) await answer(person, round, 20 + 30 * i);
    await inPhase('reveal');
    await command('next');
    await inPhase('standings');
  }
  await command('next');
  await inPhase('finished');
  for (const person of people) await shot(person, 'finished');
} finally {
  await browser.close();
  server.stop();
}
