import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CircleMatchesReply } from '../../../shared/api.js';
import { advance, type FakeResponse, FakeWebSocket, mockFetch, sentence } from '../../test/helpers.js';
import { FRIENDS_CIRCLE_TEXT, FriendsCircle } from './FriendsCircle.js';
import { REFETCH_SPREAD_MS } from './useCircle.js';

const GAME_ID = 'gameAbc12345';
const PLAYER_ID = '0b7f6a52-7a43-4a4e-9a55-8d2f0d7c1e11';
const bo = { playerID: 'p-bo', playerName: 'Bo', score: 7 };
const cy = { playerID: 'p-cy', playerName: 'Cy', score: 8.4 };
const di = { playerID: 'p-di', playerName: '', score: 6.1 };

/** Serves get-circle from `replies`, one per call (the last one again after that). */
function serveCircle(...replies: FakeResponse[]) {
  let call = 0;
  return mockFetch((url) => {
    expect(url.pathname).toBe('/prod/get-circle');
    return replies[Math.min(call++, replies.length - 1)];
  });
}
/** The circle's rows: each friend with a band, never a score (the score on the board is theirs with the creator). */
const band: Record<string, CircleMatchesReply['matches'][number]['band']> = {
  'p-bo': 'close',
  'p-cy': 'in-tune',
  'p-di': 'close',
};
const matches = (...rows: (typeof bo)[]): FakeResponse => ({
  body: { matches: rows.map(({ playerID, playerName }) => ({ playerID, playerName, band: band[playerID] })) },
});

function open() {
  render(<FriendsCircle gameId={GAME_ID} playerId={PLAYER_ID} creatorName="Ada" />);
}

/** The live channel opens with these friends on the board. */
function liveBoard(players: (typeof bo)[]) {
  FakeWebSocket.latest.open();
  FakeWebSocket.latest.receive({ type: 'snapshot', players });
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.install();
});

describe("a friend's circle", () => {
  it('asks once the live board is there, then shows the closest friend and everyone else in order', async () => {
    const fetchMock = serveCircle(matches(cy, di));
    open();
    expect(fetchMock).not.toHaveBeenCalled();
    liveBoard([bo, cy, di]);
    await advance(0);
    expect(String(fetchMock.mock.calls[0][0])).toBe(`/prod/get-circle?gameId=${GAME_ID}&playerId=${PLAYER_ID}`);
    const section = screen.getByRole('region', { name: 'Your circle' });
    expect(within(section).getByText(sentence("In Ada's circle you're closest to Cy: In tune"))).toBeTruthy();
    expect(within(section).getByRole('heading', { level: 3 }).textContent).toBe(FRIENDS_CIRCLE_TEXT.others);
    // Scores are in the words a screen reader reads, in order; an empty name reads as a name.
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Anonymous — Close']);
  });

  it("isolates the creator's and each friend's name, whatever their direction", async () => {
    const dana = { playerID: 'p-cy', playerName: 'דנה', score: 8.4 };
    serveCircle(matches(dana, { ...di, playerName: 'سارا 2' }));
    render(<FriendsCircle gameId={GAME_ID} playerId={PLAYER_ID} creatorName="سارا" />);
    liveBoard([bo, dana, di]);
    await advance(0);
    const section = screen.getByRole('region', { name: 'Your circle' });
    const closest = within(section).getByText(sentence("In سارا's circle you're closest to דנה: In tune"));
    expect(Array.from(closest.querySelectorAll('bdi'), (name) => name.textContent)).toEqual(['سارا', 'דנה']);
    expect(within(section).getByRole('listitem').querySelector('bdi')?.textContent).toBe('سارا 2');
  });

  it('says when no other friend has played yet, and updates live when one does', async () => {
    const fetchMock = serveCircle(matches(), matches(cy));
    open();
    liveBoard([bo]);
    await advance(0);
    expect(screen.getByText(sentence(FRIENDS_CIRCLE_TEXT.alone('Ada')))).toBeTruthy();
    expect(FRIENDS_CIRCLE_TEXT.alone('Ada')).toMatch(/updates live/);
    FakeWebSocket.latest.receive({ type: 'player', player: cy });
    // Screens of one game spread their calls after a live change.
    await advance(REFETCH_SPREAD_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByText(sentence("In Ada's circle you're closest to Cy: In tune"))).toBeTruthy();
    expect(screen.queryByText(sentence(FRIENDS_CIRCLE_TEXT.alone('Ada')))).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('asks again when a friend is removed, keeping the list on screen meanwhile', async () => {
    const fetchMock = serveCircle(matches(cy, di), matches(di));
    open();
    liveBoard([bo, cy, di]);
    await advance(0);
    FakeWebSocket.latest.receive({ type: 'removed', playerID: 'p-cy' });
    expect(screen.getByText(sentence(/closest to Cy/))).toBeTruthy();
    await advance(REFETCH_SPREAD_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByText(sentence("In Ada's circle you're closest to Anonymous: Close"))).toBeTruthy();
  });

  it('folds a burst of friends into one call', async () => {
    const fetchMock = serveCircle(matches(cy));
    open();
    liveBoard([bo, cy]);
    await advance(0);
    FakeWebSocket.latest.receive({ type: 'player', player: di });
    FakeWebSocket.latest.receive({ type: 'player', player: { ...di, playerID: 'p-ed' } });
    await advance(REFETCH_SPREAD_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('says when it could not load, with a way to try again', async () => {
    serveCircle({ status: 500, body: { message: 'Something went wrong on our side. Please try again.' } }, matches(cy));
    open();
    liveBoard([bo, cy]);
    await advance(0);
    expect(screen.getByText('Something went wrong on our side. Please try again.')).toBeTruthy();
    // Not an alert: the rest of the result screen is fine.
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await advance(0);
    expect(screen.getByText(sentence(/closest to Cy/))).toBeTruthy();
  });

  it('shows nothing for a 404 (the screen around says why) or a deleted game', async () => {
    serveCircle({ status: 404, body: { message: 'The creator removed you from this game.' } });
    open();
    liveBoard([bo]);
    await advance(0);
    expect(screen.queryByText('The creator removed you from this game.')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    FakeWebSocket.latest.receive({ type: 'deleted' });
    FakeWebSocket.latest.drop(4404);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
