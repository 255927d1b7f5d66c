import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReplyOf } from '../../shared/api.js';
import { scaleOf } from '../../shared/model.js';
import { SCALE_END_MESSAGES } from '../i18n/scales.js';
import { type ComparisonLabels, SpectrumTrack } from './SpectrumTrack.js';

export type Comparison = ReplyOf<'get-comparison'>;
type Round = Comparison['rounds'][number];

/** Points of a round from which it counts as close (out of 10; Spectrum within about 10 of each other). */
export const CLOSE_POINTS = 8;

export type Verdict = 'match' | 'close' | 'apart';

export function verdictOf(points: number): Verdict {
  if (points >= 10) return 'match';
  return points >= CLOSE_POINTS ? 'close' : 'apart';
}

const VERDICT_LABELS: Record<Verdict, MessageDescriptor> = { match: msg`Match!`, close: msg`Close`, apart: msg`Apart` };

/** A Classic answer as its word: 0 (or anything off the list) is no answer. */
export function wordOf(options: readonly string[], answer: number): string | null {
  return answer >= 1 ? (options[answer - 1] ?? null) : null;
}

function ClassicAnswers({ round, options, labels }: { round: Round; options: string[]; labels: ComparisonLabels }) {
  const answers = [
    ['player', labels.player, wordOf(options, round.playerAnswer)],
    ['creator', labels.creator, wordOf(options, round.creatorAnswer)],
  ] as const;
  const { t } = useLingui();
  return (
    <dl className="reveal-answers">
      {answers.map(([who, label, word]) => (
        <div key={who} className={`reveal-answer reveal-answer--${who}`}>
          <dt>{label}</dt>
          <dd className={word === null ? 'reveal-answer__none' : undefined}>{word ?? t`no answer`}</dd>
        </div>
      ))}
    </dl>
  );
}

function RoundItem({ round, index, labels }: { round: Round; index: number; labels: ComparisonLabels }) {
  const verdict = verdictOf(round.points);
  const { options } = round;
  const { i18n, t } = useLingui();
  const number = index + 1;
  const [low, high] = SCALE_END_MESSAGES[Array.isArray(options) ? 'false-true' : scaleOf(options)];
  return (
    <li className={`reveal-round reveal-round--${verdict}`}>
      <div className="reveal-round__head">
        <span className="reveal-round__number">{t`Round ${number}`}</span>
        <span className={`verdict verdict--${verdict}`}>{i18n._(VERDICT_LABELS[verdict])}</span>
      </div>
      <h3 className="reveal-round__question">{round.question}</h3>
      {Array.isArray(options) ? (
        <ClassicAnswers round={round} options={options} labels={labels} />
      ) : (
        <SpectrumTrack
          ends={[i18n._(low), i18n._(high)]}
          player={round.playerAnswer}
          creator={round.creatorAnswer}
          labels={labels}
        />
      )}
    </li>
  );
}

/** Every round with both answers side by side, and which ones matched or were close. */
export function RoundsComparison({ comparison, labels }: { comparison: Comparison; labels: ComparisonLabels }) {
  const verdicts = comparison.rounds.map((round) => verdictOf(round.points));
  const matched = verdicts.filter((v) => v === 'match').length;
  const close = verdicts.filter((v) => v === 'close').length;
  const { i18n, t } = useLingui();
  const [shownMatched, rounds, shownClose] = [matched, comparison.rounds.length, close].map((n) => i18n.number(n));
  return (
    <section className="card reveal" aria-labelledby="reveal-heading">
      <h2 id="reveal-heading">{t`Question by question`}</h2>
      <p className="reveal__summary">
        {close > 0
          ? t`${shownMatched} of ${rounds} matched, ${shownClose} close`
          : t`${shownMatched} of ${rounds} matched`}
      </p>
      <ol className="reveal__rounds">
        {comparison.rounds.map((round, index) => (
          <RoundItem key={round.questionID} round={round} index={index} labels={labels} />
        ))}
      </ol>
    </section>
  );
}
