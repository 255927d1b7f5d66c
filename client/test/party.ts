import type { PartyMe, PartyState } from '../../shared/party.js';
import { FakeWebSocket } from './helpers.js';

/** A party's state for the phone's tests: Ada (host), Bo and Cy, a Spectrum guess party of 3 rounds. */
export const PARTY_ID = 'party1234567';

export const partyState = (change: Partial<PartyState> = {}): PartyState => ({
  partyId: PARTY_ID,
  phase: 'lobby',
  pausedPhase: null,
  code: 'BCDFG',
  gameType: 'Spectrum',
  format: 'guess',
  timing: 'standard',
  lang: 'en',
  round: 0,
  rounds: 3,
  question: null,
  subject: null,
  closesInMs: null,
  players: [
    { playerID: 'a', playerName: 'Ada', host: true, connected: true, answered: false, points: 0 },
    { playerID: 'b', playerName: 'Bo', host: false, connected: true, answered: false, points: 0 },
    { playerID: 'c', playerName: 'Cy', host: false, connected: true, answered: false, points: 0 },
  ],
  reveal: null,
  final: null,
  nextPartyId: null,
  ...change,
});

/** Round 1's answering, about Ada (Spectrum, "Rarely–Often"), 20 s left. */
export const answering = (change: Partial<PartyState> = {}): PartyState =>
  partyState({
    phase: 'answering',
    question: { questionID: 's1', question: 'How often do you sing in the shower?', options: 'A' },
    subject: { playerID: 'a', playerName: 'Ada' },
    closesInMs: 20_000,
    ...change,
  });

let seq = 0;
/** The server's `party` message on the latest socket (opened first if it is not yet). */
export function sendState(state: PartyState, me?: PartyMe): void {
  const socket = FakeWebSocket.latest;
  if (socket.readyState !== FakeWebSocket.OPEN) socket.open();
  seq += 1;
  socket.receive({ type: 'party', seq, ...state, ...(me && { me }) });
}

/** A small message right after the last one (`answered` or `presence`). */
export function sendSmall(
  message: { type: 'answered'; playerID: string } | { type: 'presence'; playerID: string; connected: boolean },
): void {
  seq += 1;
  FakeWebSocket.latest.receive({ ...message, seq });
}
