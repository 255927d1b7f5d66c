import type { ReplyOf } from '../../shared/api.js';
import { SCALE_ENDS, scaleOf } from '../../shared/model.js';
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

const VERDICT_LABELS: Record<Verdict, string> = { match: 'Match!', close: 'Close', apart: 'Apart' };

/** A Classic answer as its word: 0 (or anything off the list) is no answer. */
export function wordOf(options: readonly string[], answer: number): string | null {
  return answer >= 1 ? (options[answer - 1] ?? null) : null;
}

function ClassicAnswers({ round, options, labels }: { round: Round; options: string[]; labels: ComparisonLabels }) {
  const answers = [
    ['player', labels.player, wordOf(options, round.playerAnswer)],
    ['creator', labels.creator, wordOf(options, round.creatorAnswer)],
  ] as const;
  return (
    <dl className="reveal-answers">
      {answers.map(([who, label, word]) => (
        <div key={who} className={`reveal-answer reveal-answer--${who}`}>
          <dt>{label}</dt>
          <dd className={word === null ? 'reveal-answer__none' : undefined}>{word ?? 'no answer'}</dd>
        </div>
      ))}
    </dl>
  );
}

function RoundItem({ round, index, labels }: { round: Round; index: number; labels: ComparisonLabels }) {
  const verdict = verdictOf(round.points);
  const { options } = round;
  return (
    <li className={`reveal-round reveal-round--${verdict}`}>
      <div className="reveal-round__head">
        <span className="reveal-round__number">Round {index + 1}</span>
        <span className={`verdict verdict--${verdict}`}>{VERDICT_LABELS[verdict]}</span>
      </div>
      <h3 className="reveal-round__question">{round.question}</h3>
      {Array.isArray(options) ? (
        <ClassicAnswers round={round} options={options} labels={labels} />
      ) : (
        <SpectrumTrack
          ends={SCALE_ENDS[scaleOf(options)]}
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
  return (
    <section className="card reveal" aria-labelledby="reveal-heading">
      <h2 id="reveal-heading">Question by question</h2>
      <p className="reveal__summary">
        {matched} of {comparison.rounds.length} matched{close > 0 ? `, ${close} close` : ''}
      </p>
      <ol className="reveal__rounds">
        {comparison.rounds.map((round, index) => (
          <RoundItem key={round.questionID} round={round} index={index} labels={labels} />
        ))}
      </ol>
    </section>
  );
}
