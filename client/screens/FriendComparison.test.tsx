import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userId } from '../state/user.js';
import { classicComparison } from '../test/comparisons.js';
import { advance, mockFetch, renderAt } from '../test/helpers.js';
import FriendComparison from './FriendComparison.js';

const GAME_ID = 'gameAbc12345';
const open = () => renderAt(`/comparison/${GAME_ID}/pub1`, '/comparison/:gameId/:playerID', <FriendComparison />);

beforeEach(() => {
  vi.useFakeTimers();
});

describe("creator's view of a friend", () => {
  it("asks as the creator (userId + the friend's playerID) and shows the friend's answers beside theirs", async () => {
    const id = userId();
    const fetchMock = mockFetch(() => ({ body: classicComparison }));
    open();
    await advance(0);
    expect(String(fetchMock.mock.calls[0][0])).toBe(
      `/prod/get-comparison?gameId=${GAME_ID}&userId=${id}&playerID=pub1`,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("Kim's answers and yours");
    expect(screen.getByText(/scored/).textContent).toBe('Kim scored 3.3/10 with you: #2 of 5 on your scoreboard.');
    const rounds = screen.getAllByRole('listitem');
    expect(rounds[1].textContent).toBe('Round 2ApartHoliday?KimBeachYouMountains');
    expect(screen.getByRole('link', { name: 'Back to the scoreboard' }).getAttribute('href')).toBe(
      `/scoreboard/${GAME_ID}`,
    );
  });

  it("in a guess game, says the friend's score came from guessing, and each round was spot on, close or missed", async () => {
    userId();
    mockFetch(() => ({ body: { ...classicComparison, mode: 'guess' } }));
    open();
    await advance(0);
    expect(screen.getByText(/scored/).textContent).toBe(
      'Kim scored 3.3/10 guessing your answers: #2 of 5 on your scoreboard.',
    );
    const rounds = screen.getAllByRole('listitem');
    expect(rounds.map((round) => round.querySelector('.verdict')?.textContent)).toEqual([
      'Spot on',
      'Missed',
      'Missed',
    ]);
    expect(document.body.textContent).not.toMatch(/with you|in tune|apart/i);
  });

  it('says why when the server refuses (not the creator), with a way back', async () => {
    userId();
    mockFetch(() => ({ status: 403, body: { message: "Only the game's creator can see a friend's answers." } }));
    open();
    await advance(0);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('These answers cannot be shown');
    expect(screen.getByRole('alert').textContent).toBe("Only the game's creator can see a friend's answers.");
    expect(screen.getByRole('link', { name: 'Back to the scoreboard' })).toBeTruthy();
  });
});
