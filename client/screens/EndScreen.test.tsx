import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveOwnPlayerId } from '../state/publicIds.js';
import { advance, FakeWebSocket, mockFetch, renderAt } from '../test/helpers.js';
import EndScreen from './EndScreen.js';
import Scoreboard from './Scoreboard.js';

const GAME_ID = 'gameAbc12345';
const link = `${window.location.origin}/join/${GAME_ID}`;
const openEndScreen = () => renderAt(`/endscreen/${GAME_ID}`, '/endscreen/:gameId', <EndScreen />);

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.install();
});

describe('end screen', () => {
  it('thanks the creator, copies the join link and says so for 1.5 s', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    openEndScreen();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thanks for playing Wavelength!');
    // The button is named for what it does; the link is shown as text beside it.
    expect(screen.getByTestId('share-url').textContent).toBe(link);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await advance(0);
    expect(writeText).toHaveBeenCalledWith(link);
    expect(screen.getByText('Copied to clipboard!')).toBeTruthy();
    await advance(1_499);
    expect(screen.getByText('Copied to clipboard!')).toBeTruthy();
    await advance(1);
    expect(screen.queryByText('Copied to clipboard!')).toBeNull();
  });

  it('offers Share only where the browser can share', async () => {
    openEndScreen();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it('shares with the product title and text', async () => {
    const share = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, share });
    openEndScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: 'Join me on Wavelength!', text: 'Wavelength with me!', url: link });
  });

  it("lists friends' scores live and links to the scoreboard", () => {
    openEndScreen();
    expect(screen.getByRole('link', { name: 'See how your friends did' }).getAttribute('href')).toBe(
      `/scoreboard/${GAME_ID}`,
    );
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.receive({ type: 'snapshot', players: [] });
    FakeWebSocket.latest.receive({ type: 'player', player: { playerID: 'p1', playerName: '', score: 7.5 } });
    expect(screen.getByRole('cell', { name: 'Anonymous' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '7.5/10' })).toBeTruthy();
  });
});

describe('scoreboard', () => {
  it('says no one has played yet, then shows each friend as they arrive', () => {
    renderAt(`/scoreboard/${GAME_ID}`, '/scoreboard/:gameId', <Scoreboard />);
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.receive({ type: 'snapshot', players: [] });
    expect(screen.getByText('Looks like no one has played yet.')).toBeTruthy();
    FakeWebSocket.latest.receive({ type: 'player', player: { playerID: 'p1', playerName: 'Kim', score: 4 } });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Player Name', 'Score']);
    expect(screen.getByRole('cell', { name: 'Kim' })).toBeTruthy();
    expect(screen.queryByText('Looks like no one has played yet.')).toBeNull();
  });
});

describe("the creator opens a friend's answers", () => {
  const serveIsCreator = (isCreator: boolean) =>
    mockFetch(() => ({ body: { playerName: 'Sam', isCreator, hasPlayed: false } }));
  const friendArrives = () => {
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.receive({ type: 'snapshot', players: [{ playerID: 'pub1', playerName: 'Kim', score: 4 }] });
  };

  it.each([
    ['end screen', `/endscreen/${GAME_ID}`, '/endscreen/:gameId', <EndScreen key="e" />],
    ['scoreboard', `/scoreboard/${GAME_ID}`, '/scoreboard/:gameId', <Scoreboard key="s" />],
  ])('on the %s, a friend is a link to their comparison for the creator', async (_name, path, pattern, element) => {
    serveIsCreator(true);
    renderAt(path, pattern, element);
    await advance(0);
    friendArrives();
    expect(screen.getByRole('link', { name: 'Kim' }).getAttribute('href')).toBe(`/comparison/${GAME_ID}/pub1`);
    expect(screen.getByText('Tap a friend to see their answers.')).toBeTruthy();
  });

  it.each([
    ['end screen', `/endscreen/${GAME_ID}`, '/endscreen/:gameId', <EndScreen key="e" />],
    ['scoreboard', `/scoreboard/${GAME_ID}`, '/scoreboard/:gameId', <Scoreboard key="s" />],
  ])('on the %s, anyone else sees names only', async (_name, path, pattern, element) => {
    serveIsCreator(false);
    renderAt(path, pattern, element);
    await advance(0);
    friendArrives();
    expect(screen.queryByRole('link', { name: 'Kim' })).toBeNull();
    expect(screen.getByRole('cell', { name: 'Kim' })).toBeTruthy();
  });

  it.each([
    [true, 0],
    [false, 1],
  ])(
    'on the scoreboard, the creator (%s) is offered "Report this game" %i times: not their own game',
    async (creator, times) => {
      serveIsCreator(creator);
      renderAt(`/scoreboard/${GAME_ID}`, '/scoreboard/:gameId', <Scoreboard />);
      await advance(0);
      friendArrives();
      expect(screen.queryAllByRole('button', { name: 'Report this game' })).toHaveLength(times);
    },
  );

  it("marks the friend's own row on the scoreboard", async () => {
    saveOwnPlayerId(GAME_ID, 'pub1');
    serveIsCreator(false);
    renderAt(`/scoreboard/${GAME_ID}`, '/scoreboard/:gameId', <Scoreboard />);
    await advance(0);
    friendArrives();
    expect(screen.getByRole('cell', { name: 'Kim (you)' })).toBeTruthy();
  });
});

describe('a deleted or unknown game', () => {
  it.each([
    ['end screen', `/endscreen/${GAME_ID}`, '/endscreen/:gameId', <EndScreen key="e" />],
    ['scoreboard', `/scoreboard/${GAME_ID}`, '/scoreboard/:gameId', <Scoreboard key="s" />],
  ])(
    'the %s says it no longer exists, offers to make one, and stops connecting',
    async (_name, path, pattern, element) => {
      mockFetch(() => ({ status: 404, body: { message: 'This game does not exist. Check the link you followed.' } }));
      renderAt(path, pattern, element);
      FakeWebSocket.latest.open();
      FakeWebSocket.latest.receive({ type: 'snapshot', players: [{ playerID: 'p1', playerName: 'Kim', score: 4 }] });
      // Deleted on another device: the server says so, then closes with 4404.
      FakeWebSocket.latest.receive({ type: 'deleted' });
      FakeWebSocket.latest.drop(4404);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This game no longer exists.');
      expect(screen.getByRole('link', { name: 'Make your own game' }).getAttribute('href')).toBe('/');
      expect(screen.queryByText('Connecting…')).toBeNull();
      expect(screen.queryByText(/Send this link/)).toBeNull();
      await advance(60_000);
      expect(FakeWebSocket.instances).toHaveLength(1);
    },
  );
});

describe('new scores are announced to screen readers', () => {
  it.each([
    ['end screen', `/endscreen/${GAME_ID}`, '/endscreen/:gameId', <EndScreen key="e" />],
    ['scoreboard', `/scoreboard/${GAME_ID}`, '/scoreboard/:gameId', <Scoreboard key="s" />],
  ])('on the %s, in a polite live region: "Cy scored 8.4/10"', (_name, path, pattern, element) => {
    renderAt(path, pattern, element);
    const region = screen.getByTestId('score-announcer');
    expect(region.getAttribute('aria-live')).toBe('polite');
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.receive({ type: 'snapshot', players: [{ playerID: 'p1', playerName: 'Kim', score: 4 }] });
    // Those already there are read with the table, not announced.
    expect(region.textContent).toBe('');
    FakeWebSocket.latest.receive({ type: 'player', player: { playerID: 'p2', playerName: 'Cy', score: 8.4 } });
    expect(region.textContent).toBe('Cy scored 8.4/10');
  });
});
