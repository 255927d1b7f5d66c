/**
 * What a party's answers add up to: points, a round's reveal, the final results. Only revealed
 * rounds (`state.revealed`) are ever read here, so nothing computed from an answer shows before
 * its round's reveal.
 */
import { editionOf } from '../../shared/model.js';
import { aboutSubject, type PartyFinal, type PartyReveal } from '../../shared/party.js';
import { roundPoints } from '../../shared/score.js';
import type { Seat, StoredParty } from './repository.js';

type Band = 'in-tune' | 'close' | 'apart';
const bandOf = (score: number): Band => (score >= 8 ? 'in-tune' : score >= 5 ? 'close' : 'apart');
const PAIRS_SHOWN = 10;

/** round → playerID → answer, for the revealed rounds only. */
function revealedAnswers(party: StoredParty): Map<number, Map<string, number>> {
  const byRound = new Map<number, Map<string, number>>();
  for (const { round, playerID, answer } of party.answers) {
    if (round >= party.state.revealed) continue;
    if (!byRound.has(round)) byRound.set(round, new Map());
    byRound.get(round)?.set(playerID, answer);
  }
  return byRound;
}

const points = (party: StoredParty, a: number, b: number) => roundPoints(editionOf(party.state.gameType), a, b);

/** One revealed round: every answer with its points, the subject's answer, the closest. */
export function revealOf(party: StoredParty, round: number): PartyReveal {
  const answers = revealedAnswers(party).get(round) ?? new Map<string, number>();
  if (aboutSubject(party.state.format)) {
    const subject = party.state.subjects[round];
    const subjectAnswer = answers.get(subject) ?? null;
    const guesses = [...answers]
      .filter(([playerID]) => playerID !== subject)
      .map(([playerID, answer]) => ({
        playerID,
        answer,
        points: subjectAnswer === null ? 0 : points(party, subjectAnswer, answer),
      }));
    const best = Math.max(0, ...guesses.map((guess) => guess.points));
    const closest = best > 0 ? guesses.filter((guess) => guess.points === best).map((guess) => guess.playerID) : [];
    return { answers: guesses, subjectAnswer, closest };
  }
  const all = [...answers].map(([playerID, answer]) => ({ playerID, answer, points: 0 }));
  let closest: string[] = [];
  let bestGap = Number.POSITIVE_INFINITY;
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      const gap = -points(party, all[i].answer, all[j].answer);
      if (gap < bestGap) [bestGap, closest] = [gap, [all[i].playerID, all[j].playerID]];
    }
  }
  return { answers: all, subjectAnswer: null, closest };
}

/** Each player's points over the revealed rounds (guess; alike has none). */
export function pointsOf(party: StoredParty): Map<string, number> {
  const total = new Map(party.players.map((seat) => [seat.playerID, 0]));
  if (!aboutSubject(party.state.format)) return total;
  for (let round = 0; round < party.state.revealed; round++) {
    for (const { playerID, points: got } of revealOf(party, round).answers) {
      total.set(playerID, Math.round(((total.get(playerID) ?? 0) + got) * 10) / 10);
    }
  }
  return total;
}

/** guess: who knows each subject best; alike: the closest pairs and each player's closest match. */
export function finalOf(party: StoredParty, seats: readonly Seat[]): PartyFinal {
  const playing = new Set(seats.map((seat) => seat.playerID));
  if (aboutSubject(party.state.format)) {
    const perSubject = new Map<string, Map<string, number>>();
    for (let round = 0; round < party.state.revealed; round++) {
      const subject = party.state.subjects[round];
      const tally = perSubject.get(subject) ?? new Map<string, number>();
      for (const { playerID, points: got } of revealOf(party, round).answers) {
        if (playing.has(playerID)) tally.set(playerID, (tally.get(playerID) ?? 0) + got);
      }
      perSubject.set(subject, tally);
    }
    const knowsBest = [...perSubject]
      .filter(([subject]) => playing.has(subject))
      .flatMap(([subject, tally]) => {
        const [best] = [...tally].sort((a, b) => b[1] - a[1]);
        return best && best[1] > 0 ? [{ subject, playerID: best[0], points: Math.round(best[1] * 10) / 10 }] : [];
      });
    return { knowsBest, pairs: [], matches: [] };
  }
  const byRound = [...revealedAnswers(party).values()];
  const ids = seats.map((seat) => seat.playerID);
  const scored: { a: string; b: string; score: number }[] = [];
  for (let i = 0; i < ids.length; i++) {
    for (let j = i + 1; j < ids.length; j++) {
      const shared = byRound.filter((answers) => answers.has(ids[i]) && answers.has(ids[j]));
      if (shared.length === 0) continue;
      const sum = shared.reduce(
        (s, answers) => s + points(party, answers.get(ids[i]) ?? 0, answers.get(ids[j]) ?? 0),
        0,
      );
      scored.push({ a: ids[i], b: ids[j], score: sum / shared.length });
    }
  }
  scored.sort((x, y) => y.score - x.score);
  const pairs = scored.slice(0, PAIRS_SHOWN).map(({ a, b, score }) => ({ a, b, band: bandOf(score) }));
  const matches = ids.flatMap((playerID) => {
    const best = scored.find((pair) => pair.a === playerID || pair.b === playerID);
    if (!best) return [];
    return [{ playerID, match: best.a === playerID ? best.b : best.a, band: bandOf(best.score) }];
  });
  return { knowsBest: [], pairs, matches };
}
