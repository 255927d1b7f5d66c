import type { ReplyOf } from '../../shared/api.js';
import { SCALE_ENDS, scaleOf } from '../../shared/model.js';
import { countVerdicts, type Verdict, verdictOf } from '../../shared/reveal.js';
import { SpectrumTrack } from './SpectrumTrack.js';

export type Comparison = ReplyOf<'get-comparison'>;
type Round = Comparison['rounds'][number];

/** Each round's label, judged from its points (shared/reveal.ts), as the score counts them. */
export const VERDICT_LABELS: Record<Verdict, string> = { 'in-tune': 'In tune', close: 'Close', apart: 'Apart' };

/** "3 in tune, 4 close, 3 apart", the verdicts no round got left out. */
export function revealSummary(verdicts: readonly Verdict[]): string {
  const counts = countVerdicts(verdicts);
  const parts = [
    [counts['in-tune'], 'in tune'],
    [counts.close, 'close'],
    [counts.apart, 'apart'],
  ] as const;
  return parts
    .filter(([count]) => count > 0)
    .map(([count, word]) => `${count} ${word}`)
    .join(', ');
}

/** Whose answers are shown, in the words of the person looking. */
export interface ComparisonLabels {
  player: string;
  creator: string;
}

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

/** Every round with both answers side by side, and which ones were in tune, close or apart. */
export function RoundsComparison({ comparison, labels }: { comparison: Comparison; labels: ComparisonLabels }) {
  const verdicts = comparison.rounds.map((round) => verdictOf(round.points));
  return (
    <section className="card reveal" aria-labelledby="reveal-heading">
      <h2 id="reveal-heading">Question by question</h2>
      <p className="reveal__summary">{revealSummary(verdicts)}</p>
      <ol className="reveal__rounds">
        {comparison.rounds.map((round, index) => (
          <RoundItem key={round.questionID} round={round} index={index} labels={labels} />
        ))}
      </ol>
    </section>
  );
}
