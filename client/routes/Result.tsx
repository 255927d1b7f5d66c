import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PRODUCT_NAME } from '../../shared/product.js';
import { getComparison } from '../api/calls.js';
import { errorMessage } from '../api/http.js';
import { useApi } from '../api/useApi.js';
import { FriendsCircle } from '../components/FriendsCircle.js';
import { Gauge } from '../components/Gauge.js';
import { type Comparison, RoundsComparison } from '../components/RoundsComparison.js';
import { ScoreCaption } from '../components/ScoreCaption.js';
import { ShareResult } from '../components/ShareResult.js';
import { Spinner } from '../components/Spinner.js';
import { formatCount } from '../i18n/format.js';
import { shownName } from '../i18n/names.js';
import { useLanguage } from '../i18n/useLanguage.js';
import { absoluteUrl, joinPath, scoreboardPath } from '../paths.js';
import { saveCreatorName } from '../state/game.js';
import { storedUserId } from '../state/user.js';
import type { LandingState } from './Landing.js';
import '../i18n/screens.js';

/**
 * A friend's score with the creator: the gauge, then the caption and what it means; then the
 * reveal: their place among the friends, a way to share it, and every round's two answers.
 * One call (get-comparison with the stored userId) brings the creator's name, the score and the rounds.
 */
export default function Result() {
  const { gameId = '' } = useParams();
  const navigate = useNavigate();
  const { i18n, t } = useLingui();
  const lang = useLanguage();
  const playerId = storedUserId();
  const load = useApi(
    ['get-comparison', gameId, playerId, lang],
    (signal) => getComparison(gameId, { playerId: playerId ?? '' }, lang, signal),
    { enabled: Boolean(gameId && playerId) },
  );
  const comparison: Comparison | undefined = load.data;

  useEffect(() => {
    if (comparison) saveCreatorName(gameId, comparison.creatorName);
  }, [comparison, gameId]);
  useEffect(() => {
    if (!load.error) return;
    const state: LandingState = { error: errorMessage(load.error, 'Failed to fetch score') };
    navigate('/', { replace: true, state });
  }, [load.error, navigate]);

  if (!gameId || !playerId) {
    return (
      <main className="screen result">
        <h1>{t`Invalid game or user information`}</h1>
        <Link className="button button--primary" to="/">
          {t`Play A New Game With Your Friends`}
        </Link>
      </main>
    );
  }
  if (comparison === undefined) {
    return (
      <main className="screen result">
        <h1 className="visually-hidden">{t`Your ${PRODUCT_NAME} score`}</h1>
        <Spinner label={t`Loading your score`} />
      </main>
    );
  }

  const creator = shownName(i18n, comparison.creatorName);
  const [rank, players] = [formatCount(i18n, comparison.rank), formatCount(i18n, comparison.players)];
  return (
    <main className="screen result">
      <h1 className="result__title">{t`Your ${PRODUCT_NAME} Score with ${creator} is`}</h1>
      <Gauge score={comparison.score} />
      <ScoreCaption score={comparison.score} />
      <p className="rank">
        <Trans>
          <strong className="rank__place">
            #{rank} of {players}
          </strong>{' '}
          among {creator}'s friends. <Link to={scoreboardPath(gameId)}>See the scoreboard</Link>
        </Trans>
      </p>
      <ShareResult score={comparison.score} creatorName={comparison.creatorName} link={absoluteUrl(joinPath(gameId))} />
      <RoundsComparison comparison={comparison} labels={{ player: t`You`, creator }} />
      <FriendsCircle gameId={gameId} playerId={playerId} creatorName={comparison.creatorName} />
      <Link className="button button--secondary" to="/">
        {t`Play A New Game With Your Friends`}
      </Link>
    </main>
  );
}
