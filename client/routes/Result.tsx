import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { displayName, PRODUCT_NAME } from '../../shared/product.js';
import { getScore, hasPlayed } from '../api/calls.js';
import { errorMessage } from '../api/http.js';
import { Gauge } from '../components/Gauge.js';
import { ScoreCaption } from '../components/ScoreCaption.js';
import { Spinner } from '../components/Spinner.js';
import { creatorName, saveCreatorName } from '../state/game.js';
import { storedUserId } from '../state/user.js';
import type { LandingState } from './Landing.js';

/** A friend's score with the creator: the gauge, then the caption and what it means. */
export default function Result() {
  const { gameId = '' } = useParams();
  const navigate = useNavigate();
  const playerId = storedUserId();
  const [creator, setCreator] = useState(() => (gameId ? creatorName(gameId) : null));
  const [score, setScore] = useState<number | null>(null);

  useEffect(() => {
    if (!gameId || !playerId) return;
    const controller = new AbortController();
    const knownCreator = creatorName(gameId);
    Promise.all([
      knownCreator ?? hasPlayed(gameId, controller.signal).then(({ playerName }) => playerName),
      getScore(gameId, playerId, controller.signal),
    ])
      .then(([name, result]) => {
        saveCreatorName(gameId, name);
        setCreator(name);
        setScore(result.score);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const state: LandingState = { error: errorMessage(error, 'Failed to fetch score') };
        navigate('/', { replace: true, state });
      });
    return () => controller.abort();
  }, [gameId, playerId, navigate]);

  if (!gameId || !playerId) {
    return (
      <main className="screen result">
        <h1>Invalid game or user information</h1>
        <Link className="button button--primary" to="/">
          Play A New Game With Your Friends
        </Link>
      </main>
    );
  }
  if (score === null || creator === null) {
    return (
      <main className="screen result">
        <h1 className="visually-hidden">Your {PRODUCT_NAME} score</h1>
        <Spinner label="Loading your score" />
      </main>
    );
  }

  return (
    <main className="screen result">
      <h1 className="result__title">
        Your {PRODUCT_NAME} Score with {displayName(creator)} is
      </h1>
      <Gauge score={score} />
      <ScoreCaption score={score} />
      <Link className="button button--primary" to="/">
        Play A New Game With Your Friends
      </Link>
    </main>
  );
}
