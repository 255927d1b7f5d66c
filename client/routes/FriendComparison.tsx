import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { displayName } from '../../shared/product.js';
import { getComparison } from '../api/calls.js';
import { errorMessage } from '../api/http.js';
import { type Comparison, RoundsComparison } from '../components/RoundsComparison.js';
import { Spinner } from '../components/Spinner.js';
import { scoreboardPath } from '../paths.js';
import { userId } from '../state/user.js';

type Loaded = { comparison: Comparison } | { error: string };

/** The creator's view of one friend: that friend's answers beside their own, round by round. */
export default function FriendComparison() {
  const { gameId = '', playerID = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setLoaded(null);
    getComparison(gameId, { userId: userId(), playerID }, controller.signal)
      .then((comparison) => setLoaded({ comparison }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setLoaded({ error: errorMessage(error, "Failed to load this friend's answers") });
      });
    return () => controller.abort();
  }, [gameId, playerID]);

  const back = (
    <Link className="button button--secondary" to={scoreboardPath(gameId)}>
      Back to the scoreboard
    </Link>
  );
  if (loaded === null) {
    return (
      <main className="screen comparison">
        <h1 className="visually-hidden">A friend's answers</h1>
        <Spinner label="Loading answers" />
      </main>
    );
  }
  if ('error' in loaded) {
    return (
      <main className="screen comparison">
        <h1>These answers cannot be shown</h1>
        <p className="alert" role="alert">
          {loaded.error}
        </p>
        {back}
      </main>
    );
  }
  const { comparison } = loaded;
  const friend = displayName(comparison.playerName);
  return (
    <main className="screen comparison">
      <h1>{friend}'s answers and yours</h1>
      <p className="lead">
        {friend} scored <strong>{comparison.score}</strong> with you:{' '}
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
