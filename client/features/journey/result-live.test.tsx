import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Player } from '../../../shared/api.js';
import { LIVE_CLOSE_UNKNOWN_GAME } from '../../../shared/live.js';
import { activateLanguage } from '../../i18n/i18n.js';
import Result from '../../screens/Result.js';
import { saveOwnPlayerId } from '../../state/publicIds.js';
import { userId } from '../../state/user.js';
import { classicComparison } from '../../test/comparisons.js';
import { advance, FakeWebSocket, mockFetch, renderAt } from '../../test/helpers.js';

// Issue 32, items 2, 3 and 7: a friend's result follows the live board (rank, removal, deletion)
// in every language, and says by the score who they are most in tune with.
const GAME_ID = 'gameAbc12345';
const ME: Player = { playerID: 'kimPublic01', playerName: 'Kim', score: 3.3 };
const JURGEN: Player = { playerID: 'jurgenPub01', playerName: 'Jürgen', score: 9 };
const LEA: Player = { playerID: 'leaPublic01', playerName: 'Lea', score: 8 };

async function open(
  matches: { playerID: string; playerName: string; band: string }[] = [],
  comparison: Partial<typeof classicComparison> = {},
) {
  userId();
  saveOwnPlayerId(GAME_ID, ME.playerID);
  const fetchMock = mockFetch((url) => {
    if (url.pathname === '/prod/get-circle') return { body: { matches } };
    return { body: { ...classicComparison, rank: 1, players: 1, ...comparison } };
  });
  renderAt(`/result/${GAME_ID}`, '/result/:gameId', <Result />);
  await advance(0);
  FakeWebSocket.latest.open();
  FakeWebSocket.latest.receive({ type: 'snapshot', players: [ME] });
  await advance(0);
  return fetchMock;
}

const place = () => document.querySelector('.rank__place')?.textContent;

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.install();
});
afterEach(async () => {
  await activateLanguage('en');
});

describe("a friend's result, live", () => {
  it('moves the rank as more friends finish', async () => {
    await open();
    expect(place()).toBe('#1 of 1');
    FakeWebSocket.latest.receive({ type: 'player', player: JURGEN });
    FakeWebSocket.latest.receive({ type: 'player', player: LEA });
    expect(place()).toBe('#3 of 3');
  });

  it('says at once, in German too, that the creator removed this friend', async () => {
    await activateLanguage('de');
    await open();
    FakeWebSocket.latest.receive({ type: 'removed', playerID: ME.playerID });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Wer das Spiel erstellt hat, hat dich daraus entfernt.',
    );
  });

  it('says at once that the game was deleted', async () => {
    await open();
    FakeWebSocket.latest.receive({ type: 'deleted' });
    FakeWebSocket.latest.drop(LIVE_CLOSE_UNKNOWN_GAME);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This game no longer exists.');
  });

  it('names the closest friend by the score, leading down to the circle, whose others start at 2', async () => {
    await open([
      { playerID: JURGEN.playerID, playerName: 'Jürgen', band: 'in-tune' },
      { playerID: LEA.playerID, playerName: 'Lea', band: 'close' },
    ]);
    const teaser = screen.getByRole('link', { name: "You're most in tune with Jürgen →" });
    expect(teaser.getAttribute('href')).toBe('#circle');
    expect(document.getElementById('circle')).not.toBeNull();
    expect(document.querySelector('.circle__list')?.getAttribute('start')).toBe('2');
  });

  it('never calls the closest friend "most in tune" when the circle says they are close or apart (issue 43.7)', async () => {
    await open([{ playerID: JURGEN.playerID, playerName: 'Dieter', band: 'apart' }]);
    expect(screen.queryByRole('link', { name: /most in tune/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'See how you compare with Dieter →' }).getAttribute('href')).toBe(
      '#circle',
    );
  });

  it('says "closest to" a friend who is close, not in tune', async () => {
    await open([{ playerID: JURGEN.playerID, playerName: 'Dieter', band: 'close' }]);
    expect(screen.getByRole('link', { name: "You're closest to Dieter →" })).toBeTruthy();
  });

  it('asks for no circle in a guess game, which has none (issue 43.8: a 404 on every visit)', async () => {
    const fetchMock = await open([], { mode: 'guess' });
    await advance(2_000);
    const paths = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x').pathname);
    expect(paths).toContain('/prod/get-comparison');
    expect(paths).not.toContain('/prod/get-circle');
  });
});
