import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { Question } from '../../../shared/model.js';
import { isolate } from '../../../shared/names.js';
import { CLASSIC_UNANSWERED } from '../../../shared/product.js';
import { verdictOf } from '../../../shared/reveal.js';
import { useLatest } from '../../hooks/useLatest.js';
import { Isolated } from '../../i18n/Isolated.js';
import { SCALE_END_MESSAGES } from '../../i18n/scales.js';
import { SpectrumTrack } from '../result/SpectrumTrack.js';

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
    // The reveal's bands (shared/reveal.ts): a guess worth half the points or more is close, never "Not quite".
    const band = verdictOf(points);
    verdict = band === 'in-tune' ? t`Spot on!` : band === 'close' ? t`Close!` : t`Not quite`;
    // A close guess is not told it missed: "Only 18 away."
    detail =
      off === 0
        ? t`Exactly where ${them} put it.`
        : band === 'apart'
          ? t`Off by ${i18n.number(off)}.`
          : t`Only ${i18n.number(off)} away.`;
    const [low, high] = SCALE_END_MESSAGES[question.scale].map((end) => i18n._(end));
    body = (
      <SpectrumTrack
        ends={[low, high]}
        player={guess}
        creator={creatorAnswer}
        labels={{ player: t`Your guess`, creator: creator ?? t`Your friend` }}
      />
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
    <section
      className={`guess-feedback${verdictOf(points) !== 'apart' ? ' guess-feedback--close' : ''}`}
      aria-live="polite"
    >
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
