import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import ClaimGame from '../../screens/ClaimGame.js';
import EndScreen from '../../screens/EndScreen.js';
import Landing from '../../screens/Landing.js';
import Scoreboard from '../../screens/Scoreboard.js';
import { local } from '../../state/storage.js';
import { userId } from '../../state/user.js';
import { type FakeResponse, FakeWebSocket, mockFetch, renderAt } from '../../test/helpers.js';

const GAME_ID = 'gameAbc12345';
const bo = { playerID: 'p-bo', playerName: 'Bo', score: 7 };
const cy = { playerID: 'p-cy', playerName: 'Cy', score: 4 };

type Routes = Record<string, (url: URL, body: Record<string, unknown> | undefined) => FakeResponse>;

/** Answers each call by its name; records the bodies of POSTs. */
function serve(routes: Routes) {
  const posted: { name: string; body: Record<string, unknown> }[] = [];
  const fetchMock = mockFetch((url, init) => {
    const name = url.pathname.replace('/prod/', '');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    if (body) posted.push({ name, body });
    const route = routes[name];
    return route ? route(url, body) : { status: 404, body: { message: `no ${name} in this test` } };
  });
  return { posted, fetchMock };
}

const creator = (isCreator: boolean): Routes => ({
  'is-creator': () => ({ body: { playerName: 'Ada', isCreator, hasPlayed: false } }),
});

function openWithFriends(screenElement: 'endscreen' | 'scoreboard') {
  const element = screenElement === 'endscreen' ? <EndScreen /> : <Scoreboard />;
  renderAt(`/${screenElement}/${GAME_ID}`, `/${screenElement}/:gameId`, element);
  FakeWebSocket.latest.open();
  FakeWebSocket.latest.receive({ type: 'snapshot', players: [bo, cy] });
}

beforeEach(() => {
  FakeWebSocket.install();
});

describe('Remove on a friend’s row', () => {
  it.each(['endscreen', 'scoreboard'] as const)(
    'asks first on the %s, then removes the friend for good',
    async (at) => {
      const { posted } = serve({ ...creator(true), 'remove-player': () => ({ body: { ok: true } }) });
      openWithFriends(at);
      fireEvent.click(await screen.findByRole('button', { name: 'Remove', description: 'Bo' }));
      const question = screen.getByRole('group', { name: 'Remove Bo?' });
      expect(screen.getAllByRole('cell').map((cell) => cell.textContent)).toContain('Remove Bo?YesCancel');
      // The safe choice has the focus; Cancel puts things back.
      expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Cancel' }));
      fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove', description: 'Bo' }));
      expect(posted).toEqual([]);

      fireEvent.click(screen.getByRole('button', { name: 'Remove', description: 'Bo' }));
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
      });
      expect(posted).toEqual([
        { name: 'remove-player', body: { gameId: GAME_ID, userId: userId(), playerID: 'p-bo' } },
      ]);
      expect(screen.queryByRole('cell', { name: 'Bo' })).toBeNull();
      expect(screen.getByRole('cell', { name: 'Cy' })).toBeTruthy();
    },
  );

  it('shows the server’s refusal and keeps the row', async () => {
    serve({ ...creator(true), 'remove-player': () => ({ status: 403, body: { message: 'Only the creator.' } }) });
    openWithFriends('scoreboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove', description: 'Bo' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Only the creator.');
    expect(screen.getByRole('cell', { name: 'Bo' })).toBeTruthy();
  });

  it('is not offered to anyone but the creator', async () => {
    const { fetchMock } = serve(creator(false));
    openWithFriends('scoreboard');
    await act(async () => {
      await fetchMock.mock.results[0]?.value;
    });
    expect(fetchMock).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Player Name', 'Score']);
  });

  it('drops a row live when another device removes that friend', async () => {
    serve(creator(false));
    openWithFriends('scoreboard');
    FakeWebSocket.latest.receive({ type: 'removed', playerID: 'p-bo' });
    expect(screen.queryByRole('cell', { name: 'Bo' })).toBeNull();
  });
});

