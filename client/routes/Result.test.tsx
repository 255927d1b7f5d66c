import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveCreatorName } from '../state/game.js';
import { userId } from '../state/user.js';
import { advance, mockFetch, renderAt } from '../test/helpers.js';
import Result from './Result.js';

const GAME_ID = 'gameAbc12345';
const where = () => screen.queryByTestId('where')?.textContent;
const openResult = () => renderAt(`/result/${GAME_ID}`, '/result/:gameId', <Result />);

function serve(score: number) {
  return mockFetch((url) =>
    url.pathname === '/prod/has-played' ? { body: { playerName: 'Sam' } } : { body: { score } },
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});

describe('result screen', () => {
  it("fetches the creator's name and the score, then shows the caption after 1 s", async () => {
    const id = userId();
    const fetchMock = serve(7.5);
    openResult();
    await advance(0);
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toContain(`/prod/has-played?gameId=${GAME_ID}`);
    expect(urls).toContain(`/prod/get-score?gameId=${GAME_ID}&playerId=${id}`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your Wavelength Score with Sam is');
    expect(screen.queryByText('In Perfect Rythm!')).toBeNull();
    await advance(999);
    expect(screen.queryByText('In Perfect Rythm!')).toBeNull();
    await advance(1);
    expect(screen.getByText('In Perfect Rythm!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Play A New Game With Your Friends' }).getAttribute('href')).toBe('/');
  });

  it('does not ask for a creator name it already knows', async () => {
    userId();
    saveCreatorName(GAME_ID, 'Alex');
    const fetchMock = serve(5);
    openResult();
    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your Wavelength Score with Alex is');
  });

  it.each([
    [0, 'Opposite Poles Attract!'],
    [0.4, 'Opposite Poles Attract!'],
    [4.5, 'Syncing Up!'],
    [9.4, 'Kindred Spirits!'],
    [10, 'A Match Made in Heaven!'],
  ])('captions score %s as "%s" (level clamped to 1..10)', async (score, caption) => {
    userId();
    serve(score);
    openResult();
    await advance(0);
    await advance(1_000);
    expect(screen.getByText(caption)).toBeTruthy();
  });

  it('sends the user to / with "Error: {message}" when the score cannot be fetched', async () => {
    userId();
    mockFetch((url) =>
      url.pathname === '/prod/has-played'
        ? { body: { playerName: 'Sam' } }
        : { status: 404, body: { message: 'No score for this player.' } },
    );
    openResult();
    await advance(0);
    expect(where()).toBe('/ | No score for this player.');
  });

  it('says "Failed to fetch score" when the server gives no message', async () => {
    userId();
    mockFetch(() => ({ status: 502 }));
    openResult();
    await advance(0);
    expect(where()).toBe('/ | Failed to fetch score');
  });

  it('explains when this browser has no userId', () => {
    const fetchMock = mockFetch(() => ({ body: {} }));
    openResult();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Invalid game or user information');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
