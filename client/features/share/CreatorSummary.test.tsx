import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Player } from '../../../shared/api.js';
import type { GameMode } from '../../../shared/product.js';
import { activateLanguage } from '../../i18n/i18n.js';
import type { Language } from '../../i18n/languages.js';
import EndScreen from '../../screens/EndScreen.js';
import Result from '../../screens/Result.js';
import { saveOwnPlayerId } from '../../state/publicIds.js';
import { userId } from '../../state/user.js';
import { spectrumComparison } from '../../test/comparisons.js';
import { advance, FakeWebSocket, mockFetch, renderAt } from '../../test/helpers.js';
import { withI18n } from '../../test/i18n.js';
import { CreatorSummary } from './CreatorSummary.js';

const GAME_ID = 'gameSummary12';
const LINK = `${window.location.origin}/join/${GAME_ID}`;
const players: Player[] = [
  { playerID: 'p-bo', playerName: 'Bo', score: 9 },
  { playerID: 'p-cy', playerName: 'Cy', score: 6.5 },
  { playerID: 'p-di', playerName: 'Di', score: 2 },
];

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.install();
});
afterEach(() => activateLanguage('en'));

/** The summary's figures as "label: value" lines, and its card's description. */
function summaryShown(mode?: GameMode) {
  render(<CreatorSummary gameId={GAME_ID} players={players} mode={mode} />, { wrapper: withI18n() });
  const summary = screen.getByTestId('creator-summary');
  const figures = [...summary.querySelectorAll('dl > div')].map(
    (row) => `${row.querySelector('dt')?.textContent}: ${row.querySelector('dd')?.textContent}`,
  );
  return { summary, figures, alt: within(summary).getByRole('img').getAttribute('alt') };
}

describe("the creator's summary", () => {
  it('names the best match in an alike game', () => {
    const { summary, figures, alt } = summaryShown('alike');
    expect(figures).toEqual(['Played: 3', 'Average: 5.8/10', 'Best match: Bo 9/10']);
    expect(alt).toBe('Story card of your top three');
    expect(summary.textContent).not.toMatch(/knows/i);
  });

  it('is an alike game’s while the mode is not known yet', () => {
    expect(summaryShown().figures[2]).toBe('Best match: Bo 9/10');
  });

  it('names who knows the creator best in a guess game, with no alike words', () => {
    const { summary, figures, alt } = summaryShown('guess');
    expect(figures).toEqual(['Played: 3', 'Average: 5.8/10', 'Knows you best: Bo 9/10']);
    expect(alt).toBe('Story card of who knows you best');
    expect(summary.textContent).not.toMatch(/match|in tune/i);
  });

  it.each([
    ['es', 'Quien más te conoce', 'Mejor sintonía'],
    ['pt-BR', 'Quem mais te conhece', 'Maior sintonia'],
    ['de', 'Kennt dich am besten', 'Beste Übereinstimmung'],
  ] as [Language, string, string][])('says it in %s too', async (language, guess, alike) => {
    await activateLanguage(language);
    const shown = summaryShown('guess');
    expect(shown.figures[2].startsWith(`${guess}: Bo`)).toBe(true);
    expect(shown.summary.textContent).not.toContain(alike);
  });
});

