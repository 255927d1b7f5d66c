import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_PATH, HEADLESS_CHROMIUM_ARGS } from './chromium.js';
import { call, phonePage, startServer } from './shots-server.js';

const [checkout, outDir, label = 'shot'] = process.argv.slice(2);
if (!checkout || !outDir) throw new Error('Usage: npx tsx scripts/words-shots.ts <checkout> <out-dir> [label]');
/** Each language with the creator's name its examples use. */
const LANGUAGES = [
  ['en', 'Ada'],
  ['es', 'Sofía'],
  ['pt-BR', 'Ada'],
  ['de', 'Jörg'],
] as const;
const FRIENDS = ['Dieter', 'Bo', 'Maria Eduarda'];

/** A Spectrum game of `creatorName` in `lang` that three friends played, the first of them making one back. */
async function game(url: string, creatorName: string, lang: string) {
  const { questions } = await (await fetch(`${url}/prod/get-questions?gametype=spectrum&lang=${lang}`)).json();
  const creatorId = randomUUID();
  const answers = questions.map((_: unknown, i: number) => (i * 23) % 101);
  const questionSet = questions.map((q: { questionID: number }) => q.questionID);
  const { gameId } = await call(url, 'create-game', {
    userId: creatorId,
    userName: creatorName,
    questionSet,
    answerSet: answers,
    gameType: 'Spectrum',
    lang,
  });
  const friendIds: string[] = [];
  for (const [f, name] of FRIENDS.entries()) {
    const playerId = randomUUID();
    friendIds.push(playerId);
    const responseSet = answers.map((a: number, i: number) => Math.min(100, Math.max(0, a + ((i + f) % 3) * 20 - 15)));
    await call(url, 'log-response', { gameId, playerId, userName: name, responseSet });
  }
  await call(url, 'create-game', {
    userId: friendIds[0],
    userName: FRIENDS[0],
    questionSet,
    answerSet: answers,
    gameType: 'Spectrum',
    lang,
    replyTo: { gameId, playerId: friendIds[0] },
  });
  return { gameId, creatorId, friendIds };
}

mkdirSync(outDir, { recursive: true });
const server = await startServer(resolve(checkout));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: HEADLESS_CHROMIUM_ARGS });
try {
  const phone = (locale: string, userId?: string) => phonePage(browser, locale, userId);
  const settle = (page: Page) => page.waitForTimeout(1500);
  const shoot = (page: Page, name: string) =>
    page.screenshot({ path: join(outDir, `${label}-${name}-360.png`), animations: 'disabled', fullPage: true });

  for (const [language, creatorName] of LANGUAGES) {
    const played = await game(server.url, creatorName, language);

    for (const edition of ['spectrum', 'classic']) {
      const landing = await phone(language);
      await landing.goto(`${server.url}/${edition}`);
      await settle(landing);
      await landing.click('.own-questions__add');
      await settle(landing);
      await shoot(landing, `landing-${edition}-${language}`);
      await landing.context().close();
    }

    const joiner = await phone(language);
    await joiner.goto(`${server.url}/join/${played.gameId}`);
    await settle(joiner);
    await shoot(joiner, `join-${language}`);
    await joiner.context().close();

    const creator = await phone(language, played.creatorId);
    await creator.goto(`${server.url}/endscreen/${played.gameId}`);
    await settle(creator);
    await shoot(creator, `endscreen-${language}`);
    await creator.context().close();

    const friend = await phone(language, played.friendIds[1]);
    await friend.goto(`${server.url}/result/${played.gameId}`);
    await settle(friend);
    await friend.waitForTimeout(2000);
    await shoot(friend, `result-${language}`);
    await friend.click('.report-game__open');
    await friend.locator('.report-game__reason input').first().check();
    await friend.locator('.report-game__dialog button[type="submit"]').click();
    await friend.getByRole('status').first().waitFor();
    await friend.locator('.report-game__dialog').screenshot({
      path: join(outDir, `${label}-report-thanks-${language}-360.png`),
      animations: 'disabled',
    });
    await friend.context().close();
  }
  console.log(`${label}: pictures in ${outDir}`);
} finally {
  await browser.close();
  server.stop();
}
