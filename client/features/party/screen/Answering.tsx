import { useLingui } from '@lingui/react/macro';
import type { PartyState } from '../../../../shared/party.js';
import { Isolated } from '../../../i18n/Isolated.js';
import { shownName } from '../../../i18n/names.js';
import { Countdown } from './Countdown.js';
import { Choices, Question } from './Question.js';
import { roundTitle } from './round-words.js';

/**
 * A round being answered: the question, the countdown, and who has answered (a tick by their name,
 * never what). The subject answers too, for themselves.
 */
export function Answering({ state, deadline }: { state: PartyState; deadline: number | null }) {
  const { i18n, t } = useLingui();
  const question = state.question;
  const answered = state.players.filter((player) => player.answered).length;
  // Who joined after the round began plays from the next: not counted, shown as waiting for it.
  const total = state.players.filter((player) => player.inRound).length;
  return (
    <div className="party-round">
      <header className="party-round__head">
        <p className="party-round__title">
          <Isolated text={roundTitle(i18n, state)} />
        </p>
        {deadline !== null && <Countdown deadline={deadline} phaseKey={`${state.partyId}/${state.round}/answering`} />}
      </header>
      {question && <Question question={question} />}
      {question && <Choices question={question} />}
      <section className="party-answered" aria-label={t`Who has answered`}>
        <p className="party-answered__count">{t`${answered} of ${total} answered`}</p>
        <ul className="party-names">
          {state.players.map((player) => (
            <li
              key={player.playerID}
              className="party-names__name"
              data-answered={player.answered}
              data-connected={player.connected}
              data-in-round={player.inRound}
            >
              <span className="party-names__tick" aria-hidden="true">
                {player.answered ? '✓' : ''}
              </span>
              <bdi>{shownName(i18n, player.playerName)}</bdi>
              <span className="visually-hidden">
                {player.answered ? t`answered` : player.inRound ? t`not yet` : t`plays from the next round`}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
