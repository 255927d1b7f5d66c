/**
 * Everyone can play: the screens in the browser's language (and switched on any screen), a German
 * creator and a Spanish friend in one game, and "Take my time" played to the end without a clock.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  browserTestsAvailable,
  heading,
  newPlayer,
  type Player,
  screenshot,
  useWorld,
  type World,
  waitForPath,
} from './support.js';

const available = browserTestsAvailable();
const ROUNDS = 3;

const gameIdOf = (page: Page) => new URL(page.url()).pathname.split('/').pop() as string;
const roundHeading = (page: Page, round: number) =>
  heading(page).filter({ hasText: new RegExp(`\\b${round}\\b.*\\b${ROUNDS}\\b`) });
const questionText = (page: Page) => page.locator('.round__question').textContent();

/** The game's questions as the API gives them in `lang`. */
async function questionsIn(world: World, gameId: string, lang: string): Promise<string[]> {
  const response = await fetch(`${world.url}/prod/join-game`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ gameId, lang }),
  });
  return ((await response.json()) as { questions: { question: string }[] }).questions.map((q) => q.question);
}

/** Plays every Spectrum round by moving the slider with the keyboard and pressing Enter; returns each round's question. */
async function playRounds(page: Page): Promise<string[]> {
  const shown: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    await roundHeading(page, round).waitFor();
    shown.push((await questionText(page)) ?? '');
    const slider = page.getByRole('slider');
    await slider.focus();
    await slider.press('ArrowRight');
    await slider.press('Enter');
  }
  return shown;
}

describe.skipIf(!available)('languages in a real browser', () => {
  const world = useWorld({ QUESTIONS_PER_GAME: String(ROUNDS) });
  const players: Player[] = [];
  const player = async (options: Parameters<typeof newPlayer>[1]) => {
    const made = await newPlayer(world, options);
    players.push(made);
    return made;
  };

  afterAll(async () => {
    await Promise.all(players.map(({ context }) => context.close()));
  });

  it('follows the browser, switches on any screen, remembers the choice, and <html lang> follows', async () => {
    const { page, problems } = await player({ context: { locale: 'pt-BR' } });
    await page.goto('/');
    await page.getByRole('button', { name: 'Jogar' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('pt-BR');

    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('de');
    await page.getByRole('button', { name: 'Spielen' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    expect(await page.getByRole('checkbox', { name: 'Ohne Zeitdruck' }).count()).toBe(1);

    // Remembered over the browser's own language, on another screen too.
    // (An unknown game's scoreboard says the game no longer exists: the contract's journey.)
    await page.goto('/scoreboard/nosuchgame1');
    await page.getByRole('heading', { name: 'Dieses Spiel gibt es nicht mehr.' }).waitFor();
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('es');
    await page.getByRole('heading', { name: 'Este juego ya no existe.' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    await page.reload();
    await page.getByRole('heading', { name: 'Este juego ya no existe.' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('plays a whole game with "Take my time": no clock, rounds wait past their 10 s, Next moves on', async () => {
    const { page, problems } = await player({ context: { locale: 'en-US' } });
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('checkbox', { name: 'Take my time' }).check();
    await page.getByPlaceholder('What name do you go by?').fill('Slow Sam');
    await page.getByRole('button', { name: 'Play' }).click();
    await waitForPath(page, /^\/spectrum\/game\/new-game$/);
    for (let round = 1; round <= ROUNDS; round++) {
      await roundHeading(page, round).waitFor();
      expect(await page.locator('.timer-ring').count()).toBe(0);
      // Well past a timed round's 10 s: an untimed round is still there, nothing locked in.
      await page.clock.fastForward(15_000);
      expect(await roundHeading(page, round).count()).toBe(1);
      expect(await page.getByText('Locked in').count()).toBe(0);
      await page.getByRole('button', { name: 'Next' }).click();
    }
    await waitForPath(page, /^\/endscreen\/[^/]+$/);
    // Still chosen for the next game: remembered in this browser.
    await page.goto('/');
    expect(await page.getByRole('checkbox', { name: 'Take my time' }).isChecked()).toBe(true);
    expect(problems).toEqual([]);
  });

  it('lets a German creator and a Spanish friend play one game, each in their language, and compare', async () => {
    const creator = await player({ context: { locale: 'de-DE' } });
    await creator.page.goto('/');
    await creator.page.getByPlaceholder('Wie nennt man dich?').fill('Greta');
    await creator.page.getByRole('button', { name: 'Spielen' }).click();
    await waitForPath(creator.page, /^\/spectrum\/game\/new-game$/);
    const creatorSaw = await playRounds(creator.page);
    await waitForPath(creator.page, /^\/endscreen\/[^/]+$/);
    const gameId = gameIdOf(creator.page);
    await creator.page.getByRole('heading', { name: 'Danke, dass du Wavelength gespielt hast!' }).waitFor();

    const [german, spanish, english] = await Promise.all(
      ['de', 'es', 'en'].map((lang) => questionsIn(world, gameId, lang)),
    );
    expect(creatorSaw).toEqual(german);
    expect(german).not.toEqual(english);

    const friend = await player({ context: { locale: 'es-ES', reducedMotion: 'reduce' } });
    await friend.page.goto(`/join/${gameId}`);
    await friend.page.getByRole('heading', { name: 'Te uniste al juego de Greta' }).waitFor();
    await friend.page.getByPlaceholder('¿Cómo te llaman?').fill('Lucía');
    await friend.page.getByRole('button', { name: 'Jugar' }).click();
    const friendSaw = await playRounds(friend.page);
    expect(friendSaw).toEqual(spanish);
    expect(spanish).not.toEqual(german);

    await waitForPath(friend.page, new RegExp(`^/result/${gameId}$`));
    await friend.page.getByRole('heading', { name: 'Pregunta a pregunta' }).waitFor();
    // The rounds compared: the friend's questions in Spanish, both answers side by side.
    const compared = await friend.page.locator('.reveal-round__question').allTextContents();
    expect(compared).toEqual(spanish);
    // Both answered the same way on every round (one step right of the middle): all in tune.
    expect(await friend.page.locator('.verdict--in-tune').count()).toBe(ROUNDS);

    // The creator sees the friend's answers beside theirs, questions in German.
    await creator.page.goto(`/scoreboard/${gameId}`);
    await creator.page.getByRole('link', { name: 'Lucía' }).click();
    await creator.page.getByRole('heading', { name: 'Die Antworten von Lucía und deine' }).waitFor();
    expect(await creator.page.locator('.reveal-round__question').allTextContents()).toEqual(german);

    // The result screen in every language and both themes, at 390 px.
    const friendId = await friend.page.evaluate(() => localStorage.getItem('wavelength.userId'));
    for (const locale of ['en', 'es', 'pt-BR', 'de']) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const reader = await player({
          userId: friendId ?? undefined,
          context: { locale, colorScheme, reducedMotion: 'reduce' },
        });
        await reader.page.goto(`/result/${gameId}`);
        await reader.page.locator('.caption__title').waitFor();
        await reader.page.locator('.reveal-round').first().waitFor();
        expect(await reader.page.getAttribute('html', 'lang')).toBe(locale);
        await screenshot(reader.page, `languages-result-${locale}-${colorScheme}`, { fullPage: true });
        expect(reader.problems).toEqual([]);
        await reader.context.close();
      }
    }
    expect([...creator.problems, ...friend.problems]).toEqual([]);
  });
});
