import { useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, type SyntheticEvent, useEffect, useId, useRef, useState } from 'react';
import type { SpectrumQuestion } from '../../../shared/model.js';
import { SPECTRUM_MAX, SPECTRUM_MIN, SPECTRUM_START } from '../../../shared/product.js';
import { useLatest } from '../../hooks/useLatest.js';
import { SCALE_END_MESSAGES } from '../../i18n/scales.js';
import { RoundLayout } from './RoundLayout.js';
import { useRoundTimer } from './useRoundTimer.js';

const SPECTRUM_ADVANCE_MS = 300;

/**
 * One Spectrum round: a slider from 0 to 100 starting at 50. The answer is committed when the
 * slider is released (or Enter is pressed) or when the timer ends, and the round moves on 300 ms later.
 * Untimed ("Take my time"): no timer, and letting go commits nothing; Next (or Enter) does.
 * The hint beneath names the keys a range input moves by, and Enter (onKeyDown below).
 */
export function SpectrumRound({
  question,
  onAnswer,
  timed = true,
}: {
  question: SpectrumQuestion;
  /** `timedOut`: the clock ran out on a slider nobody moved (an answer nobody gave). */
  onAnswer: (answer: number, timedOut?: boolean) => void;
  timed?: boolean;
}) {
  const { i18n, t } = useLingui();
  const [low, high] = SCALE_END_MESSAGES[question.scale].map((end) => i18n._(end));
  const [value, setValue] = useState(SPECTRUM_START);
  const [committed, setCommitted] = useState<number | null>(null);
  const hintId = useId();
  const committedRef = useRef<number | null>(null);
  const current = useLatest(value);
  const answer = useLatest(onAnswer);

  const commit = (answerValue: number) => {
    if (committedRef.current !== null) return;
    committedRef.current = answerValue;
    setValue(answerValue);
    setCommitted(answerValue);
  };
  // Moved at all (pointer, touch or keys): a slider left where it started when the clock ran out was not answered.
  const moved = useRef(false);
  const timedOut = useRef(false);
  const progress = useRoundTimer(timed && committed === null, () => {
    timedOut.current = !moved.current;
    commit(current.current);
  });

  useEffect(() => {
    if (committed === null) return;
    const timer = setTimeout(() => answer.current(committed, timedOut.current), SPECTRUM_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [committed, answer]);

  const release = (event: SyntheticEvent<HTMLInputElement>) => {
    if (timed) commit(Number(event.currentTarget.value));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit(Number(event.currentTarget.value));
    }
  };
  const shown = i18n.number(value);
  const hint =
    committed !== null ? t`Locked in` : timed ? t`Slide, then let go to lock it in` : t`Slide, then press Next`;

  return (
    <RoundLayout progress={progress} question={question.text} timed={timed}>
      <div className={`spectrum${committed === null ? '' : ' spectrum--locked'}`}>
        <input
          className="spectrum__slider"
          // biome-ignore lint/a11y/noAutofocus: each round replaces the last, so focus moves to its slider for keyboard players.
          autoFocus
          type="range"
          min={SPECTRUM_MIN}
          max={SPECTRUM_MAX}
          step={1}
          value={value}
          aria-label={t`Your answer, from ${low} to ${high}`}
          aria-valuetext={t`${shown} out of ${SPECTRUM_MAX}, between ${low} and ${high}`}
          aria-describedby={hintId}
          readOnly={committed !== null}
          onChange={(event) => {
            if (committed !== null) return;
            moved.current = true;
            setValue(Number(event.target.value));
          }}
          onPointerUp={release}
          onTouchEnd={release}
          onKeyDown={onKeyDown}
        />
        <div className="spectrum__ends" aria-hidden="true">
          <span>{low}</span>
          <span>{high}</span>
        </div>
        <p className="spectrum__hint" id={hintId}>
          {hint}
          <span className="spectrum__keys">{t`Keys: arrows move 1, Page Up/Down 10, Home/End to the ends; Enter locks it in.`}</span>
        </p>
      </div>
      {!timed && (
        <button
          type="button"
          className="button button--primary round__next"
          disabled={committed !== null}
          onClick={() => commit(current.current)}
        >
          {t`Next`}
        </button>
      )}
    </RoundLayout>
  );
}
