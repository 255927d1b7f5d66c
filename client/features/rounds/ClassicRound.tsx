import { useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { ClassicQuestion } from '../../../shared/model.js';
import { CLASSIC_UNANSWERED } from '../../../shared/product.js';
import { useLatest } from '../../hooks/useLatest.js';
import { RoundLayout } from './RoundLayout.js';
import { shuffledIndexes } from './shuffle.js';
import { useRoundTimer } from './useRoundTimer.js';

const CLASSIC_ADVANCE_MS = 200;
/**
 * A round takes no choice until it has been on screen this long: a hurried second tap meant for
 * the last round (it moves on 200 ms after a choice) would otherwise answer one never seen.
 */
export const CLASSIC_SETTLE_MS = 400;

/** Keys that move through the options (WAI-ARIA radio group), by how far they move. */
const MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowDown: (at, count) => (at + 1) % count,
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowUp: (at, count) => (at - 1 + count) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_at, count) => count - 1,
};

/**
 * One Classic round: the words in a fresh random order, answered by their 1-based position in
 * the question's original order (0 when the timer runs out first). The words are a radio group:
 * arrow keys (and Home/End) move through them without choosing; Enter, Space or a tap chooses.
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
  // Roving focus: one option is in the tab order, the arrows move it.
  const [focused, setFocused] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), CLASSIC_SETTLE_MS);
    return () => clearTimeout(timer);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    if (!move || (timed && picked !== null) || sent) return;
    event.preventDefault();
    const next = move(focused, order.length);
    setFocused(next);
    buttons.current[next]?.focus();
  };

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
      <div
        // Settling, taps pass through the options (ignored, and nothing said).
        className={settled ? 'options' : 'options options--settling'}
        role="radiogroup"
        aria-label={question.text}
        onKeyDown={onKeyDown}
      >
        {order.map((original, position) => (
          // biome-ignore lint/a11y/useSemanticElements: a native radio is checked by the arrow keys, which here would answer the round; these move focus only.
          <button
            key={original}
            ref={(button) => {
              buttons.current[position] = button;
            }}
            type="button"
            role="radio"
            // biome-ignore lint/a11y/noAutofocus: each round replaces the last, so focus moves to its first choice; the keyboard never has to hunt for it.
            autoFocus={position === 0}
            className="option"
            aria-checked={picked === original}
            tabIndex={position === focused ? 0 : -1}
            disabled={timed ? picked !== null && picked !== original : sent}
            onFocus={() => setFocused(position)}
            onClick={() => {
              if (settled) setPicked((current) => (timed ? (current ?? original) : original));
            }}
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