describe("the creator's end screen", () => {
  /** The end screen of Ada's game in `mode`, with three friends on the board. */
  async function endScreen(mode: GameMode) {
    mockFetch((url) =>
      url.pathname === '/prod/is-creator'
        ? { body: { playerName: 'Ada', isCreator: true, hasPlayed: false, mode } }
        : { status: 500, body: {} },
    );
    renderAt(`/endscreen/${GAME_ID}`, '/endscreen/:gameId', <EndScreen />);
    await advance(0);
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.receive({ type: 'snapshot', players });
    await advance(0);
    const whatsApp = screen.getByRole('link', { name: 'WhatsApp' }).getAttribute('href') ?? '';
    const telegram = new URL(screen.getByRole('link', { name: 'Telegram' }).getAttribute('href') ?? '');
    return {
      summary: screen.getByTestId('creator-summary').textContent ?? '',
      whatsApp: decodeURIComponent(whatsApp.slice('https://wa.me/?text='.length)),
      telegram: telegram.searchParams.get('text'),
    };
  }

  it('invites friends to guess in a guess game: the summary, the board and every share text say so', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const shown = await endScreen('guess');
    expect(shown.summary).toContain('Knows you best');
    expect(screen.getByRole('heading', { name: 'Who knows you best' })).toBeTruthy();
    const invite = 'How well do you know me? Guess my answers in my Wavelength game!';
    expect(shown.whatsApp).toBe(`${invite}\n${LINK}`);
    expect(shown.telegram).toBe(invite);
    fireEvent.click(screen.getByRole('button', { name: 'Copy the text' }));
    await advance(0);
    expect(writeText).toHaveBeenCalledWith(`${invite}\n${LINK}`);
    expect(document.body.textContent).not.toMatch(/best match|in tune/i);
  });

  it('asks how in tune friends are in an alike game, as before', async () => {
    const shown = await endScreen('alike');
    expect(shown.summary).toContain('Best match');
    expect(shown.whatsApp).toBe(`Play my Wavelength game and see how in tune we are!\n${LINK}`);
    expect(shown.telegram).toBe('Play my Wavelength game and see how in tune we are!');
    expect(screen.queryByRole('heading', { name: 'Who knows you best' })).toBeNull();
  });

  it("invites in the creator's language in a guess game", async () => {
    await activateLanguage('de');
    const shown = await endScreen('guess');
    expect(shown.telegram).toBe('Wie gut kennst du mich? Rate meine Antworten in meinem Wavelength-Spiel!');
    expect(shown.summary).toContain('Kennt dich am besten');
  });
});

describe("a friend's result in a guess game", () => {
  it('shares the guess words: the grid, the score and "How well do you know Sam?", and the reveal says spot on or missed', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, share: undefined, canShare: undefined, clipboard: { writeText } });
    userId();
    saveOwnPlayerId(GAME_ID, 'pubKim1');
    mockFetch((url) =>
      url.pathname.startsWith('/og/') ? { body: 'png bytes' } : { body: { ...spectrumComparison, mode: 'guess' } },
    );
    renderAt(`/result/${GAME_ID}`, '/result/:gameId', <Result />);
    await advance(0);
    // spectrumComparison's rounds score 10, 8.1 and 0.
    const text = "I scored 6/10 guessing Sam's answers on Wavelength!\n🟩🟩🟥\nHow well do you know Sam?";
    const whatsApp = screen.getByRole('link', { name: 'WhatsApp' }).getAttribute('href') ?? '';
    expect(decodeURIComponent(whatsApp.slice('https://wa.me/?text='.length))).toBe(`${text}\n${LINK}`);
    expect(
      new URL(screen.getByRole('link', { name: 'Telegram' }).getAttribute('href') ?? '').searchParams.get('text'),
    ).toBe(text);
    fireEvent.click(screen.getByRole('button', { name: 'Share my result' }));
    await advance(0);
    expect(screen.getByTestId('share-offer').querySelector('pre')?.textContent).toBe(`${text}\n${LINK}`);
    expect(screen.getByRole('img', { name: '60% guessed right' })).toBeTruthy();
    // The reveal's verdicts are a guess's too (8.1 is in the grid's 🟩 and the reveal's close).
    expect(screen.getByText('1 spot on, 1 close, 1 missed')).toBeTruthy();
    expect(screen.getAllByText(/^(Spot on|Close|Missed)$/).map((label) => label.textContent)).toEqual([
      'Spot on',
      'Close',
      'Missed',
    ]);
    expect(document.body.textContent).not.toMatch(/in tune|match/i);
  });
});