describe('the end screen’s creator tools', () => {
  it('makes a private creator link, marked private, separate from the join link', async () => {
    const { posted } = serve({ ...creator(true), 'creator-link': () => ({ body: { key: 'secretKey1234567890abc' } }) });
    openWithFriends('endscreen');
    const section = await screen.findByRole('region', { name: 'Your other devices' });
    expect(section.textContent).toMatch(/Private:.*never send it to friends/);
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Make my private creator link' }));
    });
    expect(posted).toEqual([{ name: 'creator-link', body: { gameId: GAME_ID, userId: userId() } }]);
    expect(screen.getByTestId('private-creator-link').textContent).toBe(
      `${window.location.origin}/creator/${GAME_ID}#secretKey1234567890abc`,
    );
    // The link friends get is still the join link alone.
    expect(screen.getByTestId('share-url').textContent).toMatch(new RegExp(`/join/${GAME_ID}$`));
  });

  it('deletes the game after a confirmation and goes home', async () => {
    const { posted } = serve({ ...creator(true), 'delete-game': () => ({ body: { ok: true } }) });
    openWithFriends('endscreen');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete this game' }));
    expect(posted).toEqual([]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    });
    expect(posted).toEqual([{ name: 'delete-game', body: { gameId: GAME_ID, userId: userId() } }]);
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('shows no creator tools to anyone else', async () => {
    const { fetchMock } = serve(creator(false));
    openWithFriends('endscreen');
    await act(async () => {
      await fetchMock.mock.results[0]?.value;
    });
    expect(screen.queryByRole('region', { name: 'Your other devices' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete this game' })).toBeNull();
  });
});

describe('Your games on the landing screen', () => {
  const questions = { body: { questions: [] } };

  it('lists this browser’s games, newest first, with friend counts and links to their end screens', async () => {
    const id = userId();
    const { fetchMock } = serve({
      'get-questions': () => questions,
      'my-games': () => ({
        body: {
          games: [
            {
              gameId: 'newGame1234',
              gameType: 'Spectrum',
              creatorName: 'Ada',
              createdAt: '2025-03-02T12:00:00Z',
              players: 1,
            },
            {
              gameId: 'oldGame1234',
              gameType: 'Classic',
              creatorName: 'Ada',
              createdAt: '2025-03-01T12:00:00Z',
              players: 3,
            },
          ],
        },
      }),
    });
    renderAt('/spectrum', '/spectrum', <Landing edition="spectrum" />);
    const list = await screen.findByRole('region', { name: 'Your games' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/endscreen/newGame1234', '/endscreen/oldGame1234']);
    expect(links.map((a) => a.textContent)).toEqual([
      expect.stringMatching(/^Spectrum · .*1 friend$/),
      expect.stringMatching(/^Classic · .*3 friends$/),
    ]);
    expect(fetchMock.mock.calls.some(([url]) => String(url) === `/prod/my-games?userId=${id}`)).toBe(true);
  });

  it.each([
    ['no games', { body: { games: [] } }],
    ['a failure', { status: 500, body: { message: 'down' } }],
  ])('shows nothing for %s', async (_case, reply) => {
    userId();
    const { fetchMock } = serve({ 'get-questions': () => questions, 'my-games': () => reply });
    renderAt('/spectrum', '/spectrum', <Landing edition="spectrum" />);
    await screen.findByRole('button', { name: 'Play' });
    await act(async () => {
      await Promise.all(fetchMock.mock.results.map((r) => r.value));
    });
    expect(screen.queryByRole('region', { name: 'Your games' })).toBeNull();
  });

  it('does not ask (or make a userId) on a first visit', async () => {
    const { fetchMock } = serve({ 'get-questions': () => questions });
    renderAt('/spectrum', '/spectrum', <Landing edition="spectrum" />);
    await screen.findByRole('button', { name: 'Play' });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/prod/get-questions?gametype=spectrum']);
    expect(local.get('wavelength.userId')).toBeNull();
  });
});

describe('opening a private creator link', () => {
  it('claims the game with the key from the fragment, then shows its end screen', async () => {
    const { posted } = serve({ 'claim-game': () => ({ body: { ok: true } }) });
    renderAt(`/creator/${GAME_ID}#theKey1234567890abcdef`, '/creator/:gameId', <ClaimGame />);
    await screen.findByText(`/endscreen/${GAME_ID}`);
    expect(posted).toEqual([
      { name: 'claim-game', body: { gameId: GAME_ID, key: 'theKey1234567890abcdef', userId: userId() } },
    ]);
  });

  it('says so when the link no longer works', async () => {
    serve({ 'claim-game': () => ({ status: 403, body: { message: 'This creator link no longer works.' } }) });
    renderAt(`/creator/${GAME_ID}#oldKey1234567890abcdef`, '/creator/:gameId', <ClaimGame />);
    expect((await screen.findByRole('alert')).textContent).toBe('This creator link no longer works.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This creator link did not work');
  });

  it('says so when the key is missing, without asking the server', async () => {
    const { fetchMock } = serve({});
    renderAt(`/creator/${GAME_ID}`, '/creator/:gameId', <ClaimGame />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/incomplete/);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
