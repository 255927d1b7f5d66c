import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { aboutSubject, type PartyState } from '../../../../shared/party.js';
import { failureText } from '../../../api/http.js';
import { partyAnswer } from '../../../api/party.js';
import { FailureText } from '../../../i18n/FailureText.js';
import type { Failure } from '../../../i18n/failure.js';
import { Isolated } from '../../../i18n/Isolated.js';
import { nameInSentence } from '../../../i18n/names.js';
import { AnswerInput } from './AnswerInput.js';
import { Countdown } from './Countdown.js';
import { PARTY_ACTION_FAILED } from './failures.js';
import { answerWords, waitingFor } from './words.js';

interface AnsweringProps {
  state: PartyState;
  userId: string;
  /** This phone's seat. */
  meId: string | null;
  myAnswer: number | null;
  seconds: number | null;
  /** This phone joined during this round: it plays from the next one. */
  joinedLate?: boolean;
  onAnswered: (answer: number, round: number) => void;
}

/**
 * The round's question and the one-thumb answer; in `guess` the subject hears "Everyone is
 * guessing your answer", the others "What would Bo say?". Once answered: who is still awaited.
 */
export function Answering({ state, userId, meId, myAnswer, seconds, joinedLate = false, onAnswered }: AnsweringProps) {
  const { i18n, t } = useLingui();
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<Failure | null>(null);
  const { question, subject } = state;
  const guess = aboutSubject(state.format);
  const mine = guess && subject !== null && subject.playerID === meId;
  const subjectName = subject === null ? '' : nameInSentence(i18n, subject.playerName);

  const send = async (answer: number) => {
    setSending(true);
    setProblem(null);
    try {
      await partyAnswer({ partyId: state.partyId, userId, round: state.round, answer });
      onAnswered(answer, state.round);
    } catch (error) {
      setProblem(failureText(error, PARTY_ACTION_FAILED));
    } finally {
      setSending(false);
    }
  };

  const more = waitingFor(state.players);
  const yours = myAnswer === null ? '' : answerWords(i18n, state, myAnswer);
  return (
    <section className="phone-round" aria-labelledby="party-question">
      <div className="phone-round__top">
        {seconds !== null && <Countdown seconds={seconds} />}
        {guess && subject !== null && (
          <p className={`phone-round__ask${mine ? ' phone-round__ask--mine' : ''}`}>
            <Isolated text={mine ? t`Everyone is guessing your answer` : t`What would ${subjectName} say?`} />
          </p>
        )}
      </div>
      <h2 className="phone-round__question" id="party-question">
        {question?.question}
      </h2>
      {joinedLate ? (
        <p className="phone-answered">{t`You're in! You'll play from the next round.`}</p>
      ) : myAnswer !== null ? (
        // Not a live region: the count changes with every answer, and PartyAnnouncer rations what is said.
        <div className="phone-answered">
          <p className="phone-answered__title">
            {more === 0
              ? t`Answered — everyone is in`
              : t`Answered — ${plural(more, { one: 'waiting for # more', other: 'waiting for # more' })}`}
          </p>
          <p className="muted">{t`Your answer: ${yours}`}</p>
        </div>
      ) : (
        question !== null && (
          // Keyed by round: a fresh slider (or a fresh pick) each round.
          <AnswerInput
            key={state.round}
            question={question}
            sending={sending}
            onAnswer={(answer) => void send(answer)}
          />
        )
      )}
      {problem && (
        <p className="alert" role="alert">
          <FailureText failure={problem} />
        </p>
      )}
    </section>
  );
}
