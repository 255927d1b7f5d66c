import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { scaleOf } from '../../../../shared/model.js';
import type { PartyState } from '../../../../shared/party.js';
import { SPECTRUM_MAX, SPECTRUM_MIN, SPECTRUM_START } from '../../../../shared/product.js';
import { SCALE_END_MESSAGES } from '../../../i18n/scales.js';
import { CLASSIC_SETTLE_MS } from '../../rounds/ClassicRound.js';

type Question = NonNullable<PartyState['question']>;

/**
 * One thumb: Spectrum is the game's slider with "Lock in" under it, in reach; Classic is the
 * game's word buttons, and a tap sends the word. `sending`: the answer is on its way (no second).
 */
export function AnswerInput({
  question,
  sending,
  onAnswer,
}: {
  question: Question;
  sending: boolean;
  onAnswer: (answer: number) => void;
}) {
  return Array.isArray(question.options) ? (
    <ClassicAnswer words={question.options} label={question.question} sending={sending} onAnswer={onAnswer} />
  ) : (
    <SpectrumAnswer scale={question.options} sending={sending} onAnswer={onAnswer} />
  );
}

function SpectrumAnswer({
  scale,
  sending,
  onAnswer,
}: {
  scale: string;
  sending: boolean;
  onAnswer: (answer: number) => void;
}) {
  const { i18n, t } = useLingui();
  const [low, high] = SCALE_END_MESSAGES[scaleOf(scale)].map((end) => i18n._(end));
  const [value, setValue] = useState(SPECTRUM_START);
  const hintId = useId();
  const shown = i18n.number(value);
  return (
    <div className="spectrum party-answer">
      <input
        className="spectrum__slider"
        type="range"
        min={SPECTRUM_MIN}
        max={SPECTRUM_MAX}
        step={1}
        value={value}
        aria-label={t`Your answer, from ${low} to ${high}`}
        aria-valuetext={t`${shown} out of ${SPECTRUM_MAX}, between ${low} and ${high}`}
        aria-describedby={hintId}
        disabled={sending}
        onChange={(event) => setValue(Number(event.target.value))}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          if (!sending) onAnswer(value);
        }}
      />
      <div className="spectrum__ends" aria-hidden="true">
        <span>{low}</span>
        <span>{high}</span>
      </div>
      <p className="spectrum__hint" id={hintId}>
        {t`Slide, then lock it in`}
      </p>
      <button
        type="button"
        className="button button--primary party-answer__send"
        disabled={sending}
        onClick={() => onAnswer(value)}
      >
        {sending ? t`Sending...` : t`Lock in ${shown}`}
      </button>
    </div>
  );
}

/**
 * The words in the question's order (the same order as on everyone's phone and the shared
 * screen, so "the third one" means one word in the room). A tap in the first moments after the
 * round shows is ignored: a thumb still moving from the last screen must not answer this one.
 */
function ClassicAnswer({
  words,
  label,
  sending,
  onAnswer,
}: {
  words: readonly string[];
  label: string;
  sending: boolean;
  onAnswer: (answer: number) => void;
}) {
  const [settled, setSettled] = useState(false);
  const [picked, setPicked] = useState<number | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), CLASSIC_SETTLE_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <fieldset className={settled ? 'options party-answer' : 'options options--settling party-answer'}>
      <legend className="visually-hidden">{label}</legend>
      {words.map((word, index) => (
        <button
          key={word}
          type="button"
          className="option"
          aria-pressed={picked === index + 1}
          disabled={sending && picked !== index + 1}
          onClick={() => {
            if (!settled || sending) return;
            setPicked(index + 1);
            onAnswer(index + 1);
          }}
        >
          {word}
        </button>
      ))}
    </fieldset>
  );
}
