import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PartyState } from '../../../../shared/party.js';
import { FakeWebSocket, mockFetch } from '../../../test/helpers.js';
import { PartyConnection, type PartyLive, partyLiveUrl } from './party-connection.js';

const PARTY = 'party1234567';
const USER = '5d0c5a4e-8a8e-4b9b-9d8a-0d2b7a1c3e4f';

const state = (change: Partial<PartyState> = {}): PartyState => ({
  partyId: PARTY,
  phase: 'answering',
  pausedPhase: null,
  code: 'BCDFG',
  gameType: 'Spectrum',
  format: 'guess',
  timing: 'standard',
  lang: 'en',
  round: 0,
  rounds: 3,
  question: { questionID: 'q1', question: 'Mountains or sea?', options: 'Mountains|Sea' },
  subject: { playerID: 'a', playerName: 'Ada' },
  closesInMs: 20_000,
  players: [
    { playerID: 'a', playerName: 'Ada', host: true, connected: true, answered: false, inRound: true, points: 0 },
    { playerID: 'b', playerName: 'Bo', host: false, connected: true, answered: false, inRound: true, points: 0 },
  ],
  reveal: null,
  final: null,
  nextPartyId: null,
  ...change,
});

let connection: PartyConnection;
let live: PartyLive;
let now: number;
function start(who: 'player' | 'screen' = 'player'): void {
  const userId = who === 'player' ? USER : undefined;
  connection = new PartyConnection(
    PARTY,
    (next) => (live = next),
    userId,
    'es',
    () => now,
  );
  connection.start();
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.install();
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
  now = 1_000_000;
});
afterEach(() => {
  connection?.stop();
  vi.useRealTimers();
});

describe('PartyConnection', () => {
  it("opens the party's channel and says hello as this player, in their language", () => {
    start();
    expect(FakeWebSocket.latest.url).toBe(`ws://${window.location.host}/prod/party-live/${PARTY}`);
    expect(partyLiveUrl('x', { protocol: 'https:', host: 'w.example' })).toBe('wss://w.example/prod/party-live/x');
    FakeWebSocket.latest.open();
    expect(FakeWebSocket.latest.sent).toEqual([{ type: 'hello', userId: USER, lang: 'es' }]);
  });

  it('says hello without an id on a shared screen', () => {
    start('screen');
    FakeWebSocket.latest.open();
    expect(FakeWebSocket.latest.sent).toEqual([{ type: 'hello', lang: 'es' }]);
  });

  it('applies small messages in order, and asks for the whole state when one is missed', () => {
    start();
    const socket = FakeWebSocket.latest;
    socket.open();
    socket.receive({ type: 'party', seq: 4, ...state() });
    socket.receive({ type: 'answered', seq: 5, playerID: 'b' });
    expect(live.state?.players.find((p) => p.playerID === 'b')?.answered).toBe(true);
    socket.receive({ type: 'presence', seq: 7, playerID: 'a', connected: false });
    expect(live.state?.players.find((p) => p.playerID === 'a')?.connected).toBe(true);
    expect(socket.sent.at(-1)).toEqual({ type: 'sync' });
    socket.receive({ type: 'answered', seq: 5, playerID: 'a' });
    expect(live.state?.players.find((p) => p.playerID === 'a')?.answered).toBe(false);
  });

  it('counts down from the first deadline: a later state of the same phase never moves it later', () => {
    start();
    const socket = FakeWebSocket.latest;
    socket.open();
    socket.receive({ type: 'party', seq: 1, ...state({ closesInMs: 20_000 }) });
    expect(live.deadline).toBe(now + 20_000);
    now += 5000;
    socket.receive({ type: 'party', seq: 2, ...state({ closesInMs: 16_000 }) });
    expect(live.deadline).toBe(1_000_000 + 20_000);
    socket.receive({ type: 'party', seq: 3, ...state({ phase: 'reveal', closesInMs: 8000 }) });
    expect(live.deadline).toBe(now + 8000);
  });

  it("keeps this phone's answer within its round, from the server's `me` after a reload", () => {
    start();
    const socket = FakeWebSocket.latest;
    socket.open();
    socket.receive({ type: 'party', seq: 1, ...state(), me: { playerID: 'b', host: false, answer: 42 } });
    expect(live.myAnswer).toBe(42);
    socket.receive({ type: 'party', seq: 2, ...state({ phase: 'reveal' }) });
    expect(live.myAnswer).toBe(42);
    socket.receive({ type: 'party', seq: 3, ...state({ phase: 'intro', round: 1 }) });
    expect(live.myAnswer).toBeNull();
    expect(live.me?.playerID).toBe('b');
  });

  it('takes an acknowledged answer for its own round only (a late reply does not answer the next)', () => {
    start();
    const socket = FakeWebSocket.latest;
    socket.open();
    socket.receive({ type: 'party', seq: 1, ...state({ round: 1 }) });
    connection.answered(30, 0);
    expect(live.myAnswer).toBeNull();
    connection.answered(64, 1);
    expect(live.myAnswer).toBe(64);
  });

  it('reconnects after a drop, and at once when the page comes back into view', async () => {
    start();
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.drop();
    expect(live.connected).toBe(false);
    expect(FakeWebSocket.instances).toHaveLength(1);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('stops for good when the party is unknown or this player was removed', () => {
    start();
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.drop(4403);
    expect(live.kicked).toBe(true);
    connection.stop();
    start();
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.drop(4404);
    expect(live.gone).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('asks the API whether a party exists when its socket never opened', async () => {
    mockFetch(() => ({ status: 404, body: { code: 'party_not_found', message: 'No open party has this code.' } }));
    start();
    FakeWebSocket.latest.drop();
    await vi.waitFor(() => expect(live.gone).toBe(true));
  });
});
