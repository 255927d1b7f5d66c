import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { Question } from '../../../shared/model.js';
import { isolate } from '../../../shared/names.js';
import { CLASSIC_UNANSWERED, SPECTRUM_MAX } from '../../../shared/product.js';
import { useLatest } from '../../hooks/useLatest.js';
import { Isolated } from '../../i18n/Isolated.js';
import { SCALE_END_MESSAGES } from '../../i18n/scales.js';

/** How long a timed game shows a round's feedback before the next round. */
export const FEEDBACK_MS = 2500;

/** What the server said once a guess round was stored (answer-round's reply in a guess game). */
export interface RoundFeedback {
  creatorAnswer: number;
  points: number;
}

/**
 * A guess round's feedback: the creator's answer beside the friend's guess (Classic: right or
 * wrong, with the creator's word; Spectrum: both points on the track and how far off). Timed, it
 * moves on by itself after FEEDBACK_MS; "Take my time" waits for Next. `compact`: a reply that came
 * late (the play had already moved on), shown above the current round without holding it.
 */
export function GuessFeedback({
  question,
  guess,
  feedback,
  creator,
  timed,
  onNext,
  compact = false,
}: {
  question: Question;
  guess: number;
  feedback: RoundFeedback;
  /** The creator's name, or null when they gave none. */
  creator: string | null;
  timed: boolean;
  onNext?: () => void;
  compact?: boolean;
}) {
  const { i18n, t } = useLingui();
  const next = useLatest(onNext);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (compact) return;
    button.current?.focus();
    if (!timed) return;
    const timer = setTimeout(() => next.current?.(), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [compact, timed, next]);

  const { creatorAnswer, points } = feedback;
  // Isolated in a sentence: a right-to-left name keeps the words around it in order.
  const them = creator === null ? t`Your friend` : isolate(creator);
  let verdict: string;
  let detail: string;
  let body = null;
  if (question.edition === 'classic') {
    const word = question.words[creatorAnswer - 1] ?? '';
    const right = creatorAnswer === guess && creatorAnswer !== CLASSIC_UNANSWERED;
    verdict = right ? t`Right!` : guess === CLASSIC_UNANSWERED ? t`Time ran out` : t`Not quite`;
    detail = creatorAnswer === CLASSIC_UNANSWERED ? t`${them} left this one blank.` : t`${them} said “${word}”.`;
  } else {
    const off = Math.abs(creatorAnswer - guess);
    verdict = off === 0 ? t`Spot on!` : off <= 10 ? t`Close!` : t`Not quite`;
    detail = off === 0 ? t`Exactly where ${them} put it.` : t`Off by ${i18n.number(off)}.`;
    const [low, high] = SCALE_END_MESSAGES[question.scale].map((end) => i18n._(end));
    const you = t`Your guess`;
    // What is read out: the name plain (isolates mean nothing there).
    const trackLabel = (them: string) =>
      t`${you}: ${guess}, ${them}: ${creatorAnswer}, on a scale from ${low} (0) to ${high} (100)`;
    // The reveal's track (result/SpectrumTrack.tsx), drawn here again: importing it would give the
    // lazy screens one more shared chunk, named in the landing's entry, which is at its budget.
    const x = (answer: number) => 14 + (272 * answer) / SPECTRUM_MAX;
    body = (
      <div className="reveal-track">
        <svg
          className="reveal-track__svg"
          viewBox="0 0 300 28"
          role="img"
          aria-label={trackLabel(creator ?? t`Your friend`)}
        >
          <line className="reveal-track__line" x1={14} x2={286} y1={14} y2={14} />
          <line className="reveal-track__gap" x1={x(guess)} x2={x(creatorAnswer)} y1={14} y2={14} />
          <circle className="reveal-marker reveal-marker--creator" cx={x(creatorAnswer)} cy={14} r={10} />
          <circle className="reveal-marker reveal-marker--player" cx={x(guess)} cy={14} r={6} />
        </svg>
        <div className="reveal-track__ends" aria-hidden="true">
          <span>{low}</span>
          <span>{high}</span>
        </div>
        <ul className="reveal-track__legend" aria-hidden="true">
          <li className="reveal-key reveal-key--player">
            {you} <strong>{guess}</strong>
          </li>
          <li className="reveal-key reveal-key--creator">
            <Isolated text={them} /> <strong>{creatorAnswer}</strong>
          </li>
        </ul>
      </div>
    );
  }
  const score = t`${i18n.number(points)} of 10 points`;

  if (compact) {
    return (
      <p className="guess-late" role="status">
        <strong>{verdict}</strong> <Isolated text={detail} /> {score}
      </p>
    );
  }
  return (
    <section className={`guess-feedback${points >= 5 ? ' guess-feedback--close' : ''}`} aria-live="polite">
      <p className="guess-feedback__question">{question.text}</p>
      <h2 className="guess-feedback__verdict">{verdict}</h2>
      <p className="guess-feedback__detail">
        <Isolated text={detail} />
      </p>
      {body}
      <p className="guess-feedback__points">{score}</p>
      <button ref={button} type="button" className="button button--primary" onClick={() => onNext?.()}>
        {t`Next`}
      </button>
    </section>
  );
}
