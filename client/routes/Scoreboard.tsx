import { useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router-dom';
import { useIsCreator } from '../api/useIsCreator.js';
import { useLiveScoreboard } from '../api/useLiveScoreboard.js';
import { CreatorPlayersTable } from '../components/CreatorPlayersTable.js';
import { FriendsWeb } from '../components/FriendsWeb.js';
import { GameGone } from '../components/GameGone.js';
import { LiveBadge } from '../components/LiveBadge.js';
import { ScoreAnnouncer } from '../components/ScoreAnnouncer.js';
import { Spinner } from '../components/Spinner.js';
import { Replies } from '../features/share/Replies.js';
import { ownPlayerId } from '../state/publicIds.js';
import '../i18n/screens.js';

/** Everyone who played a game and their score with its creator, updated live. */
export default function Scoreboard() {
  const { gameId = '' } = useParams();
  const live = useLiveScoreboard(gameId);
  const isCreator = useIsCreator(gameId);
  const { t } = useLingui();
  // Deleted or never made: the live channel has stopped for good.
  if (live.gone) return <GameGone />;
  return (
    <main className="screen scoreboard">
      {isCreator && <Replies gameId={gameId} players={live.players} live={live.replies} />}
      <div className="scoreboard__head">
        <h1>{t`Scoreboard`}</h1>
        <LiveBadge connected={live.connected} />
      </div>
      <section className="card">
        {/* A failure is kept in live.error but not shown: the table then reads as empty. */}
        {live.loaded ? (
          <CreatorPlayersTable
            gameId={gameId}
            isCreator={isCreator}
            players={live.players}
            selfId={ownPlayerId(gameId)}
          />
        ) : (
          <Spinner label={t`Loading scores`} />
        )}
      </section>
      {isCreator && <FriendsWeb gameId={gameId} players={live.loaded ? live.players : null} />}
      <Link className="button button--secondary" to="/">
        {t`Play A New Game With Your Friends`}
      </Link>
      <ScoreAnnouncer players={live.players} loaded={live.loaded} />
    </main>
  );
}
