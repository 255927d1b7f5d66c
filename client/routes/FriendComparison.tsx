import { Link, useParams } from 'react-router-dom';
import { displayName } from '../../shared/product.js';
import { scoreText } from '../../shared/score-text.js';
import { getComparison } from '../api/calls.js';
import { errorMessage } from '../api/http.js';
import { useApi } from '../api/useApi.js';
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

  const back = (
    <Link className="button button--secondary" to={scoreboardPath(gameId)}>
      Back to the scoreboard
    </Link>
  );
  if (load.error) {
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
