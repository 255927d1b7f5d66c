import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { namedCreator, PRODUCT_NAME } from '../../shared/product.js';
import { getComparison } from '../api/calls.js';
import { ApiError, errorMessage, failureText } from '../api/http.js';
import { useApi } from '../api/useApi.js';
import { useGameCheck } from '../api/useGameCheck.js';
import { GameGone } from '../components/GameGone.js';
import { Gauge } from '../components/Gauge.js';
import { type Comparison, RoundsComparison } from '../components/RoundsComparison.js';
import { ScoreCaption } from '../components/ScoreCaption.js';
import { ShareResult } from '../components/ShareResult.js';
import { Spinner } from '../components/Spinner.js';
import { absoluteUrl, joinPath, scoreboardPath } from '../paths.js';
import { saveCreatorName } from '../state/game.js';
import { storedUserId } from '../state/user.js';
import type { LandingState } from './Landing.js';

/** Someone on this result's link who has not played the game (a shared link, a fresh device). */
export const FRIENDS_RESULT = "This is a friend's result. Want to find out your own score?";
export const PLAY_IT = 'Play';
/** A removed friend, when the server's own sentence did not arrive. */
export const REMOVED = 'The creator removed you from this game.';
export const NEW_GAME = 'Play A New Game With Your Friends';
/** Shown above the result when this browser's answers were already in (another tab, a second Play). */
export const ALREADY_PLAYED = 'You already played this game.';

/** The heading, the rank's sentence and the answers' label; a creator who typed no name is "your friend". */
export function resultTexts(creatorName: string) {
  const name = namedCreator(creatorName);
  return {
    title: `Your ${PRODUCT_NAME} Score with ${name ?? 'your friend'} is`,
    among: name === null ? 'among the friends who played.' : `among ${name}'s friends.`,
    creatorLabel: name ?? 'Your friend',
  };
}

/** Router state a screen leaves when it sends the friend here. */
export interface ResultState {
  alreadyPlayed?: boolean;
}

/**
 * A friend's score with the creator: the gauge, then the caption and what it means; then the
 * reveal: their place among the friends, a way to share it, and every round's two answers.
 * One call (get-comparison with the stored userId) brings the creator's name, the score and the rounds.
 */
export default function Result() {
  const { gameId = '' } = useParams();
  const navigate = useNavigate();
  const alreadyPlayed = (useLocation().state as ResultState | null)?.alreadyPlayed === true;
  // Read once: asking is-creator below gives a fresh device an id, which has no score all the same.
  const [playerId] = useState(storedUserId);
  const load = useApi(
    ['get-comparison', gameId, playerId],
    (signal) => getComparison(gameId, { playerId: playerId ?? '' }, signal),
    { enabled: Boolean(gameId && playerId) },
  );
  const comparison: Comparison | undefined = load.data;
  // No score here: the game is gone, this browser never played it, or its friend was removed.
  const noScore = !playerId || (load.error instanceof ApiError && load.error.status === 404);
  const check = useGameCheck(gameId, noScore);

  useEffect(() => {
    if (comparison) saveCreatorName(gameId, comparison.creatorName);
  }, [comparison, gameId]);
  // Anything else (no connection, a server error, is-creator failing too) goes to the landing
  // screen, which says why.
  const failed = noScore ? check.gone === false && !check.info : load.error !== undefined;
  useEffect(() => {
    if (!failed) return;
    const state: LandingState = { error: errorMessage(load.error, 'Failed to fetch score') };
    navigate('/', { replace: true, state });
  }, [failed, load.error, navigate]);

  if (check.gone) return <GameGone />;
  if (check.info && !check.info.hasPlayed) {
    return (
      <main className="screen result">
        <h1>{FRIENDS_RESULT}</h1>
        <Link className="button button--primary" to={joinPath(gameId)}>
          {PLAY_IT}
        </Link>
      </main>
    );
  }
  if (check.info) {
    return (
      <main className="screen result">
        <h1>{failureText(load.error, REMOVED)}</h1>
        <Link className="button button--primary" to="/">
          {NEW_GAME}
        </Link>
      </main>
    );
  }
  if (comparison === undefined) {
    return (
      <main className="screen result">
        <h1 className="visually-hidden">Your {PRODUCT_NAME} score</h1>
        <Spinner label="Loading your score" />
      </main>
    );
  }

  const texts = resultTexts(comparison.creatorName);
  return (
    <main className="screen result">
      {alreadyPlayed && (
        <p className="notice" role="status">
          {ALREADY_PLAYED}
        </p>
      )}
      <h1 className="result__title">{texts.title}</h1>
      <Gauge score={comparison.score} />
      <ScoreCaption score={comparison.score} />
      <p className="rank">
        <strong className="rank__place">
          #{comparison.rank} of {comparison.players}
        </strong>{' '}
        {texts.among} <Link to={scoreboardPath(gameId)}>See the scoreboard</Link>
      </p>
      <ShareResult score={comparison.score} creatorName={comparison.creatorName} link={absoluteUrl(joinPath(gameId))} />
      <RoundsComparison comparison={comparison} labels={{ player: 'You', creator: texts.creatorLabel }} />
      <Link className="button button--secondary" to="/">
        {NEW_GAME}
      </Link>
    </main>
  );
}
