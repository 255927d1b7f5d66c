import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReplyOf } from '../../shared/api.js';
import { creatorName } from '../state/game.js';
import { userId } from '../state/user.js';
import { classicComparison, spectrumComparison } from '../test/comparisons.js';
import { advance, FakeWebSocket, mockFetch, renderAt, sentence } from '../test/helpers.js';
import Result from './Result.js';

const GAME_ID = 'gameAbc12345';
const LINK = `${window.location.origin}/join/${GAME_ID}`;
const where = () => screen.queryByTestId('where')?.textContent;
const openResult = () => renderAt(`/result/${GAME_ID}`, '/result/:gameId', <Result />);

function serve(comparison: Partial<ReplyOf<'get-comparison'>> = {}) {
  return mockFetch(() => ({ body: { ...classicComparison, ...comparison } }));
}

async function shown(comparison: Partial<ReplyOf<'get-comparison'>> = {}) {
  userId();
  const fetchMock = serve(comparison);
  openResult();
  await advance(0);
  return fetchMock;
}

beforeEach(() => {
  vi.useFakeTimers();
  // The friends' circle under the reveal watches the game live.
  FakeWebSocket.install();
});

describe('result screen', () => {
  it('reads the comparison with the stored userId, then shows the caption after 1 s', async () => {
    const id = userId();
    const fetchMock = serve({ score: 7.5 });
    openResult();
    await advance(0);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      `/prod/get-comparison?gameId=${GAME_ID}&playerId=${id}`,
    ]);
    expect(creatorName(GAME_ID)).toBe('Sam');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your Wavelength Score with Sam is');
    expect(screen.queryByText('In Perfect Rhythm!')).toBeNull();
    await advance(999);
    expect(screen.queryByText('In Perfect Rhythm!')).toBeNull();
    await advance(1);
    expect(screen.getByText('In Perfect Rhythm!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Play A New Game With Your Friends' }).getAttribute('href')).toBe('/');
  });

  it.each([
    [0, 'Opposite Poles Attract!'],
    [0.4, 'Opposite Poles Attract!'],
    [4.5, 'Syncing Up!'],
    [9.4, 'Kindred Spirits!'],
    [10, 'A Match Made in Heaven!'],
  ])('captions score %s as "%s" (level clamped to 1..10)', async (score, caption) => {
    await shown({ score });
    await advance(1_000);
    expect(screen.getByText(caption)).toBeTruthy();
  });

  it('shows the rank among the friends with a link to the scoreboard', async () => {
    await shown();
    expect(screen.getByText('#2 of 5').closest('p')?.textContent).toBe(
      "#2 of 5 among Sam's friends. See the scoreboard",
    );
    expect(screen.getByRole('link', { name: 'See the scoreboard' }).getAttribute('href')).toBe(
      `/scoreboard/${GAME_ID}`,
    );
  });

  it('shows every Classic round with both chosen words, and which ones were in tune', async () => {
    await shown();
    const rounds = within(screen.getByRole('list', { name: '' })).getAllByRole('listitem');
    expect(rounds).toHaveLength(3);
    const text = rounds.map((round) => round.textContent);
    expect(text[0]).toBe('Round 1In tunePick a petYouCatSamCat');
    expect(text[1]).toBe('Round 2ApartHoliday?YouBeachSamMountains');
    expect(text[2]).toBe('Round 3ApartBreakfast?Youno answerSamNone');
    expect(screen.getByText('1 in tune, 2 apart')).toBeTruthy();
  });

  it('shows Spectrum rounds as two markers on one track with the scale’s end labels', async () => {
    await shown(spectrumComparison);
    const tracks = screen.getAllByRole('img', { name: /on a scale/ });
    expect(tracks.map((t) => t.getAttribute('aria-label'))).toEqual([
      'You: 50, Sam: 50, on a scale from Rarely (0) to Often (100)',
      'You: 40, Sam: 30, on a scale from Disagree (0) to Agree (100)',
      'You: 100, Sam: 0, on a scale from False (0) to True (100)',
    ]);
    expect(screen.getByText('1 in tune, 1 close, 1 apart')).toBeTruthy();
    expect(screen.getAllByText('Close')).toHaveLength(1);
  });

  it('shares the score and the join link through the share sheet', async () => {
    const share = vi.fn(async (_data: ShareData) => {});
    vi.stubGlobal('navigator', { ...navigator, share });
    await shown({ score: 7.5 });
    fireEvent.click(screen.getByRole('button', { name: 'Share my result' }));
    await advance(0);
    expect(share).toHaveBeenCalledTimes(1);
    const text = share.mock.calls[0][0].text ?? '';
    expect(text).toContain('7.5/10');
    expect(text).toContain(LINK);
  });

  it('copies the text instead where the browser cannot share, and says so for 1.5 s', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    await shown({ score: 4 });
    fireEvent.click(screen.getByRole('button', { name: 'Share my result' }));
    await advance(0);
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(LINK));
    expect(writeText.mock.calls[0][0]).toContain('4/10');
    expect(screen.getByText('Copied to clipboard!')).toBeTruthy();
    await advance(1_500);
    expect(screen.queryByText('Copied to clipboard!')).toBeNull();
  });

  it('copies nothing when the friend closes the share sheet', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    const share = vi.fn(async () => {
      throw new DOMException('Share canceled', 'AbortError');
    });
    vi.stubGlobal('navigator', { ...navigator, share, clipboard: { writeText } });
    await shown();
    fireEvent.click(screen.getByRole('button', { name: 'Share my result' }));
    await advance(0);
    expect(share).toHaveBeenCalled();
    expect(writeText).not.toHaveBeenCalled();
  });

  it('calls a creator who typed no name "your friend", never "Anonymous"', async () => {
    await shown({ creatorName: '  ' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your Wavelength Score with your friend is');
    expect(screen.getByText('#2 of 5').closest('p')?.textContent).toBe(
      '#2 of 5 among the friends who played. See the scoreboard',
    );
    expect(screen.queryByText(/Anonymous/)).toBeNull();
  });

  it('sends the user to / with "Error: {message}" when the comparison cannot be fetched', async () => {
    userId();
    mockFetch(() => ({
      status: 503,
      body: { code: 'database_unavailable', message: 'The database is unavailable; try again.' },
    }));
    openResult();
    await advance(0);
    expect(where()).toBe('/ | The database is unavailable; try again.');
    // The code travels with it: the landing screen translates by it.
    expect(screen.getByTestId('where').dataset.code).toBe('database_unavailable');
  });

  it('says the game no longer exists when it was deleted (is-creator answers 404 too)', async () => {
    userId();
    mockFetch(() => ({ status: 404, body: { message: 'This game does not exist. Check the link you followed.' } }));
    openResult();
    await advance(0);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This game no longer exists.');
    expect(screen.getByRole('link', { name: 'Make your own game' }).getAttribute('href')).toBe('/');
  });

  it('tells a removed friend so, in the server’s words', async () => {
    userId();
    mockFetch((url) =>
      url.pathname === '/prod/is-creator'
        ? { body: { playerName: 'Sam', isCreator: false, hasPlayed: true } }
        : { status: 404, body: { message: 'The creator removed you from this game.' } },
    );
    openResult();
    await advance(0);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('The creator removed you from this game.');
    expect(where()).toBeUndefined();
  });

  it('says "Failed to fetch score" when the server gives no message', async () => {
    userId();
    mockFetch(() => ({ status: 502 }));
    openResult();
    await advance(0);
    expect(where()).toBe('/ | Failed to fetch score');
  });

  it("invites someone who never played this game (a fresh device) to play it: it is a friend's result", async () => {
    const fetchMock = mockFetch(() => ({ body: { playerName: 'Sam', isCreator: false, hasPlayed: false } }));
    openResult();
    await advance(0);
    expect(fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x').pathname)).toEqual([
      '/prod/is-creator',
    ]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      "This is a friend's result. Want to find out your own score?",
    );
    expect(screen.getByRole('link', { name: 'Play' }).getAttribute('href')).toBe(`/join/${GAME_ID}`);
    // Something of the result it names: whose game, and where its scores are (issue 32).
    expect(screen.getByText(sentence("It comes from Sam's Wavelength game. Play it, then compare."))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the scoreboard' }).getAttribute('href')).toBe(
      `/scoreboard/${GAME_ID}`,
    );
  });
});
