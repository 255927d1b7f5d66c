import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CirclePairsReply } from '../../../shared/api.js';
import EndScreen from '../../screens/EndScreen.js';
import Scoreboard from '../../screens/Scoreboard.js';
import { userId } from '../../state/user.js';
import { advance, type FakeResponse, FakeWebSocket, mockFetch, renderAt } from '../../test/helpers.js';
import { FRIENDS_WEB_TEXT } from './FriendsWeb.js';
import { REFETCH_SPREAD_MS } from './useCircle.js';

const GAME_ID = 'gameAbc12345';
const bo = { playerID: 'p-bo', playerName: 'Bo', score: 7 };
const cy = { playerID: 'p-cy', playerName: 'Cy', score: 4 };
const di = { playerID: 'p-di', playerName: 'Di', score: 2 };
const friend = ({ playerID, playerName }: typeof bo) => ({ playerID, playerName });
const pair = (a: typeof bo, b: typeof bo, score: number) => ({ a: friend(a), b: friend(b), score });

function serve(isCreator: boolean, ...webs: CirclePairsReply[]) {
  let call = 0;
  return mockFetch((url): FakeResponse => {
    if (url.pathname === '/prod/is-creator') return { body: { playerName: 'Ada', isCreator, hasPlayed: false } };
    expect(url.pathname).toBe('/prod/get-circle');
    return { body: webs[Math.min(call++, webs.length - 1)] };
  });
}

const screens = [
  ['end screen', `/endscreen/${GAME_ID}`, '/endscreen/:gameId', () => <EndScreen />],
  ['scoreboard', `/scoreboard/${GAME_ID}`, '/scoreboard/:gameId', () => <Scoreboard />],
] as const;

async function openWith(path: string, pattern: string, element: () => React.ReactElement, players: (typeof bo)[]) {
  renderAt(path, pattern, element());
  await advance(0);
  FakeWebSocket.latest.open();
  FakeWebSocket.latest.receive({ type: 'snapshot', players });
  await advance(0);
}

const circleCalls = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/prod/get-circle'));

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.install();
});

describe("the creator's web of friends", () => {
  it.each(screens)(
    'on the %s: the closest pair, then the most in-tune pairs in order',
    async (_name, path, pattern, element) => {
      const fetchMock = serve(true, { pairs: [pair(bo, cy, 8.4), pair(bo, di, 6.1), pair(cy, di, 0)], players: 3 });
      await openWith(path, pattern, element, [bo, cy, di]);
      expect(circleCalls(fetchMock)).toEqual([`/prod/get-circle?gameId=${GAME_ID}&userId=${userId()}`]);
      const web = screen.getByRole('region', { name: "Your friends' web" });
      expect(within(web).getByText('Closest pair: Bo and Cy — 8.4/10')).toBeTruthy();
      expect(within(web).getByRole('heading', { level: 3 }).textContent).toBe(
        'The 3 most in-tune pairs among 3 friends',
      );
      expect(
        within(web)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Bo and Cy — 8.4/10', 'Bo and Di — 6.1/10', 'Cy and Di — 0/10']);
    },
  );

  it.each(screens)('on the %s: waits for a second friend, and updates live', async (_name, path, pattern, element) => {
    const fetchMock = serve(true, { pairs: [], players: 1 }, { pairs: [pair(bo, cy, 9)], players: 2 });
    await openWith(path, pattern, element, [bo]);
    expect(screen.getByText(FRIENDS_WEB_TEXT.waiting)).toBeTruthy();
    FakeWebSocket.latest.receive({ type: 'player', player: cy });
    await advance(REFETCH_SPREAD_MS);
    expect(circleCalls(fetchMock)).toHaveLength(2);
    expect(screen.getByText('Closest pair: Bo and Cy — 9/10')).toBeTruthy();
  });

  it.each(screens)('on the %s: is not shown to anyone but a creator', async (_name, path, pattern, element) => {
    const fetchMock = serve(false, { pairs: [], players: 0 });
    await openWith(path, pattern, element, [bo, cy]);
    expect(screen.queryByRole('region', { name: "Your friends' web" })).toBeNull();
    expect(circleCalls(fetchMock)).toEqual([]);
  });
});
