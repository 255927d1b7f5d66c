import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { PRODUCT_NAME } from '../../shared/product.js';
import { claimGame, OPEN_GAME } from '../api/calls.js';
import { useApi } from '../api/useApi.js';
import { isGameGoneError } from '../api/useGameCheck.js';
import { Spinner } from '../components/Spinner.js';
import { GameGone } from '../features/game-gone/GameGone.js';
import { FailureText } from '../i18n/FailureText.js';
import { failure, failureOf } from '../i18n/failure.js';
import { type EndScreenState, endScreenPath } from '../paths.js';
import { userId } from '../state/user.js';
import '../i18n/screens.js';

/**
 * `/creator/{gameId}#{key}`: a creator's private link opened on another device. Makes this browser
 * a creator of that game, then shows its end screen (replacing this address, key and all, in history).
 */
const INCOMPLETE = failure(
  'creator_link_incomplete',
  'This creator link is incomplete: copy all of it, including the part after #.',
);

export default function ClaimGame() {
  const { gameId = '' } = useParams();
  const key = useLocation().hash.slice(1);
  const navigate = useNavigate();
  const { t } = useLingui();
  const claim = useApi(['claim-game', gameId, key], () => claimGame(gameId, key, userId()), { enabled: key !== '' });

  useEffect(() => {
    if (!claim.data) return;
    const state: EndScreenState = { claimed: true };
    navigate(endScreenPath(gameId), { replace: true, state });
  }, [claim.data, gameId, navigate]);

  // claim-game answers 404 only for a game that is not there (a wrong key is 403).
  if (isGameGoneError(claim.error)) return <GameGone />;
  const error = !key ? INCOMPLETE : claim.error && failureOf(claim.error, OPEN_GAME);
  if (!error) {
    return (
      <main className="screen claim">
        <h1 className="visually-hidden">{t`Opening your ${PRODUCT_NAME} game`}</h1>
        <Spinner label={t`Opening your game`} />
      </main>
    );
  }
  return (
    <main className="screen claim">
      <h1>{t`This creator link did not work`}</h1>
      <p className="alert" role="alert">
        <FailureText failure={error} />
      </p>
      <Link className="button button--primary" to="/">
        {t`Back to ${PRODUCT_NAME}`}
      </Link>
    </main>
  );
}
