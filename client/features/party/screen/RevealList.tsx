import { useLingui } from '@lingui/react/macro';
import type { PartyReveal, PartyState } from '../../../../shared/party.js';
import { formatScore } from '../../../i18n/format.js';
import { Isolated } from '../../../i18n/Isolated.js';
import { nameInSentence } from '../../../i18n/names.js';
import { scaleEnds } from './Question.js';

/**
 * The reveal in words, for screen readers (the track and the words are pictures to them): the
 * subject's answer first in a guess party, then everyone's, closest first.
 */
export function RevealList({ state, reveal }: { state: PartyState; reveal: PartyReveal }) {
  const { i18n, t } = useLingui();
  const question = state.question;
  const ends = question ? scaleEnds(i18n, question) : null;
  const words = question && Array.isArray(question.options) ? question.options : [];
  const answerText = (answer: number): string => {
    if (ends) {
      const [low, high] = ends;
      return t`${answer} out of 100 (0 is ${low}, 100 is ${high})`;
    }
    return words[answer - 1] ?? '';
  };
  const player = (playerID: string) =>
    nameInSentence(i18n, state.players.find((p) => p.playerID === playerID)?.playerName ?? '');
  const guessing = state.subject !== null;
  const sorted = [...reveal.answers].sort((a, b) => (guessing ? b.points - a.points : a.answer - b.answer));
  const subject = state.subject ? nameInSentence(i18n, state.subject.playerName) : '';
  return (
    <section className="visually-hidden" data-testid="reveal-list">
      <h2>{t`The answers`}</h2>
      <ul>
        {guessing && (
          <li>
            <Isolated
              text={
                reveal.subjectAnswer === null
                  ? t`${subject} did not answer.`
                  : t`${subject}'s answer: ${answerText(reveal.subjectAnswer)}`
              }
            />
          </li>
        )}
        {sorted.map((answer) => {
          const who = player(answer.playerID);
          const said = answerText(answer.answer);
          const points = formatScore(i18n, answer.points);
          return (
            <li key={answer.playerID}>
              <Isolated text={guessing ? t`${who}: ${said}, ${points} points` : t`${who}: ${said}`} />
            </li>
          );
        })}
        {sorted.length === 0 && <li>{t`No one answered this round.`}</li>}
      </ul>
    </section>
  );
}
