import { Link, useParams } from 'react-router-dom';
import { displayName } from '../../shared/product.js';
import { scoreText } from '../../shared/score-text.js';
import { getComparison } from '../api/calls.js';
import { ApiError, errorMessage } from '../api/http.js';
import { useApi } from '../api/useApi.js';
import { useGameCheck } from '../api/useGameCheck.js';
import { GameGone } from '../components/GameGone.js';
import { type Comparison, RoundsComparison } from '../components/RoundsComparison.js';
import { Spinner } from '../components/Spinner.js';
import { scoreboardPath } from '../paths.js';
import { userId } from '../state/user.js';

/** The creator's view of one friend: that friend's answers beside their own, round by round. */
export default function FriendComparison() {
  const { gameId = '', playerID = '' } = useParams();
  const load = useApi(['get-comparison', gameId, playerID], (signal) =>
    getComparison(gameId, { userId: userId(), playerID }, signal),
  );
  const comparison: Comparison | undefined = load.data;
  // A 404 is a friend no longer on the board, or the whole game gone: is-creator tells which.
  const notFound = load.error instanceof ApiError && load.error.status === 404;
  const check = useGameCheck(gameId, notFound);

  const back = (
    <Link className="button button--secondary" to={scoreboardPath(gameId)}>
      Back to the scoreboard
    </Link>
  );
  if (check.gone) return <GameGone />;
  if (load.error && (!notFound || check.gone === false)) {
    return (
      <main className="screen comparison">
        <h1>These answers cannot be shown</h1>
        <p className="alert" role="alert">
          {errorMessage(load.error, "Failed to load this friend's answers")}
        </p>
        {back}
      </main>
    );
  }
  if (comparison === undefined) {
    return (
      // Also while is-creator is asked why the comparison was not found.
      <main className="screen comparison">
        <h1 className="visually-hidden">A friend's answers</h1>
        <Spinner label="Loading answers" />
      </main>
    );
  }
  const friend = displayName(comparison.playerName);
  return (
    <main className="screen comparison">
      <h1>{friend}'s answers and yours</h1>
      <p className="lead">
        {friend} scored <strong>{scoreText(comparison.score)}</strong> with you:{' '}
        <strong>
          #{comparison.rank} of {comparison.players}
        </strong>{' '}
        on your scoreboard.
      </p>
      <RoundsComparison comparison={comparison} labels={{ player: friend, creator: 'You' }} />
      {back}
    </main>
  );
}
