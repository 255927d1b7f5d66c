import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CirclePairsReply } from '../../../shared/api.js';
import EndScreen from '../../screens/EndScreen.js';
import Scoreboard from '../../screens/Scoreboard.js';
import { userId } from '../../state/user.js';
import { advance, type FakeResponse, FakeWebSocket, mockFetch, renderAt, sentence } from '../../test/helpers.js';
import { FRIENDS_WEB_TEXT } from './FriendsWeb.js';
import { REFETCH_SPREAD_MS } from './useCircle.js';

const GAME_ID = 'gameAbc12345';
const bo = { playerID: 'p-bo', playerName: 'Bo', score: 7 };
const cy = { playerID: 'p-cy', playerName: 'Cy', score: 4 };
const di = { playerID: 'p-di', playerName: 'Di', score: 2 };
const friend = ({ playerID, playerName }: typeof bo) => ({ playerID, playerName });
const pair = (a: typeof bo, b: typeof bo, band: 'in-tune' | 'close' | 'apart') => ({
  a: friend(a),
  b: friend(b),
  band,
});

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
      const fetchMock = serve(true, {
        pairs: [pair(bo, cy, 'in-tune'), pair(bo, di, 'close'), pair(cy, di, 'apart')],
        players: 3,
      });
      await openWith(path, pattern, element, [bo, cy, di]);
      expect(circleCalls(fetchMock)).toEqual([`/prod/get-circle?gameId=${GAME_ID}&userId=${userId()}`]);
      const web = screen.getByRole('region', { name: "Your friends' web" });
      expect(within(web).getByText(sentence('Closest pair: Bo and Cy — In tune'))).toBeTruthy();
      expect(within(web).getByRole('heading', { level: 3 }).textContent).toBe(
        'The 3 most in-tune pairs among 3 friends',
      );
      expect(
        within(web)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Bo and Cy — In tune', 'Bo and Di — Close', 'Cy and Di — Apart']);
    },
  );

  it.each(screens)('on the %s: waits for a second friend, and updates live', async (_name, path, pattern, element) => {
    const fetchMock = serve(true, { pairs: [], players: 1 }, { pairs: [pair(bo, cy, 'in-tune')], players: 2 });
    await openWith(path, pattern, element, [bo]);
    expect(screen.getByText(FRIENDS_WEB_TEXT.waiting)).toBeTruthy();
    FakeWebSocket.latest.receive({ type: 'player', player: cy });
    await advance(REFETCH_SPREAD_MS);
    expect(circleCalls(fetchMock)).toHaveLength(2);
    // Two friends are one pair, said once (issue 43.7): not as the closest pair, a heading and a list of one.
    const web = screen.getByRole('region', { name: "Your friends' web" });
    expect(within(web).getByText(sentence('Bo and Cy, the two friends who have played so far — In tune'))).toBeTruthy();
    expect(within(web).queryByRole('heading', { level: 3 })).toBeNull();
    expect(within(web).queryAllByRole('listitem')).toHaveLength(0);
    expect(web.textContent?.match(/Bo/g)).toHaveLength(1);
  });

  it("isolates each friend's name, so a right-to-left one (or one ending in a mark) leaves its line in order", async () => {
    const sara = { playerID: 'p-sara', playerName: 'سارا', score: 6 };
    const dana = { playerID: 'p-dana', playerName: 'דנה!', score: 5 };
    serve(true, { pairs: [pair(sara, bo, 'in-tune'), pair(dana, sara, 'close')], players: 3 });
    const [, path, pattern, element] = screens[0];
    await openWith(path, pattern, element, [sara, bo, dana]);
    const web = screen.getByRole('region', { name: "Your friends' web" });
    const isolated = (line: HTMLElement) => Array.from(line.querySelectorAll('bdi'), (name) => name.textContent);
    const closest = within(web).getByText(sentence('Closest pair: سارا and Bo — In tune'));
    expect(isolated(closest)).toEqual(['سارا', 'Bo']);
    expect(within(web).getAllByRole('listitem').map(isolated)).toEqual([
      ['سارا', 'Bo'],
      ['דנה!', 'سارا'],
    ]);
    // Nothing invisible in the page's text: the <bdi> does the isolating.
    expect(web.textContent).not.toMatch(/[\u2066-\u2069]/u);
  });

  it.each(screens)('on the %s: is not shown to anyone but a creator', async (_name, path, pattern, element) => {
    const fetchMock = serve(false, { pairs: [], players: 0 });
    await openWith(path, pattern, element, [bo, cy]);
    expect(screen.queryByRole('region', { name: "Your friends' web" })).toBeNull();
    expect(circleCalls(fetchMock)).toEqual([]);
  });
});
