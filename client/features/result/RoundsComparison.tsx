import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReplyOf } from '../../../shared/api.js';
import { scaleOf } from '../../../shared/model.js';
import { DEFAULT_MODE } from '../../../shared/modes.js';
import type { GameMode } from '../../../shared/product.js';
import { countVerdicts, type Verdict, verdictOf } from '../../../shared/reveal.js';
import { i18n } from '../../i18n/i18n.js';
import { SCALE_END_MESSAGES } from '../../i18n/scales.js';
import { type ComparisonLabels, SpectrumTrack } from './SpectrumTrack.js';

export type Comparison = ReplyOf<'get-comparison'>;
type Round = Comparison['rounds'][number];

/** Each round's label, judged from its points (shared/reveal.ts), as the score counts them. */
const VERDICT_LABELS: Record<Verdict, MessageDescriptor> = {
  'in-tune': msg({ id: 'verdict.in-tune', message: 'In tune' }),
  close: msg({ id: 'verdict.close', message: 'Close' }),
  apart: msg({ id: 'verdict.apart', message: 'Apart' }),
};

/** A guess game's round was a guess at the creator's answer: it hit, came close or missed. */
const GUESS_VERDICT_LABELS: Record<Verdict, MessageDescriptor> = {
  'in-tune': msg`Spot on`,
  close: msg({ id: 'guess-verdict.close', message: 'Close' }),
  apart: msg`Missed`,
};

/** The summary's part for each verdict: "3 in tune". */
const VERDICT_COUNTS: Record<Verdict, (count: string) => MessageDescriptor> = {
  'in-tune': (count) => msg`${count} in tune`,
  close: (count) => msg({ id: 'verdict.count.close', message: `${count} close` }),
  apart: (count) => msg`${count} apart`,
};

/** The same in a guess game: "3 spot on". */
const GUESS_VERDICT_COUNTS: Record<Verdict, (count: string) => MessageDescriptor> = {
  'in-tune': (count) => msg`${count} spot on`,
  close: (count) => msg({ id: 'guess-verdict.count.close', message: `${count} close` }),
  apart: (count) => msg`${count} missed`,
};

/** Each mode's verdict words (shared/modes.ts says what the modes are). */
const LABELS_BY_MODE: Record<GameMode, Record<Verdict, MessageDescriptor>> = {
  alike: VERDICT_LABELS,
  guess: GUESS_VERDICT_LABELS,
};
const COUNTS_BY_MODE: Record<GameMode, Record<Verdict, (count: string) => MessageDescriptor>> = {
  alike: VERDICT_COUNTS,
  guess: GUESS_VERDICT_COUNTS,
};

/** "3 in tune, 4 close, 3 apart" (a guess game: "3 spot on, 4 close, 3 missed") in the active language, the verdicts no round got left out. */
export function revealSummary(verdicts: readonly Verdict[], mode?: GameMode): string {
  const counts = countVerdicts(verdicts);
  const words = COUNTS_BY_MODE[mode ?? DEFAULT_MODE];
  return (['in-tune', 'close', 'apart'] as const)
    .filter((verdict) => counts[verdict] > 0)
    .map((verdict) => i18n._(words[verdict](i18n.number(counts[verdict]))))
    .join(', ');
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

function RoundItem({
  round,
  index,
  labels,
  verdictLabels,
}: {
  round: Round;
  index: number;
  labels: ComparisonLabels;
  /** The game's mode's words for how a round went. */
  verdictLabels: Record<Verdict, MessageDescriptor>;
}) {
  const verdict = verdictOf(round.points);
  const { options } = round;
  const { i18n, t } = useLingui();
  const number = index + 1;
  const [low, high] = SCALE_END_MESSAGES[Array.isArray(options) ? 'false-true' : scaleOf(options)];
  return (
    <li className={`reveal-round reveal-round--${verdict}`}>
      <div className="reveal-round__head">
        <span className="reveal-round__number">{t`Round ${number}`}</span>
        <span className={`verdict verdict--${verdict}`}>{i18n._(verdictLabels[verdict])}</span>
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

/** Every round with both answers side by side, and which ones were in tune, close or apart (a guess game: spot on, close or missed). */
export function RoundsComparison({ comparison, labels }: { comparison: Comparison; labels: ComparisonLabels }) {
  const verdicts = comparison.rounds.map((round) => verdictOf(round.points));
  const verdictLabels = LABELS_BY_MODE[comparison.mode ?? DEFAULT_MODE];
  const { t } = useLingui();
  return (
    <section className="card reveal" aria-labelledby="reveal-heading">
      <h2 id="reveal-heading">{t`Question by question`}</h2>
      <p className="reveal__summary">{revealSummary(verdicts, comparison.mode)}</p>
      <ol className="reveal__rounds">
        {comparison.rounds.map((round, index) => (
          <RoundItem key={round.questionID} round={round} index={index} labels={labels} verdictLabels={verdictLabels} />
        ))}
      </ol>
    </section>
  );
}
