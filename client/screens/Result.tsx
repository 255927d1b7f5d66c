import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { modeOf } from '../../shared/modes.js';
import { namedCreator, PRODUCT_NAME } from '../../shared/product.js';
import { FETCH_SCORE, getComparison } from '../api/calls.js';
import { ApiError, failureText } from '../api/http.js';
import { useApi } from '../api/useApi.js';
import { useGameCheck } from '../api/useGameCheck.js';
import { Spinner } from '../components/Spinner.js';
import { FriendsCircle } from '../features/circle/FriendsCircle.js';
import { isRevealNeedsHalf, RevealNeedsHalf } from '../features/circle/RevealNeedsHalf.js';
import { friendsKey, useCircle } from '../features/circle/useCircle.js';
import { GameGone } from '../features/game-gone/GameGone.js';
import { LeaveNote } from '../features/notes/LeaveNote.js';
import { ReportGame } from '../features/report/ReportGame.js';
import { Gauge } from '../features/result/Gauge.js';
import { ResultTitle } from '../features/result/ResultTitle.js';
import { type Comparison, RoundsComparison } from '../features/result/RoundsComparison.js';
import { ScoreCaption } from '../features/result/ScoreCaption.js';
import { useLiveScoreboard } from '../features/scoreboard/useLiveScoreboard.js';
import { resultMessage } from '../features/share/grid.js';
import { MakeYourOwn } from '../features/share/MakeYourOwn.js';
import { ShareButtons } from '../features/share/ShareButtons.js';
import { ShareMyResult } from '../features/share/ShareMyResult.js';
import { FailureText } from '../i18n/FailureText.js';
import { failure, failureOf } from '../i18n/failure.js';
import { formatCount } from '../i18n/format.js';
import { Isolated } from '../i18n/Isolated.js';
import { creatorInSentence, nameInSentence } from '../i18n/names.js';
import { useLanguage } from '../i18n/useLanguage.js';
import { absoluteUrl, joinPath, type LandingState, type ResultState, scoreboardPath } from '../paths.js';
import { creatorName, saveCreatorName } from '../state/game.js';
import { ownPlayerId } from '../state/publicIds.js';
import { storedUserId } from '../state/user.js';
import '../i18n/screens.js';

/** A removed friend, when the server's own sentence did not arrive (client/i18n/failures.ts translates it by its code). */
const REMOVED = failure('removed_friend', 'The creator removed you from this game.');

/**
 * A friend's score with the creator (with "You already played this game." when a second tab or
 * Play found the answers already in): the gauge, then the caption and what it means; then the
 * reveal: their place among the friends, a way to share it, and every round's two answers.
 * One call (get-comparison with the stored userId) brings the creator's name, the score and the rounds.
 */
