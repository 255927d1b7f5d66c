import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Player } from '../../../shared/api.js';
import { REVEAL_NEEDS_HALF } from '../../../shared/trust.js';
import { activateLanguage } from '../../i18n/i18n.js';
import Result from '../../screens/Result.js';
import { saveCreatorName } from '../../state/game.js';
import { userId } from '../../state/user.js';
import { advance, FakeWebSocket, mockFetch, renderAt } from '../../test/helpers.js';
import { CreatorPlayersTable } from '../creator/CreatorPlayersTable.js';
import { REFETCH_SPREAD_MS } from './useCircle.js';

const GAME_ID = 'gameAbc12345';

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.install();
});
afterEach(() => activateLanguage('en'));

describe('a result without a reveal (fewer than half the rounds answered)', () => {
  /** get-comparison refuses as the server does; get-score gives the score; is-creator the game's mode. */
  function serve(mode: 'alike' | 'guess' = 'alike') {
    return mockFetch((url) =>
      url.pathname === '/prod/get-comparison'
        ? { status: 404, body: { code: 'reveal_needs_half', message: REVEAL_NEEDS_HALF } }
        : url.pathname === '/prod/get-score'
          ? { body: { score: 4.5 } }
          : url.pathname === '/prod/is-creator'
            ? { body: { playerName: 'Sam', isCreator: false, hasPlayed: true, mode } }
            : { status: 500, body: {} },
    );
  }

  it('shows the score and the sentence instead of the rounds and the circle', async () => {
    const id = userId();
    const fetchMock = serve();
    renderAt(`/result/${GAME_ID}`, '/result/:gameId', <Result />);
    await advance(0);
    await advance(0);
    // is-creator says the game's mode, which get-score does not.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      `/prod/get-comparison?gameId=${GAME_ID}&playerId=${id}`,
      `/prod/get-score?gameId=${GAME_ID}&playerId=${id}`,
      `/prod/is-creator?gameId=${GAME_ID}&userId=${id}`,
    ]);
    const why = screen.getByRole('region', { name: 'Answer at least half the rounds to see the reveal.' });
    expect(within(why).getByRole('link', { name: 'See the scoreboard' }).getAttribute('href')).toBe(
      `/scoreboard/${GAME_ID}`,
    );
    // As the spec writes it (SPEC.md, the result screen), on every screen that offers it.
    expect(screen.getByRole('link', { name: 'Play A New Game With Your Friends' }).getAttribute('href')).toBe('/');
    await advance(1_000);
    // The gauge's caption for 4.5/10; no round, no circle.
    expect(screen.getByText('Syncing Up!')).toBeTruthy();
    expect(screen.queryByText(/Round 1/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your circle' })).toBeNull();
  });

  it("in a guess game, says how well the friend knows the creator in the guess game's words", async () => {
    userId();
    saveCreatorName(GAME_ID, 'Sam');
    serve('guess');
    renderAt(`/result/${GAME_ID}`, '/result/:gameId', <Result />);
    await advance(0);
    await advance(1_000);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('How well you know Sam');
    expect(screen.getByRole('img', { name: '45% guessed right' })).toBeTruthy();
    // 4.5/10 is level 5: the guess caption, not the alike one ("Syncing Up!").
    expect(screen.getByText('Halfway There')).toBeTruthy();
    expect(screen.queryByText('Syncing Up!')).toBeNull();
    expect(screen.getByText(/ran out without a guess/).textContent).not.toMatch(/circle/);
  });

  it('says it in the reader language', async () => {
    userId();
    serve();
    await activateLanguage('de');
    renderAt(`/result/${GAME_ID}`, '/result/:gameId', <Result />);
    await advance(0);
    expect(
      screen.getByRole('heading', { name: 'Beantworte mindestens die Hälfte der Runden, um den Vergleich zu sehen.' }),
    ).toBeTruthy();
  });
});

describe("the creator's burst flag", () => {
  const players: Player[] = [
    { playerID: 'p-bo', playerName: 'Bo', score: 7 },
    { playerID: 'p-x1', playerName: 'x', score: 2 },
    { playerID: 'p-x2', playerName: 'x', score: 1 },
  ];

  it('marks the flagged friends for a creator, and updates when the board changes', async () => {
    const replies = [
      ['p-x1', 'p-x2'],
      ['p-x1', 'p-x2', 'p-x3'],
    ];
    let call = 0;
    const fetchMock = mockFetch(() => ({ body: { playerIDs: replies[Math.min(call++, 1)] } }));
    const table = (board: Player[]) => (
      <MemoryRouter>
        <CreatorPlayersTable gameId={GAME_ID} isCreator players={board} />
      </MemoryRouter>
    );
    const { rerender } = render(table(players));
    await advance(0);
    expect(String(fetchMock.mock.calls[0][0])).toBe(`/prod/get-bursts?gameId=${GAME_ID}&userId=${userId()}`);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).queryByText('Same network') !== null)).toEqual([false, true, true]);
    expect(screen.getByRole('status').textContent).toMatch(/^Marked "Same network": more than 5 plays/);
    // One more friend on the live board: asked again (a random moment later), and marked.
    rerender(table([...players, { playerID: 'p-x3', playerName: 'x', score: 0 }]));
    await advance(REFETCH_SPREAD_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getAllByText('Same network')).toHaveLength(3);
  });

  it('asks nothing and marks nothing for anyone else', async () => {
    const fetchMock = mockFetch(() => ({ body: { playerIDs: ['p-x1'] } }));
    renderAt(
      `/scoreboard/${GAME_ID}`,
      '/scoreboard/:gameId',
      <CreatorPlayersTable gameId={GAME_ID} isCreator={false} players={players} />,
    );
    await advance(0);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByText('Same network')).toBeNull();
  });
});
