import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, HEADLESS_CHROMIUM_ARGS } from './chromium.js';
import { call, phonePage, startServer } from './shots-server.js';

const [checkout, outDir, label = 'shot'] = process.argv.slice(2);
if (!checkout || !outDir) throw new Error('Usage: npx tsx scripts/journey-shots.ts <checkout> <out-dir> [label]');
const LANGUAGES = ['en', 'es', 'pt-BR', 'de'];
const LONG_NAME = 'Maximilianalexandrakatharinasophiaberger';
const FRIENDS = ['Maria Eduarda', 'Anna-Lena Schmidt', 'Jürgen', 'Luiz Fernando'];

async function game(url: string, creatorName: string) {
  const { questions } = await (await fetch(`${url}/prod/get-questions?gametype=classic`)).json();
  const creatorId = randomUUID();
  const answers = questions.map((_: unknown, i: number) => 1 + (i % 2));
  const { gameId } = await call(url, 'create-game', {
    userId: creatorId,
    userName: creatorName,
    questionSet: questions.map((q: { questionID: number }) => q.questionID),
    answerSet: answers,
  });
  const friendIds: string[] = [];
  for (const [f, name] of FRIENDS.entries()) {
    const playerId = randomUUID();
    friendIds.push(playerId);
    const responseSet = answers.map((a: number, i: number) => ((i + f) % 4 === 0 ? 3 - a : a));
    await call(url, 'log-response', { gameId, playerId, userName: name, responseSet });
  }
  return { gameId, creatorId, friendIds };
}

mkdirSync(outDir, { recursive: true });
const server = await startServer(resolve(checkout));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: HEADLESS_CHROMIUM_ARGS });
try {
  const played = await game(server.url, 'Ada');
  const long = await game(server.url, LONG_NAME);
  const phone = (locale: string, userId?: string) => phonePage(browser, locale, userId);
  const settle = (page: Awaited<ReturnType<typeof phone>>) => page.waitForTimeout(1500);

  const creator = await phone('en', played.creatorId);
  await creator.goto(`${server.url}/endscreen/${played.gameId}`);
  await settle(creator);
  await creator.screenshot({
    path: join(outDir, `${label}-scoreboard-360.png`),
    animations: 'disabled',
    fullPage: true,
  });

  const joiner = await phone('en');
  await joiner.goto(`${server.url}/join/${long.gameId}`);
  await settle(joiner);
  const width = await joiner.evaluate(() => document.documentElement.scrollWidth);
  await joiner.screenshot({ path: join(outDir, `${label}-join-40-char-name-360.png`), animations: 'disabled' });
  console.log(`${label}: join page with a 40-character name is ${width} px wide at 360 px`);

  for (const language of LANGUAGES) {
    const friend = await phone(language, played.friendIds[0]);
    await friend.goto(`${server.url}/result/${played.gameId}`);
    await settle(friend);
    await friend.screenshot({ path: join(outDir, `${label}-result-${language}-360.png`), animations: 'disabled' });
  }
  console.log(`${label}: pictures in ${outDir}`);
} finally {
  await browser.close();
  server.stop();
}
