import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Player } from '../../../shared/api.js';
import { advance, FakeWebSocket, mockFetch } from '../../test/helpers.js';
import { liveUrl, reconnectDelay, useLiveScoreboard } from './useLiveScoreboard.js';

const GAME_ID = 'gameAbc12345';
const ann: Player = { playerID: 'p1', playerName: 'Ann', score: 6 };
const bob: Player = { playerID: 'p2', playerName: 'Bob', score: 3 };
const cat: Player = { playerID: 'p3', playerName: 'Cat', score: 8.5 };
const dan: Player = { playerID: 'p4', playerName: 'Dan', score: 4 };

const names = (players: Player[]) => players.map((p) => p.playerName);

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.install();
  // Jitter at its midpoint: delays are exactly 0.5 s, 1 s, 2 s…
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});

describe('useLiveScoreboard', () => {
  it('opens the game channel on this host', () => {
    renderHook(() => useLiveScoreboard(GAME_ID));
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(FakeWebSocket.latest.url).toBe(`ws://${window.location.host}/prod/live/${GAME_ID}`);
    expect(liveUrl('x', { protocol: 'https:', host: 'wave.example' })).toBe('wss://wave.example/prod/live/x');
  });

  it('applies the snapshot, then each player message in scoreboard order', () => {
    const { result } = renderHook(() => useLiveScoreboard(GAME_ID));
    expect(result.current).toMatchObject({ players: [], connected: false, loaded: false });
    FakeWebSocket.latest.open();
    expect(result.current.connected).toBe(true);
    FakeWebSocket.latest.receive({ type: 'snapshot', players: [ann, bob] });
    expect(result.current.loaded).toBe(true);
    expect(names(result.current.players)).toEqual(['Ann', 'Bob']);
    FakeWebSocket.latest.receive({ type: 'player', player: cat });
    FakeWebSocket.latest.receive({ type: 'player', player: dan });
    expect(names(result.current.players)).toEqual(['Cat', 'Ann', 'Dan', 'Bob']);
  });

  it('ignores malformed messages', () => {
    const { result } = renderHook(() => useLiveScoreboard(GAME_ID));
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.receive({ type: 'snapshot', players: [ann] });
    FakeWebSocket.latest.receive({ type: 'player', player: { playerID: 'x' } });
    FakeWebSocket.latest.receive({ type: 'surprise' });
    expect(names(result.current.players)).toEqual(['Ann']);
  });

  it('reconnects after a drop and replaces the list with the fresh snapshot', async () => {
    const { result } = renderHook(() => useLiveScoreboard(GAME_ID));
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.receive({ type: 'snapshot', players: [ann, bob] });
    FakeWebSocket.latest.drop(1006);
    expect(result.current.connected).toBe(false);
    expect(names(result.current.players)).toEqual(['Ann', 'Bob']);
    await advance(499);
    expect(FakeWebSocket.instances).toHaveLength(1);
    await advance(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest.open();
    // Bob's entry is gone and Cat arrived while we were away: the snapshot is the truth.
    FakeWebSocket.latest.receive({ type: 'snapshot', players: [cat, ann] });
    expect(names(result.current.players)).toEqual(['Cat', 'Ann']);
    expect(result.current.connected).toBe(true);
  });

  it('backs off exponentially while the server stays away', async () => {
    mockFetch(() => ({ status: 503 }));
    renderHook(() => useLiveScoreboard(GAME_ID));
    const expectedDelays = [500, 1_000, 2_000, 4_000, 8_000, 10_000, 10_000];
    for (const [i, delay] of expectedDelays.entries()) {
      FakeWebSocket.latest.drop(1006);
      await advance(delay - 1);
      expect(FakeWebSocket.instances).toHaveLength(i + 1);
      await advance(1);
      expect(FakeWebSocket.instances).toHaveLength(i + 2);
    }
  });

  it('starts the backoff over once a snapshot arrives', async () => {
    mockFetch(() => ({ status: 503 }));
    renderHook(() => useLiveScoreboard(GAME_ID));
    FakeWebSocket.latest.drop();
    await advance(500);
    FakeWebSocket.latest.drop();
    await advance(1_000);
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.receive({ type: 'snapshot', players: [] });
    FakeWebSocket.latest.drop();
    await advance(500);
    expect(FakeWebSocket.instances).toHaveLength(4);
  });

  it('stops for good on close code 4404', async () => {
    const { result } = renderHook(() => useLiveScoreboard(GAME_ID));
    FakeWebSocket.latest.drop(4404);
    await advance(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(result.current.gone).toBe(true);
  });

  it('stops for good when the upgrade was refused and the API says the game does not exist', async () => {
    const fetchMock = mockFetch(() => ({ status: 404, body: { message: 'This game does not exist.' } }));
    const { result } = renderHook(() => useLiveScoreboard(GAME_ID));
    FakeWebSocket.latest.drop(1006);
    await advance(60_000);
    expect(String(fetchMock.mock.calls[0][0])).toBe(`/prod/get-all-players?gameId=${GAME_ID}`);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(result.current).toMatchObject({ gone: true, loaded: true, players: [] });
  });

  it('shows the API list while the socket cannot open, and keeps retrying', async () => {
    mockFetch(() => ({ body: { players: [ann] } }));
    const { result } = renderHook(() => useLiveScoreboard(GAME_ID));
    FakeWebSocket.latest.drop(1006);
    await advance(0);
    expect(names(result.current.players)).toEqual(['Ann']);
    await advance(500);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('closes the socket and stops reconnecting when unmounted', async () => {
    const { unmount } = renderHook(() => useLiveScoreboard(GAME_ID));
    const socket = FakeWebSocket.latest;
    socket.open();
    unmount();
    expect(socket.closedByClient).toBe(true);
    await advance(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('spreads each delay by ±25 % and caps it at 10 s', () => {
    expect(reconnectDelay(0, () => 0)).toBe(375);
    expect(reconnectDelay(0, () => 1)).toBe(625);
    expect(reconnectDelay(20, () => 1)).toBe(10_000);
  });
});
