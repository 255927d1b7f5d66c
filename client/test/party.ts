import type { PartyPlayer, PartyState } from '../../shared/party.js';

/** A party's state as the shared screen gets it (tests of the screen and the results). */
export const PARTY_ID = 'party1234567';

export const player = (playerID: string, playerName: string, change: Partial<PartyPlayer> = {}): PartyPlayer => ({
  playerID,
  playerName,
  host: false,
  connected: true,
  answered: false,
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
