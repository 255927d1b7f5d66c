import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { modeOf } from '../../shared/modes.js';
import { getComparison } from '../api/calls.js';
import { ApiError } from '../api/http.js';
import { useApi } from '../api/useApi.js';
import { useGameCheck } from '../api/useGameCheck.js';
import { Spinner } from '../components/Spinner.js';
import { GameGone } from '../features/game-gone/GameGone.js';
import { type Comparison, RoundsComparison } from '../features/result/RoundsComparison.js';
import { FailureText } from '../i18n/FailureText.js';
import { failure, failureOf } from '../i18n/failure.js';
import { formatCount, formatScoreText } from '../i18n/format.js';
import { Isolated } from '../i18n/Isolated.js';
import { nameInSentence, shownName } from '../i18n/names.js';
import { useLanguage } from '../i18n/useLanguage.js';
import { scoreboardPath } from '../paths.js';
import { userId } from '../state/user.js';
import '../i18n/screens.js';

const LOAD_ANSWERS = failure('load_answers_failed', "Failed to load this friend's answers");

/** The creator's view of one friend: that friend's answers beside their own, round by round. */
export default function FriendComparison() {
  const { gameId = '', playerID = '' } = useParams();
  const { i18n, t } = useLingui();
  const lang = useLanguage();
  const load = useApi(['get-comparison', gameId, playerID, lang], (signal) =>
    getComparison(gameId, { userId: userId(), playerID }, lang, signal),
  );
  const comparison: Comparison | undefined = load.data;
  // A 404 is a friend no longer on the board, or the whole game gone: is-creator tells which.
  const notFound = load.error instanceof ApiError && load.error.status === 404;
  const check = useGameCheck(gameId, notFound);

  const back = (
    <Link className="button button--secondary" to={scoreboardPath(gameId)}>
      {t`Back to the scoreboard`}
    </Link>
  );
  if (check.gone) return <GameGone />;
  if (load.error && (!notFound || check.gone === false)) {
    return (
      <main className="screen comparison">
        <h1>{t`These answers cannot be shown`}</h1>
        <p className="alert" role="alert">
          <FailureText failure={failureOf(load.error, LOAD_ANSWERS)} />
        </p>
        {back}
      </main>
    );
  }
  if (comparison === undefined) {
    return (
      // Also while is-creator is asked why the comparison was not found.
      <main className="screen comparison">
        <h1 className="visually-hidden">{t`A friend's answers`}</h1>
        <Spinner label={t`Loading answers`} />
      </main>
    );
  }
  const shown = shownName(i18n, comparison.playerName);
  // Isolated in a sentence: a right-to-left name keeps the words around it in order.
  const friend = nameInSentence(i18n, comparison.playerName);
  const score = formatScoreText(i18n, comparison.score);
  const [rank, players] = [formatCount(i18n, comparison.rank), formatCount(i18n, comparison.players)];
  return (
    <main className="screen comparison">
      <h1>
        <Isolated text={t`${friend}'s answers and yours`} />
      </h1>
      <ScoreLine
        guess={modeOf(comparison.mode).friendsGuess}
        friend={<bdi>{shown}</bdi>}
        score={score}
        rank={rank}
        players={players}
      />
      <RoundsComparison comparison={comparison} labels={{ player: shown, creator: t`You` }} />
      {back}
    </main>
  );
}

/** "Bo scored 8.4/10 with you: #2 of 5 on your scoreboard.", the friend's name in a <bdi>. */
function ScoreLine({
  guess,
  friend,
  score,
  rank,
  players,
}: {
  guess: boolean;
  friend: ReactNode;
  score: string;
  rank: string;
  players: string;
}) {
  return (
    <p className="lead">
      {guess ? (
        <Trans>
          {friend} scored <strong>{score}</strong> guessing your answers:{' '}
          <strong>
            #{rank} of {players}
          </strong>{' '}
          on your scoreboard.
        </Trans>
      ) : (
        <Trans>
          {friend} scored <strong>{score}</strong> with you:{' '}
          <strong>
            #{rank} of {players}
          </strong>{' '}
          on your scoreboard.
        </Trans>
      )}
    </p>
  );
}
