import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { scaleOf } from '../../../../shared/model.js';
import type { PartyState } from '../../../../shared/party.js';
import { SCALE_END_MESSAGES } from '../../../i18n/scales.js';

type WireQuestion = NonNullable<PartyState['question']>;

/** A Spectrum question's two ends, in the screen's language; null for a Classic question. */
export function scaleEnds(i18n: I18n, question: WireQuestion): readonly [string, string] | null {
  if (Array.isArray(question.options)) return null;
  const [low, high] = SCALE_END_MESSAGES[scaleOf(question.options)];
  return [i18n._(low), i18n._(high)];
}

/** The round's question, as large as the screen allows (at least 4 % of its height, read from 3 m). */
export function Question({ question, compact = false }: { question: WireQuestion; compact?: boolean }) {
  // Compact under a title of its own (the intro's, the reveal's): then it is that title's subheading.
  const Heading = compact ? 'h2' : 'h1';
  return (
    <Heading
      className={compact ? 'party-question party-question--compact' : 'party-question'}
      data-testid="party-question"
    >
      {question.question}
    </Heading>
  );
}

/** What the phones offer this round: a Classic question's words, a Spectrum question's two ends. Never an answer. */
export function Choices({ question }: { question: WireQuestion }) {
  const { i18n } = useLingui();
  const ends = scaleEnds(i18n, question);
  if (ends) {
    return (
      <p className="party-ends">
        <span>{ends[0]}</span>
        <span className="party-ends__line" aria-hidden="true" />
        <span>{ends[1]}</span>
      </p>
    );
  }
  return (
    <ol className="party-choices">
      {(question.options as string[]).map((word) => (
        <li key={word}>{word}</li>
      ))}
    </ol>
  );
}
