import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { ClassicQuestion } from '../../shared/model.js';
import { CLASSIC_UNANSWERED } from '../../shared/product.js';
import { shuffledIndexes } from '../game/shuffle.js';
import { useRoundTimer } from '../game/useRoundTimer.js';
import { useLatest } from '../hooks/useLatest.js';
import { RoundLayout } from './RoundLayout.js';

export const CLASSIC_ADVANCE_MS = 200;

/**
 * One Classic round: the words in a fresh random order, answered by their 1-based position in
 * the question's original order (0 when the timer runs out first).
 * Untimed ("Take my time"): no timer; a pick can be changed, and Next sends it.
 */
export function ClassicRound({
  question,
  onAnswer,
  timed = true,
}: {
  question: ClassicQuestion;
  onAnswer: (answer: number) => void;
  timed?: boolean;
}) {
  const { t } = useLingui();
  const { words } = question;
  const [order] = useState(() => shuffledIndexes(words.length));
  const [picked, setPicked] = useState<number | null>(null);
  const [sent, setSent] = useState(false);
  const answer = useLatest(onAnswer);
  const progress = useRoundTimer(timed && picked === null, () => answer.current(CLASSIC_UNANSWERED));

  useEffect(() => {
    if (picked === null || !timed) return;
    const timer = setTimeout(() => answer.current(picked + 1), CLASSIC_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [picked, answer, timed]);

  const next = () => {
    if (picked === null || sent) return;
    setSent(true);
    answer.current(picked + 1);
  };

  return (
    <RoundLayout progress={progress} question={question.text} timed={timed}>
      <div className="options">
        {order.map((original, position) => (
          <button
            key={original}
            type="button"
            // biome-ignore lint/a11y/noAutofocus: each round replaces the last, so focus moves to its first choice; the keyboard never has to hunt for it.
            autoFocus={position === 0}
            className="option"
            aria-pressed={picked === original}
            disabled={timed ? picked !== null && picked !== original : sent}
            onClick={() => setPicked((current) => (timed ? (current ?? original) : original))}
          >
            {words[original]}
          </button>
        ))}
      </div>
      {!timed && (
        <button
          type="button"
          className="button button--primary round__next"
          disabled={picked === null || sent}
          onClick={next}
        >
          {t`Next`}
        </button>
      )}
    </RoundLayout>
  );
}
