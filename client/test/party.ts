import type { PartyMe, PartyPlayer, PartyState } from '../../shared/party.js';
import { FakeWebSocket } from './helpers.js';

/** A party's state as the phones and the shared screen get it: Ada (host), Bo and Cy, a Spectrum guess party of 3 rounds. */
export const PARTY_ID = 'party1234567';

export const player = (playerID: string, playerName: string, change: Partial<PartyPlayer> = {}): PartyPlayer => ({
  playerID,
  playerName,
  host: false,
  connected: true,
  answered: false,
  inRound: true,
  points: 0,
  ...change,
});

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
  players: [player('a', 'Ada', { host: true }), player('b', 'Bo'), player('c', 'Cy')],
  reveal: null,
  final: null,
  nextPartyId: null,
  ...change,
});

export const SPECTRUM_QUESTION = { questionID: 'q1', question: 'I sing in the shower', options: 'A' };
export const CLASSIC_QUESTION = {
  questionID: 'q2',
  question: 'Best pizza topping?',
  options: ['Pineapple', 'Mushrooms', 'Olives', 'Salami'],
};

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
