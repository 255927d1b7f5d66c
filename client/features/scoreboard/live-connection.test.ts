import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Player } from '../../../shared/api.js';
import { FakeWebSocket, mockFetch } from '../../test/helpers.js';
import { type LiveScoreboard, LiveScoreboardConnection, liveUrl, reconnectDelay } from './live-connection.js';

const GAME_ID = 'gameAbc12345';
const ann: Player = { playerID: 'p1', playerName: 'Ann', score: 6 };
const bob: Player = { playerID: 'p2', playerName: 'Bob', score: 3 };
const cat: Player = { playerID: 'p3', playerName: 'Cat', score: 8.5 };
const dan: Player = { playerID: 'p4', playerName: 'Dan', score: 4 };

const names = (players: Player[]) => players.map((p) => p.playerName);
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

let connection: LiveScoreboardConnection;
let changes: LiveScoreboard[];
function start(gameId = GAME_ID): LiveScoreboardConnection {
  changes = [];
  connection = new LiveScoreboardConnection(gameId, (state) => changes.push(state));
  connection.start();
  return connection;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.install();
  // Jitter at its midpoint: delays are exactly 0.5 s, 1 s, 2 s…
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});

afterEach(() => connection?.stop());

describe('LiveScoreboardConnection', () => {
  it('opens the game channel on this host, and names the secure one on https', () => {
    start();
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(FakeWebSocket.latest.url).toBe(`ws://${window.location.host}/prod/live/${GAME_ID}`);
    expect(liveUrl('x', { protocol: 'https:', host: 'wave.example' })).toBe('wss://wave.example/prod/live/x');
  });

  it("names this browser's id where a creator may watch, so that the server can tell the creator's socket", () => {
    const id = '0b5c3e5e-7d3a-4f7e-9a51-3c2b1a0f9e8d';
    connection = new LiveScoreboardConnection(GAME_ID, () => {}, id);
    connection.start();
    expect(FakeWebSocket.latest.url).toBe(`ws://${window.location.host}/prod/live/${GAME_ID}?userId=${id}`);
  });

  it('applies the snapshot, then each player message in scoreboard order, handing over every change', () => {
    const live = start();
    expect(live.state).toMatchObject({ players: [], connected: false, loaded: false });
    FakeWebSocket.latest.open();
    expect(live.state.connected).toBe(true);
    FakeWebSocket.latest.receive({ type: 'snapshot', players: [ann, bob] });
    expect(live.state.loaded).toBe(true);
    expect(names(live.state.players)).toEqual(['Ann', 'Bob']);
    FakeWebSocket.latest.receive({ type: 'player', player: cat });
    FakeWebSocket.latest.receive({ type: 'player', player: dan });
    expect(names(live.state.players)).toEqual(['Cat', 'Ann', 'Dan', 'Bob']);
    FakeWebSocket.latest.receive({ type: 'removed', playerID: ann.playerID });
    expect(names(live.state.players)).toEqual(['Cat', 'Dan', 'Bob']);
    expect(changes.map((state) => state.players.length)).toEqual([0, 2, 3, 4, 3]);
    expect(changes.at(-1)).toBe(live.state);
  });

  it('ignores malformed messages', () => {
    const live = start();
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.receive({ type: 'snapshot', players: [ann] });
    const before = changes.length;
    FakeWebSocket.latest.receive({ type: 'player', player: { playerID: 'x' } });
    FakeWebSocket.latest.receive({ type: 'surprise' });
    // A party's message type is in the one list too, but not a game channel's.
    FakeWebSocket.latest.receive({ type: 'presence', seq: 1, playerID: 'x', connected: true });
    expect(names(live.state.players)).toEqual(['Ann']);
    expect(changes).toHaveLength(before);
  });

  it('reconnects after a drop and replaces the list with the fresh snapshot', async () => {
    const live = start();
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.receive({ type: 'snapshot', players: [ann, bob] });
    FakeWebSocket.latest.drop(1006);
    expect(live.state.connected).toBe(false);
    expect(names(live.state.players)).toEqual(['Ann', 'Bob']);
    await advance(499);
    expect(FakeWebSocket.instances).toHaveLength(1);
    await advance(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest.open();
    // Bob's entry is gone and Cat arrived while we were away: the snapshot is the truth.
    FakeWebSocket.latest.receive({ type: 'snapshot', players: [cat, ann] });
    expect(names(live.state.players)).toEqual(['Cat', 'Ann']);
    expect(live.state.connected).toBe(true);
  });

  it('backs off exponentially while the server stays away', async () => {
    mockFetch(() => ({ status: 503 }));
    start();
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
    start();
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

  it('retries at once when the browser is back online, without waiting out the backoff', async () => {
    mockFetch(() => ({ status: 503 }));
    start();
    for (const delay of [500, 1_000, 2_000]) {
      FakeWebSocket.latest.drop();
      await advance(delay);
    }
    FakeWebSocket.latest.drop();
    await advance(0);
    expect(FakeWebSocket.instances).toHaveLength(4);
    window.dispatchEvent(new Event('online'));
    expect(FakeWebSocket.instances).toHaveLength(5);
    // The backoff starts over too: the next drop waits 0.5 s, not 8 s.
    FakeWebSocket.latest.drop();
    await advance(500);
    expect(FakeWebSocket.instances).toHaveLength(6);
  });

  it('stops for good on close code 4404', async () => {
    const live = start();
    FakeWebSocket.latest.drop(4404);
    await advance(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(live.state.gone).toBe(true);
  });

  it('stops for good when the upgrade was refused and the API says the game does not exist', async () => {
    const fetchMock = mockFetch(() => ({ status: 404, body: { message: 'This game does not exist.' } }));
    const live = start();
    FakeWebSocket.latest.drop(1006);
    await advance(60_000);
    expect(String(fetchMock.mock.calls[0][0])).toBe(`/prod/get-all-players?gameId=${GAME_ID}`);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(live.state).toMatchObject({ gone: true, loaded: true, players: [] });
  });

  it('shows the API list while the socket cannot open, and keeps retrying', async () => {
    mockFetch(() => ({ body: { players: [ann] } }));
    const live = start();
    FakeWebSocket.latest.drop(1006);
    await advance(0);
    expect(names(live.state.players)).toEqual(['Ann']);
    await advance(500);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('closes the socket, stops reconnecting and hands over nothing more once stopped', async () => {
    const live = start();
    const socket = FakeWebSocket.latest;
    socket.open();
    const before = changes.length;
    live.stop();
    expect(socket.closedByClient).toBe(true);
    window.dispatchEvent(new Event('online'));
    await advance(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(changes).toHaveLength(before);
  });

  it('spreads each delay by ±25 % and caps it at 10 s', () => {
    expect(reconnectDelay(0, () => 0)).toBe(375);
    expect(reconnectDelay(0, () => 1)).toBe(625);
    expect(reconnectDelay(20, () => 1)).toBe(10_000);
  });
});
