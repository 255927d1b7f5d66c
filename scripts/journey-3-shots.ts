import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_PATH, HEADLESS_CHROMIUM_ARGS } from './chromium.js';
import { call, phonePage, startServer } from './shots-server.js';

const [checkout, outDir, label = 'shot'] = process.argv.slice(2);
if (!checkout || !outDir) throw new Error('Usage: npx tsx scripts/journey-3-shots.ts <checkout> <out-dir> [label]');
const LANGUAGES = ['en', 'es', 'pt-BR', 'de'];
const ADMIN_TOKEN = 'journey-3-admin-token-0123456789';

/** A game by Ada 🌻 that two friends played: Bo 🎸 (close to Ada) and Cy (apart from Bo). */
async function game(url: string, edition: 'classic' | 'spectrum', mode: 'alike' | 'guess' = 'alike') {
  const { questions } = await (await fetch(`${url}/prod/get-questions?gametype=${edition}`)).json();
  const creatorId = randomUUID();
  const answers = questions.map((_: unknown, i: number) => (edition === 'spectrum' ? 68 : 1 + (i % 2)));
  const { gameId } = await call(url, 'create-game', {
    userId: creatorId,
    userName: 'Ada 🌻',
    questionSet: questions.map((q: { questionID: number }) => q.questionID),
    answerSet: answers,
    ...(edition === 'spectrum' ? { gameType: 'Spectrum' } : {}),
    ...(mode === 'guess' ? { mode } : {}),
  });
  const friends: { id: string; name: string; answers: number[]; playerID?: string }[] = [
    { id: randomUUID(), name: 'Bo 🎸', answers: answers.map((a: number, i: number) => (i === 0 ? 3 - a : a)) },
    { id: randomUUID(), name: 'Cy', answers: answers.map((a: number) => (edition === 'spectrum' ? 0 : 3 - a)) },
  ];
  if (mode === 'alike') {
    for (const friend of friends) {
      const logged = await call(url, 'log-response', {
        gameId,
        playerId: friend.id,
        userName: friend.name,
        responseSet: friend.answers,
      });
      friend.playerID = logged.playerID;
    }
  }
  return { gameId, creatorId, friends };
}

const phone = phonePage;

const settle = (page: Page) => page.waitForTimeout(1500);
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: join(outDir, `${label}-${name}-360.png`), animations: 'disabled', fullPage });

mkdirSync(outDir, { recursive: true });
const server = await startServer(resolve(checkout), { QUESTIONS_PER_GAME: '3', ADMIN_TOKEN });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: HEADLESS_CHROMIUM_ARGS });
try {
  const played = await game(server.url, 'classic');
  const bo = played.friends[0];

  for (const language of LANGUAGES) {
    // A friend's result: the line that leads down to the circle (Bo and Cy are apart).
    const friend = await phone(browser, language, bo.id);
    await friend.addInitScript(
      ([gameId, playerID]) => localStorage.setItem('wavelength.playerIDs', JSON.stringify([[gameId, playerID]])),
      [played.gameId, bo.playerID ?? ''],
    );
    await friend.addInitScript(() => {
      // A browser whose share sheet takes no files: "Share my result" offers the picture instead.
      Object.defineProperty(navigator, 'canShare', { value: undefined });
      Object.defineProperty(navigator, 'share', { value: undefined });
    });
    await friend.goto(`${server.url}/result/${played.gameId}`);
    await settle(friend);
    await shot(friend, `result-${language}`);
    await friend.locator('.share-result button').first().click();
    await friend.locator('[data-testid="share-offer"]').waitFor();
    await friend.locator('[data-testid="share-offer"]').scrollIntoViewIfNeeded();
    await settle(friend);
    await shot(friend, `result-share-offer-${language}`);
    // "Make your own — Ada will see it": the start page it opens.
    await friend.locator('.make-your-own').click();
    await settle(friend);
    await shot(friend, `make-your-own-landing-${language}`);
    await friend.context().close();
  }

  // The creator: the end screen (the web of two friends; notifications this browser refuses), the scoreboard.
  for (const language of ['en', 'de']) {
    const creator = await phone(browser, language, played.creatorId);
    await creator.context().grantPermissions(['notifications'], { origin: server.url });
    await creator.goto(`${server.url}/endscreen/${played.gameId}`);
    await settle(creator);
    const notify = creator.locator('.notify button');
    if (await notify.count()) {
      await notify.click();
      await creator
        .locator('.notify__problem')
        .waitFor({ timeout: 15_000 })
        .catch(() => {});
    }
    await shot(creator, `endscreen-${language}`, true);
    await creator.goto(`${server.url}/scoreboard/${played.gameId}`);
    await settle(creator);
    await shot(creator, `scoreboard-creator-${language}`, true);
    await creator.context().close();
  }

  // A Spectrum guess 18 off: Ada put 68, the friend guesses 50 (the slider's start), locked with Enter.
  const guess = await game(server.url, 'spectrum', 'guess');
  for (const language of ['en', 'es']) {
    const guesser = await phone(browser, language);
    await guesser.goto(`${server.url}/join/${guess.gameId}`);
    await guesser.locator('form button[type="submit"], .join button.button--primary').first().click();
    const slider = guesser.locator('.spectrum__slider');
    await slider.waitFor();
    await slider.focus();
    await guesser.keyboard.press('Enter');
    await guesser.locator('.guess-feedback').waitFor();
    await shot(guesser, `guess-feedback-18-off-${language}`);
    await guesser.context().close();
  }

  // A round answered offline: the rounds wait, and the game says so.
  const classic = await game(server.url, 'classic');
  for (const language of ['en', 'pt-BR']) {
    const offline = await phone(browser, language);
    await offline.goto(`${server.url}/join/${classic.gameId}`);
    await offline.locator('form button[type="submit"], .join button.button--primary').first().click();
    await offline.locator('.option').first().waitFor();
    await offline.context().setOffline(true);
    await offline.locator('.option').first().click();
    await offline.waitForTimeout(2500);
    await shot(offline, `game-offline-${language}`);
    await offline.context().close();
  }

  // The admin's page of the game.
  const admin = await phone(browser, 'en');
  await admin.goto(`${server.url}/admin`);
  await admin.locator('input[type="password"], input[name="token"]').first().fill(ADMIN_TOKEN);
  await admin.locator('main button[type="submit"]').first().click();
  await admin.goto(`${server.url}/admin/games/${played.gameId}`);
  await settle(admin);
  const width = await admin.evaluate(() => document.documentElement.scrollWidth);
  console.log(`${label}: /admin/games/{id} is ${width} px wide at 360 px`);
  await shot(admin, 'admin-game', true);
  await admin.context().close();

  // The top-three story card: two friends, emoji in the names.
  for (const language of ['en', 'pt-BR']) {
    const card = await fetch(`${server.url}/og/top/${played.gameId}.png?lang=${language}`);
    writeFileSync(join(outDir, `${label}-story-top-${language}.png`), Buffer.from(await card.arrayBuffer()));
  }
  console.log(`${label}: pictures in ${outDir}`);
} finally {
  await browser.close();
  server.stop();
}
