/**
 * What a party shows: the one projection of its stored state for every reader (a phone, the
 * shared screen, get-party). No userId and no answer of an unrevealed round is ever in it; a
 * player's own answer goes only to them, in `me`.
 */
import type { Language } from '../../shared/languages.js';
import { editionOf, fromWireQuestion, toWireQuestion } from '../../shared/model.js';
import { aboutSubject, defaultRounds, type PartyMe, type PartyState } from '../../shared/party.js';
import type { QuestionTexts } from '../questions/translations.js';
import { isRoundPhase, shownPhase } from './clock.js';
import type { Seat, StoredParty } from './repository.js';
import { finalOf, pointsOf, revealOf } from './results.js';

/** Views by language of one stored party: a new party (every change is one) starts it over. */
export class ViewCache {
  private readonly views = new Map<Language, PartyState>();
  private party: StoredParty | undefined;

  of(party: StoredParty, lang: Language, make: () => PartyState): PartyState {
    if (this.party !== party) {
      this.views.clear();
      this.party = party;
    }
    let view = this.views.get(lang);
    if (!view) {
      view = make();
      this.views.set(lang, view);
    }
    return view;
  }
}

/** Seats still in the party (not kicked), in join order. */
export const seated = (party: StoredParty): Seat[] => party.players.filter((seat) => !seat.kicked);

export function partyView(
  party: StoredParty,
  now: number,
  connected: (playerID: string) => boolean,
  texts: QuestionTexts,
  lang: Language,
): PartyState {
  const { state } = party;
  const phase = shownPhase(state);
  const inRound = isRoundPhase(phase);
  const seats = seated(party);
  const points = pointsOf(party);
  const answered = new Set(inRound ? party.answers.filter((a) => a.round === state.round).map((a) => a.playerID) : []);
  const players = seats
    .map((seat) => ({
      playerID: seat.playerID,
      playerName: seat.name,
      host: seat.playerID === state.hostId,
      connected: connected(seat.playerID),
      answered: answered.has(seat.playerID),
      inRound: seat.fromRound <= state.round,
      points: points.get(seat.playerID) ?? 0,
    }))
    .sort((a, b) => b.points - a.points);
  const wire = inRound ? state.questions[state.round] : undefined;
  const question = wire
    ? toWireQuestion(texts.localize(fromWireQuestion(editionOf(state.gameType), wire), lang))
    : null;
  const subjectId = inRound && aboutSubject(state.format) ? state.subjects[state.round] : undefined;
  const subjectSeat = party.players.find((seat) => seat.playerID === subjectId);
  const revealed = (phase === 'reveal' || phase === 'standings') && state.revealed > state.round;
  return {
    partyId: party.partyId,
    phase: state.phase,
    pausedPhase: state.paused?.phase ?? null,
    code: state.locked || party.ended ? null : party.code,
    gameType: state.gameType,
    format: state.format,
    timing: state.timing,
    ...(state.pack === undefined ? {} : { pack: state.pack }),
    lang: state.lang,
    round: state.round,
    // In the lobby a guess party without `rounds` grows with its players (decided at the start).
    rounds:
      state.phase === 'lobby' && state.roundsAsked === null ? defaultRounds(state.format, seats.length) : state.rounds,
    question,
    subject: subjectSeat ? { playerID: subjectSeat.playerID, playerName: subjectSeat.name } : null,
    closesInMs: state.deadline === null ? null : Math.max(0, state.deadline - now),
    players,
    reveal: revealed ? revealOf(party, state.round) : null,
    final: state.phase === 'finished' ? finalOf(party, seats) : null,
    nextPartyId: state.nextPartyId,
  };
}

/** A player's own part: their public id, whether they host, their answer to this round (theirs only). */
export function meOf(party: StoredParty, seat: Seat): PartyMe {
  const inRound = isRoundPhase(shownPhase(party.state));
  const own = inRound
    ? party.answers.find((a) => a.round === party.state.round && a.playerID === seat.playerID)
    : undefined;
  return { playerID: seat.playerID, host: seat.playerID === party.state.hostId, answer: own?.answer ?? null };
}
