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
 */
export function ClassicRound({
  question,
  onAnswer,
}: {
  question: ClassicQuestion;
  onAnswer: (answer: number) => void;
}) {
  const { words } = question;
  const [order] = useState(() => shuffledIndexes(words.length));
  const [picked, setPicked] = useState<number | null>(null);
  const answer = useLatest(onAnswer);
  const progress = useRoundTimer(picked === null, () => answer.current(CLASSIC_UNANSWERED));

  useEffect(() => {
    if (picked === null) return;
    const timer = setTimeout(() => answer.current(picked + 1), CLASSIC_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [picked, answer]);

  return (
    <RoundLayout progress={progress} question={question.text}>
      <div className="options">
        {order.map((original, position) => (
          <button
            key={original}
            type="button"
            // biome-ignore lint/a11y/noAutofocus: each round replaces the last, so focus moves to its first choice; the keyboard never has to hunt for it.
            autoFocus={position === 0}
            className="option"
            aria-pressed={picked === original}
            disabled={picked !== null && picked !== original}
            onClick={() => setPicked((current) => current ?? original)}
          >
            {words[original]}
          </button>
        ))}
      </div>
    </RoundLayout>
  );
}
