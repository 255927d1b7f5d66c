import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { creatorName, loadGame } from '../state/game.js';
import { userId, userName } from '../state/user.js';
import { advance, mockFetch, renderAt } from '../test/helpers.js';
import Join, { JOIN_FAILED, LOAD_FAILED } from './Join.js';

// Play fetches the round screen's code before it moves on; here it is at hand.
vi.mock('./Game.js', () => ({ default: () => null }));

const GAME_ID = 'gameAbc12345';
const where = () => screen.queryByTestId('where')?.textContent;
const openJoin = () => renderAt(`/join/${GAME_ID}`, '/join/:gameId', <Join />);
const JOINED = {
  questions: [{ questionID: 'c1', question: 'Pick a pet', options: ['Dog', 'Cat', 'Fish', 'Bird'] }],
  gameType: 'Classic',
};
/** is-creator answers `creator`; the join that follows on arrival answers with the game's questions. */
const arrival = (creator: unknown) => (url: URL) => ({ body: url.pathname === '/prod/join-game' ? JOINED : creator });

beforeEach(() => {
  vi.useFakeTimers();
});

describe('join screen on load', () => {
  it('asks is-creator with the stored userId', async () => {
    const fetchMock = mockFetch(arrival({ playerName: 'Sam', isCreator: false, hasPlayed: false }));
    openJoin();
    await advance(0);
    expect(String(fetchMock.mock.calls[0][0])).toBe(`/prod/is-creator?gameId=${GAME_ID}&userId=${userId()}`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("You are joining Sam's game");
  });

  it("names the game's pack beside the invitation, and says none for a game without one", async () => {
    mockFetch((url) => ({
      body:
        url.pathname === '/prod/join-game'
          ? { ...JOINED, pack: 'couples' }
          : { playerName: 'Sam', isCreator: false, hasPlayed: false },
    }));
    const first = openJoin();
    await advance(0);
    expect(screen.getByText('Theme: 💞 Couples')).toBeTruthy();
    first.unmount();
    mockFetch(arrival({ playerName: 'Sam', isCreator: false, hasPlayed: false }));
    openJoin();
    await advance(0);
    expect(screen.queryByText(/^Theme:/)).toBeNull();
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

  it('says the game no longer exists, with a way to make one, when the game does not exist', async () => {
    mockFetch(() => ({ status: 404, body: { message: 'This game does not exist.' } }));
    openJoin();
    await advance(0);
    expect(where()).toBeUndefined();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This game no longer exists.');
    expect(screen.getByRole('link', { name: 'Make your own game' }).getAttribute('href')).toBe('/');
  });

  it('says so and offers Try again when the game cannot be loaded, then loads it again', async () => {
    let down = true;
    const fetchMock = mockFetch((url) =>
      down
        ? { status: 503, body: { message: 'The server is busy.' } }
        : arrival({ playerName: 'Sam', isCreator: false, hasPlayed: false })(url),
    );
    openJoin();
    await advance(0);
    expect(where()).toBeUndefined();
    expect(screen.getByRole('alert').textContent).toBe('The server is busy.');
    // Shown on arrival: the focus is left where the page put it.
    expect(document.activeElement).toBe(document.body);

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Failed again after the person asked: the focus goes to the button they will want next.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Try again' }));

    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await advance(0);
    // is-creator three times; then the game is joined at once, to say how many rounds it has.
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("You are joining Sam's game");
  });

  it('says in a plain sentence when no answer came at all', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    openJoin();
    await advance(0);
    expect(screen.getByRole('alert').textContent).toBe(LOAD_FAILED.message);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says "a friend" for a creator who typed no name, never "Anonymous"', async () => {
    mockFetch(arrival({ playerName: '', isCreator: false, hasPlayed: false }));
    openJoin();
    await advance(0);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("You are joining a friend's game");
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

  it('shows a failed join with Try again, which joins with the same name', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const questions = [{ questionID: 's1', question: 'I sing in the shower.', options: 'A' }];
    let down = true;
    const fetchMock = mockFetch((url) => {
      if (url.pathname !== '/prod/join-game')
        return { body: { playerName: 'Sam', isCreator: false, hasPlayed: false } };
      return down ? { status: 500 } : { body: { questions, gameType: 'Spectrum' } };
    });
    openJoin();
    await advance(0);
    fireEvent.change(screen.getByRole('textbox', { name: 'Your name' }), { target: { value: 'Kim' } });
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await advance(0);
    expect(where()).toBeUndefined();
    expect(screen.getByRole('alert').textContent).toBe(JOIN_FAILED.message);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Try again' }));
    // Play works again too, and the name is still there.
    expect(screen.getByRole('button', { name: 'Play' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveProperty('value', 'Kim');

    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await advance(0);
    // Once on arrival, once for Play, once for Try again.
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/prod/join-game')).toHaveLength(3);
    expect(where()).toBe(`/spectrum/game/${GAME_ID}`);
    expect(userName()).toBe('Kim');
  });

  it("shows the server's message when joining fails, and Play tries again", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = mockFetch((url) =>
      url.pathname === '/prod/join-game'
        ? { status: 404, body: { message: 'This game does not exist.' } }
        : { body: { playerName: 'Sam', isCreator: false, hasPlayed: false } },
    );
    openJoin();
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await advance(0);
    expect(consoleError).toHaveBeenCalledWith('Failed to join game: This game does not exist.');
    expect(screen.getByRole('alert').textContent).toBe('This game does not exist.');
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await advance(0);
    // is-creator, the join on arrival, then one join per press of Play.
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
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

  it('says the rounds have no clock once "Take my time" is ticked (not "quick rounds of 10 seconds")', async () => {
    serve({ isCreator: false, hasPlayed: false });
    openJoin();
    await advance(0);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Take my time' }));
    expect(screen.getByText('3 rounds with no clock: take your time.')).toBeTruthy();
    expect(screen.queryByText(/quick rounds/)).toBeNull();
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
