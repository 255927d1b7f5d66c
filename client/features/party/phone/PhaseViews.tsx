import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { aboutSubject, type PartyState } from '../../../../shared/party.js';
import { formatScore } from '../../../i18n/format.js';
import { Isolated } from '../../../i18n/Isolated.js';
import { nameInSentence } from '../../../i18n/names.js';
import { partyResultsPath } from '../../../paths.js';
import { bandWords } from '../../circle/bands.js';
import { PlayerList } from './PlayerList.js';
import { playerName, ranks } from './words.js';

/** "Round 2 of 10 — about Bo": the round to come, and its question a moment early. */
export function Intro({ state, meId }: { state: PartyState; meId: string | null }) {
  const { t } = useLingui();
  const you = state.subject !== null && state.subject.playerID === meId;
  return (
    <section className="party-intro" aria-labelledby="party-intro-question">
      {you && <p className="phone-round__ask phone-round__ask--mine">{t`This round is about you`}</p>}
      <h2 className="phone-round__question" id="party-intro-question">
        {state.question?.question}
      </h2>
      <p className="muted">{t`Get ready…`}</p>
    </section>
  );
}

/** Standings after a round: rank and points (guess), or who is here (alike has no points). */
export function Standings({ state, meId }: { state: PartyState; meId: string | null }) {
  const { t } = useLingui();
  const guess = aboutSubject(state.format);
  const ranked = guess
    ? ranks(
        state.players,
        (p) => p.playerID,
        (p) => p.points,
      )
    : undefined;
  const left = state.rounds - state.round - 1;
  return (
    <section className="phone-standings" aria-labelledby="phone-standings-title">
      <h2 id="phone-standings-title">{guess ? t`Standings` : t`Players`}</h2>
      <PlayerList players={state.players} meId={meId} ranked={ranked} />
      <p className="muted">{left > 0 ? t`Next round coming up.` : t`That was the last round.`}</p>
    </section>
  );
}

export function Paused({ host }: { host: boolean }) {
  const { t } = useLingui();
  return (
    <section className="phone-paused">
      <h2>{t`Paused`}</h2>
      <p className="lead">
        {host ? t`Resume when everyone is ready.` : t`The host paused the party. It goes on from here.`}
      </p>
    </section>
  );
}

/** The end: the podium (guess) or this player's closest match (alike), and the way to the results. */
export function Finished({ state, meId }: { state: PartyState; meId: string | null }) {
  const { i18n, t } = useLingui();
  const guess = aboutSubject(state.format);
  const ranked = ranks(
    state.players,
    (p) => p.playerID,
    (p) => p.points,
  );
  const podium = state.players.filter((player) => (ranked.get(player.playerID) ?? 99) <= 3);
  const match = state.final?.matches.find((m) => m.playerID === meId);
  const matchName = match === undefined ? '' : playerName(i18n, state.players, match.match);
  const band = match === undefined ? '' : bandWords(match.band);
  return (
    <section className="party-finished" aria-labelledby="party-finished-title">
      <h2 id="party-finished-title">{t`That's the party!`}</h2>
      {guess ? (
        <ol className="phone-podium" aria-label={t`Podium`}>
          {podium.map((player) => {
            const place = ranked.get(player.playerID) ?? 1;
            const points = formatScore(i18n, player.points);
            const name = nameInSentence(i18n, player.playerName);
            return (
              <li key={player.playerID} className={`phone-podium__place phone-podium__place--${place}`}>
                <span className="phone-podium__rank">{place}</span>
                <span className="party-list__name">
                  <Isolated text={t`${name} — ${points} points`} />
                </span>
              </li>
            );
          })}
        </ol>
      ) : (
        match !== undefined && (
          <p className="party-reveal__verdict">
            <Isolated text={t`Your closest match: ${matchName} (${band})`} />
          </p>
        )
      )}
      <Link className="button button--secondary" to={partyResultsPath(state.partyId)}>
        {t`See the results`}
      </Link>
    </section>
  );
}