export default function Result() {
  const { gameId = '' } = useParams();
  const navigate = useNavigate();
  const { i18n, t } = useLingui();
  const lang = useLanguage();
  const alreadyPlayed = (useLocation().state as ResultState | null)?.alreadyPlayed === true;
  // Read once: asking is-creator below gives a fresh device an id, which has no score all the same.
  const [playerId] = useState(storedUserId);
  const load = useApi(
    ['get-comparison', gameId, playerId, lang],
    (signal) => getComparison(gameId, { playerId: playerId ?? '' }, lang, signal),
    { enabled: Boolean(gameId && playerId) },
  );
  const comparison: Comparison | undefined = load.data;
  // A play of fewer than half its rounds answered: a score, but no reveal (issue 30).
  const needsHalf = isRevealNeedsHalf(load.error);
  // No score here: the game is gone, this browser never played it, or its friend was removed.
  const noScore = !playerId || (!needsHalf && load.error instanceof ApiError && load.error.status === 404);
  const check = useGameCheck(gameId, noScore);

  // The board and the circle, live: the rank follows them, and a removal or a deletion shows at once.
  const live = useLiveScoreboard(comparison ? gameId : undefined);
  // A mode without a circle (guess: everyone guessed the same answers): never asked for.
  const circle = useCircle(
    gameId,
    { playerId: playerId ?? '' },
    comparison && modeOf(comparison.mode).circle ? friendsKey(live) : null,
  );
  const ownId = ownPlayerId(gameId);
  const ownIndex = ownId === null ? -1 : live.players.findIndex((player) => player.playerID === ownId);
  const [seenOnBoard, setSeenOnBoard] = useState(false);
  useEffect(() => {
    if (ownIndex >= 0) setSeenOnBoard(true);
  }, [ownIndex]);
  // On the live board a moment ago, gone from it now: the creator removed this friend.
  const removedLive = seenOnBoard && live.loaded && ownIndex < 0;

  useEffect(() => {
    if (comparison) saveCreatorName(gameId, comparison.creatorName);
  }, [comparison, gameId]);
  // Anything else (no connection, a server error, is-creator failing too) goes to the landing
  // screen, which says why.
  const failed = noScore ? check.gone === false && !check.info : load.error !== undefined && !needsHalf;
  useEffect(() => {
    if (!failed) return;
    const state: LandingState = { error: failureOf(load.error, FETCH_SCORE) };
    navigate('/', { replace: true, state });
  }, [failed, load.error, navigate]);

  if (check.gone || live.gone) return <GameGone />;
  if (needsHalf && playerId) {
    return <RevealNeedsHalf gameId={gameId} playerId={playerId} creatorName={creatorName(gameId) ?? undefined} />;
  }
  if (check.info && !check.info.hasPlayed) {
    // A stranger on a friend's result link: whose game it is, where its scores are, and a way in.
    const host = creatorInSentence(check.info.playerName);
    return (
      <main className="screen result">
        <h1>{t`This is a friend's result. Want to find out your own score?`}</h1>
        <p className="lead">
          <Isolated
            text={
              host === null
                ? t`It comes from a friend's ${PRODUCT_NAME} game. Play it, then compare.`
                : t`It comes from ${host}'s ${PRODUCT_NAME} game. Play it, then compare.`
            }
          />
        </p>
        <Link className="button button--primary" to={joinPath(gameId)}>
          {t`Play`}
        </Link>
        <Link className="button button--secondary" to={scoreboardPath(gameId)}>
          {t`See the scoreboard`}
        </Link>
      </main>
    );
  }
  if (check.info || removedLive) {
    return (
      <main className="screen result">
        <h1>
          <FailureText failure={failureText(load.error, REMOVED)} />
        </h1>
        <Link className="button button--primary" to="/">
          {t`Play A New Game With Your Friends`}
        </Link>
      </main>
    );
  }
  // A comparison only comes for a stored id (the call is enabled by it).
  if (comparison === undefined || !playerId) {
    return (
      <main className="screen result">
        <h1 className="visually-hidden">{t`Your ${PRODUCT_NAME} score`}</h1>
        <Spinner label={t`Loading your score`} />
      </main>
    );
  }

  // A creator who typed no name is "your friend". Names go into sentences isolated (a right-to-left one keeps its place).
  const named = namedCreator(comparison.creatorName);
  const creator = creatorInSentence(comparison.creatorName);
  const guess = modeOf(comparison.mode).friendsGuess;
  const withCircle = modeOf(comparison.mode).circle;
  // The live board's place once it is here (it follows friends who play later), else the reply's.
  const [place, count] = ownIndex >= 0 ? [ownIndex + 1, live.players.length] : [comparison.rank, comparison.players];
  const [rank, players] = [formatCount(i18n, place), formatCount(i18n, count)];
  const link = absoluteUrl(joinPath(gameId));
  const message = resultMessage(i18n, { ...comparison, guess, points: comparison.rounds.map((round) => round.points) });
  const closest = circle.reply?.matches[0];
  const friend = closest ? nameInSentence(i18n, closest.playerName) : '';
  return (
    <main className="screen result">
      {alreadyPlayed && (
        <p className="notice" role="status">
          {t`You already played this game.`}
        </p>
      )}
      <ResultTitle creator={creator} guess={guess} />
      <Gauge score={comparison.score} mode={comparison.mode} />
      <ScoreCaption score={comparison.score} mode={comparison.mode} />
      <Rank rank={rank} players={players} creator={named === null ? null : <bdi>{named}</bdi>} gameId={gameId} />
      {closest && withCircle && (
        // The circle sits under every round: a line here says who, and leads there.
        <p className="result__teaser">
          <a href="#circle">
            <Isolated text={teaser(i18n, closest.band, friend)} /> →
          </a>
        </p>
      )}
      <LeaveNote gameId={gameId} playerId={playerId} creator={creator} />
      <ShareMyResult gameId={gameId} playerID={ownPlayerId(gameId)} message={message} link={link} />
      <ShareButtons message={message} link={link} qrLink={link} />
      <MakeYourOwn gameId={gameId} creatorName={comparison.creatorName} />
      <RoundsComparison comparison={comparison} labels={{ player: t`You`, creator: named ?? t`Your friend` }} />
      {/* The circle is for alike games only: in a guess game everyone guessed the same answers. */}
      {withCircle && (
        <FriendsCircle
          gameId={gameId}
          playerId={playerId}
          creatorName={comparison.creatorName}
          shared={{ live, circle }}
        />
      )}
      <Link className="button button--secondary" to="/">
        {t`Play A New Game With Your Friends`}
      </Link>
      <ReportGame gameId={gameId} />
    </main>
  );
}

/** The line that leads down to the circle, in words that fit the closest friend's band. */
function teaser(i18n: I18n, band: string, friend: string): string {
  if (band === 'in-tune') return i18n._(msg`You're most in tune with ${friend}`);
  if (band === 'close') return i18n._(msg`You're closest to ${friend}`);
  return i18n._(msg`See how you compare with ${friend}`);
}

/** "#2 of 5 among Ada's friends. See the scoreboard", the creator's name (when they gave one) isolated in a <bdi>. */
function Rank({
  rank,
  players,
  creator,
  gameId,
}: {
  rank: string;
  players: string;
  creator: ReactNode | null;
  gameId: string;
}) {
  return (
    <p className="rank">
      {creator === null ? (
        <Trans>
          <strong className="rank__place">
            #{rank} of {players}
          </strong>{' '}
          among the friends who played. <Link to={scoreboardPath(gameId)}>See the scoreboard</Link>
        </Trans>
      ) : (
        <Trans>
          <strong className="rank__place">
            #{rank} of {players}
          </strong>{' '}
          among {creator}'s friends. <Link to={scoreboardPath(gameId)}>See the scoreboard</Link>
        </Trans>
      )}
    </p>
  );
}
