import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Player } from '../../../shared/api.js';
import { advance, FakeWebSocket } from '../../test/helpers.js';
import { useLiveScoreboard } from './useLiveScoreboard.js';

const ann: Player = { playerID: 'p1', playerName: 'Ann', score: 6 };

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.install();
});

// The connection's behaviour is tested in live-connection.test.ts; here, that the hook drives one per game.
describe('useLiveScoreboard', () => {
  it("renders the connection's list as it changes", () => {
    const { result } = renderHook(() => useLiveScoreboard('game1'));
    expect(result.current).toMatchObject({ players: [], connected: false, loaded: false });
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.receive({ type: 'snapshot', players: [ann] });
    expect(result.current).toMatchObject({ players: [ann], connected: true, loaded: true });
  });

  it('opens nothing without a game id', () => {
    renderHook(() => useLiveScoreboard(undefined));
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it("closes the old game's socket and starts afresh on another game", () => {
    const { result, rerender } = renderHook(({ id }) => useLiveScoreboard(id), { initialProps: { id: 'game1' } });
    const first = FakeWebSocket.latest;
    first.open();
    first.receive({ type: 'snapshot', players: [ann] });
    rerender({ id: 'game2' });
    expect(first.closedByClient).toBe(true);
    expect(FakeWebSocket.latest.url).toMatch(/\/prod\/live\/game2$/);
    expect(result.current).toMatchObject({ players: [], loaded: false });
  });

  it('closes the socket and stops reconnecting when unmounted', async () => {
    const { unmount } = renderHook(() => useLiveScoreboard('game1'));
    const socket = FakeWebSocket.latest;
    socket.open();
    unmount();
    expect(socket.closedByClient).toBe(true);
    await advance(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
