import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { creatorName, loadGame } from '../state/game.js';
import { userId } from '../state/user.js';
import { advance, mockFetch, renderAt } from '../test/helpers.js';
import Join from './Join.js';

const GAME_ID = 'gameAbc12345';
const where = () => screen.queryByTestId('where')?.textContent;
const openJoin = () => renderAt(`/join/${GAME_ID}`, '/join/:gameId', <Join />);

beforeEach(() => {
  vi.useFakeTimers();
});

describe('join screen on load', () => {
  it('asks is-creator with the stored userId', async () => {
    const fetchMock = mockFetch(() => ({ body: { playerName: 'Sam', isCreator: false, hasPlayed: false } }));
    openJoin();
    await advance(0);
    expect(String(fetchMock.mock.calls[0][0])).toBe(`/prod/is-creator?gameId=${GAME_ID}&userId=${userId()}`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("You are joining Sam's game");
  });

  it("sends the game's creator to the end screen", async () => {
    mockFetch(() => ({ body: { playerName: 'Sam', isCreator: true, hasPlayed: false } }));
    openJoin();
    await advance(0);
    expect(where()).toBe(`/endscreen/${GAME_ID}`);
  });

  it('sends a friend who already played to the result', async () => {
    mockFetch(() => ({ body: { playerName: 'Sam', isCreator: false, hasPlayed: true } }));
    openJoin();
    await advance(0);
    expect(where()).toBe(`/result/${GAME_ID}`);
    expect(creatorName(GAME_ID)).toBe('Sam');
  });

  it('goes to / when the game cannot be loaded', async () => {
    mockFetch(() => ({ status: 404, body: { message: 'This game does not exist.' } }));
    openJoin();
    await advance(0);
    expect(where()).toBe('/');
  });

  it('calls an unnamed creator Anonymous', async () => {
    mockFetch(() => ({ body: { playerName: '', isCreator: false, hasPlayed: false } }));
    openJoin();
    await advance(0);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("You are joining Anonymous's game");
  });
});

describe('joining', () => {
  it('stores the questions and opens the edition the game was made in', async () => {
    const questions = [{ questionID: 'c1', question: 'Pick a pet', options: ['Dog', 'Cat', 'Fish', 'Bird'] }];
    mockFetch((url) =>
      url.pathname === '/prod/join-game'
        ? { body: { questions, gameType: 'Classic' } }
        : { body: { playerName: 'Sam', isCreator: false, hasPlayed: false } },
    );
    openJoin();
    await advance(0);
    const name = screen.getByRole('textbox', { name: 'Your name' });
    expect(name.getAttribute('maxlength')).toBe('40');
    fireEvent.change(name, { target: { value: 'Kim' } });
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await advance(0);
    expect(where()).toBe(`/classic/game/${GAME_ID}`);
    expect(loadGame('classic', GAME_ID)?.questions).toEqual([
      { edition: 'classic', id: 'c1', text: 'Pick a pet', words: ['Dog', 'Cat', 'Fish', 'Bird'] },
    ]);
  });

  it('only logs a failed join', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch((url) =>
      url.pathname === '/prod/join-game'
        ? { status: 404, body: { message: 'This game does not exist.' } }
        : { body: { playerName: 'Sam', isCreator: false, hasPlayed: false } },
    );
    openJoin();
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await advance(0);
    expect(consoleError).toHaveBeenCalledWith('Failed to join game: This game does not exist.');
    expect(where()).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Play' })).toHaveProperty('disabled', false);
  });
});

describe('how many rounds', () => {
  const questions = [
    { questionID: 'c1', question: 'Pick a pet', options: ['Dog', 'Cat', 'Fish', 'Bird'] },
    { questionID: 'c2', question: 'Holiday?', options: ['Beach', 'Mountains', 'City', 'Home'] },
    { questionID: 'c3', question: 'Breakfast?', options: ['Eggs', 'Toast', 'Fruit', 'None'] },
  ];
  const serve = (info: { isCreator: boolean; hasPlayed: boolean }) =>
    mockFetch((url) =>
      url.pathname === '/prod/join-game'
        ? { body: { questions, gameType: 'Classic' } }
        : { body: { playerName: 'Sam', ...info } },
    );
  const paths = (fetchMock: ReturnType<typeof mockFetch>) =>
    fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x').pathname);

  it('says how many rounds of 10 seconds there are before Play, and Play starts without asking again', async () => {
    const fetchMock = serve({ isCreator: false, hasPlayed: false });
    openJoin();
    await advance(0);
    expect(screen.getByText('3 quick rounds of 10 seconds each.')).toBeTruthy();
    expect(paths(fetchMock)).toEqual(['/prod/is-creator', '/prod/join-game']);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await advance(0);
    expect(where()).toBe(`/classic/game/${GAME_ID}`);
    expect(paths(fetchMock)).toEqual(['/prod/is-creator', '/prod/join-game']);
  });

  it.each([
    ['the creator', { isCreator: true, hasPlayed: false }],
    ['a friend who played', { isCreator: false, hasPlayed: true }],
  ])('redirects %s first, without joining', async (_who, info) => {
    const fetchMock = serve(info);
    openJoin();
    await advance(0);
    expect(paths(fetchMock)).toEqual(['/prod/is-creator']);
  });
});
