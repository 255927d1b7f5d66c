import { useLingui } from '@lingui/react/macro';
import type { PartyFinal, PartyState } from '../../../../shared/party.js';
import { formatScore } from '../../../i18n/format.js';
import { Isolated } from '../../../i18n/Isolated.js';
import { nameInSentence, shownName } from '../../../i18n/names.js';
import { bandWords } from '../../circle/bands.js';
import { ranksOf } from '../screen/ranks.js';

const nameIn = (state: PartyState) => (playerID: string) =>
  state.players.find((player) => player.playerID === playerID)?.playerName ?? '';

/**
 * A guess party's podium: the first three by points (a tie shares a step), the winner in the
 * middle as podiums stand; read in rank order.
 */
export function Podium({ state }: { state: PartyState }) {
  const { i18n, t } = useLingui();
  const ranks = ranksOf(new Map(state.players.map((player) => [player.playerID, player.points])));
  const top = [...state.players].sort((a, b) => b.points - a.points).slice(0, 3);
  const pointsText = (points: number) => {
    const score = formatScore(i18n, points);
    return t`${score} points`;
  };
  return (
    <ol className="party-podium" data-testid="party-podium">
      {top.map((player) => {
        const rank = ranks.get(player.playerID) ?? 1;
        return (
          <li key={player.playerID} className="party-podium__step" data-rank={rank} data-player={player.playerID}>
            <span className="party-podium__rank" aria-hidden="true">
              {rank}
            </span>
            <bdi className="party-podium__name">{shownName(i18n, player.playerName)}</bdi>
            <span className="party-podium__points">{pointsText(player.points)}</span>
            <span className="visually-hidden">{t`Place ${rank}`}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** guess: for each subject, who knew them best ("Cy knows Bo best · 23 points"). */
export function KnowsBest({ state, final }: { state: PartyState; final: PartyFinal }) {
  const { i18n, t } = useLingui();
  const name = nameIn(state);
  if (final.knowsBest.length === 0) return null;
  return (
    <section className="party-final" aria-labelledby="party-knows-best">
      <h2 id="party-knows-best">{t`Who knows whom best`}</h2>
      <ul className="party-final__list" data-testid="knows-best">
        {final.knowsBest.map(({ subject, playerID, points }) => {
          const who = nameInSentence(i18n, name(playerID));
          const whom = nameInSentence(i18n, name(subject));
          const score = formatScore(i18n, points);
          return (
            <li key={subject}>
              <Isolated text={t`${who} knows ${whom} best`} />
              <span className="party-final__points">{t`${score} points`}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** alike: the room's closest pairs, closest first, each with its band ("In tune"). */
export function ClosestPairs({ state, final, limit }: { state: PartyState; final: PartyFinal; limit?: number }) {
  const { i18n, t } = useLingui();
  const name = nameIn(state);
  const pairs = final.pairs.slice(0, limit);
  if (pairs.length === 0) return <p className="party-final__none">{t`Too few answers to compare anyone.`}</p>;
  return (
    <ol className="party-pairs" data-testid="closest-pairs">
      {pairs.map(({ a, b, band }) => (
        <li key={`${a}-${b}`} className="party-pairs__pair" data-band={band}>
          <span className="party-pairs__names">
            <Isolated text={`${nameInSentence(i18n, name(a))} & ${nameInSentence(i18n, name(b))}`} />
          </span>
          <span className="party-pairs__band">{bandWords(band)}</span>
        </li>
      ))}
    </ol>
  );
}

/** alike: each player's closest match. */
export function Matches({ state, final }: { state: PartyState; final: PartyFinal }) {
  const { i18n, t } = useLingui();
  const name = nameIn(state);
  if (final.matches.length === 0) return null;
  return (
    <section className="party-final" aria-labelledby="party-matches">
      <h2 id="party-matches">{t`Everyone's closest match`}</h2>
      <ul className="party-final__list" data-testid="matches">
        {final.matches.map(({ playerID, match, band }) => {
          const who = nameInSentence(i18n, name(playerID));
          const whom = nameInSentence(i18n, name(match));
          return (
            <li key={playerID}>
              <Isolated text={t`${who} is closest to ${whom}`} />
              <span className="party-final__points">{bandWords(band)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
