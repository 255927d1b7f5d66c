import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { modeOf } from '../../../shared/modes.js';
import { FETCH_SCORE } from '../../api/calls.js';
import { ApiError, apiCall } from '../../api/http.js';
import { useApi } from '../../api/useApi.js';
import { useGameCheck } from '../../api/useGameCheck.js';
import { Spinner } from '../../components/Spinner.js';
import { i18n } from '../../i18n/i18n.js';
import { creatorInSentence } from '../../i18n/names.js';
import { scoreboardPath } from '../../paths.js';
import { Gauge } from '../result/Gauge.js';
import { ResultTitle } from '../result/ResultTitle.js';
import { ScoreCaption } from '../result/ScoreCaption.js';

/** The screen's own words (the server's sentence, in the reader's language). */
export const REVEAL_NEEDS_HALF_TEXT = {
  get sentence() {
    return i18n._(msg`Answer at least half the rounds to see the reveal.`);
  },
  get why() {
    return i18n._(
      msg`Most of your rounds ran out without an answer, so this play shows no answers side by side and no circle. Your score counts all the same.`,
    );
  },
  /** A guess game has no circle, and its rounds said how each guess did as they were played. */
  get whyGuess() {
    return i18n._(
      msg`Most of your rounds ran out without a guess, so this play shows no answers side by side. Your score counts all the same.`,
    );
  },
};

/** get-comparison's refusal for a play with fewer than half its rounds answered (issue 30), by its code. */
export function isRevealNeedsHalf(error: unknown): boolean {
  return error instanceof ApiError && error.failure.code === 'reveal_needs_half';
}

/**
 * The result of a play that answered fewer than half its rounds: its score (get-score) and why
 * there is no reveal, instead of the rounds side by side and the friends' circle.
 */
export function RevealNeedsHalf({
  gameId,
  playerId,
  creatorName,
}: {
  gameId: string;
  playerId: string;
  creatorName?: string;
}) {
  const { t } = useLingui();
  const score = useApi(['get-score', gameId, playerId], (signal) =>
    apiCall('get-score', { query: { gameId, playerId } }, { signal, fallback: FETCH_SCORE }),
  );
  // get-score does not say the mode (the original client's call); is-creator does.
  const mode = useGameCheck(gameId, true).info?.mode;
  const guess = modeOf(mode).friendsGuess;
  const creator = creatorName === undefined ? null : creatorInSentence(creatorName);
  return (
    <main className="screen result">
      <ResultTitle creator={creator} guess={guess} />
      {score.data ? (
        <>
          <Gauge score={score.data.score} mode={mode} />
          <ScoreCaption score={score.data.score} mode={mode} />
        </>
      ) : (
        !score.error && <Spinner label={t`Loading your score`} />
      )}
      <section className="card reveal-needs-half" aria-labelledby="reveal-needs-half">
        <h2 id="reveal-needs-half">{REVEAL_NEEDS_HALF_TEXT.sentence}</h2>
        <p>{guess ? REVEAL_NEEDS_HALF_TEXT.whyGuess : REVEAL_NEEDS_HALF_TEXT.why}</p>
        <Link to={scoreboardPath(gameId)}>{t`See the scoreboard`}</Link>
      </section>
      <Link className="button button--secondary" to="/">
        {t`Play A New Game With Your Friends`}
      </Link>
    </main>
  );
}
