import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { PRODUCT_NAME } from '../../shared/product.js';
import { claimGame } from '../api/calls.js';
import { errorMessage } from '../api/http.js';
import { Spinner } from '../components/Spinner.js';
import { endScreenPath } from '../paths.js';
import { userId } from '../state/user.js';

/**
 * `/creator/{gameId}#{key}`: a creator's private link opened on another device. Makes this browser
 * a creator of that game, then shows its end screen (replacing this address, key and all, in history).
 */
export default function ClaimGame() {
  const { gameId = '' } = useParams();
  const key = useLocation().hash.slice(1);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!key) {
      setError('This creator link is incomplete: copy all of it, including the part after #.');
      return;
    }
    const controller = new AbortController();
    claimGame(gameId, key, userId())
      .then(() => {
        if (!controller.signal.aborted) navigate(endScreenPath(gameId), { replace: true });
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(failure, 'Failed to open the game'));
      });
    return () => controller.abort();
  }, [gameId, key, navigate]);

  if (error === null) {
    return (
      <main className="screen claim">
        <h1 className="visually-hidden">Opening your {PRODUCT_NAME} game</h1>
        <Spinner label="Opening your game" />
      </main>
    );
  }
  return (
    <main className="screen claim">
      <h1>This creator link did not work</h1>
      <p className="alert" role="alert">
        {error}
      </p>
      <Link className="button button--primary" to="/">
        Back to {PRODUCT_NAME}
      </Link>
    </main>
  );
}
