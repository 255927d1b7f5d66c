import { useLingui } from '@lingui/react/macro';
import type { PartyReveal, PartyState } from '../../../../shared/party.js';
import { formatScore } from '../../../i18n/format.js';
import { Isolated } from '../../../i18n/Isolated.js';
import { nameInSentence } from '../../../i18n/names.js';
import { namesOf } from './round-words.js';

/**
 * A Classic round's reveal: each word with the names that picked it (a Classic answer is the
 * word's 1-based place), and in a guess party the subject's own word marked. Screen readers read
 * RevealList instead.
 */
export function ClassicWords({ state, reveal }: { state: PartyState; reveal: PartyReveal }) {
  const { i18n, t } = useLingui();
  const name = namesOf(i18n, state);
  const words = Array.isArray(state.question?.options) ? state.question.options : [];
  const guessing = state.subject !== null;
  const closest = new Set(reveal.closest);
  const subject = state.subject ? nameInSentence(i18n, state.subject.playerName) : '';
  const subjectsAnswer = t`${subject}'s answer`;
  return (
    <ol className="party-words" aria-hidden="true" data-testid="party-words">
      {words.map((word, index) => {
        const place = index + 1;
        const pickers = reveal.answers.filter((answer) => answer.answer === place);
        const subjects = guessing && reveal.subjectAnswer === place;
        return (
          <li key={word} className="party-words__word" data-subject={subjects || undefined} data-word={word}>
            <p className="party-words__text">
              {word}
              {subjects && (
                <span className="party-words__badge">
                  <Isolated text={subjectsAnswer} />
                </span>
              )}
            </p>
            <ul className="party-words__names">
              {pickers.map((answer) => (
                <li
                  key={answer.playerID}
                  data-player={answer.playerID}
                  data-closest={closest.has(answer.playerID) || undefined}
                >
                  <bdi>{name(answer.playerID)}</bdi>
                  {guessing && <span className="party-track__points"> +{formatScore(i18n, answer.points)}</span>}
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
