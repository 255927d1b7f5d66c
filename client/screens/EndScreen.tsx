import { useLingui } from '@lingui/react/macro';
import { Link, useLocation, useParams } from 'react-router-dom';
import { modeOf } from '../../shared/modes.js';
import { PRODUCT_NAME } from '../../shared/product.js';
import { Spinner } from '../components/Spinner.js';
import { FriendsWeb } from '../features/circle/FriendsWeb.js';
import { CreatorPlayersTable } from '../features/creator/CreatorPlayersTable.js';
import { CreatorTools } from '../features/creator/CreatorTools.js';
import { UnfinishedPlays } from '../features/creator/UnfinishedPlays.js';
import { useCreatorCheck } from '../features/creator/useIsCreator.js';
import { GameGone } from '../features/game-gone/GameGone.js';
import { endScreenWords } from '../features/modes/end-screen-words.js';
import { useNotes } from '../features/notes/useNotes.js';
import { NotifyWhenFriendsPlay } from '../features/push/NotifyWhenFriendsPlay.js';
import { PlayingNow } from '../features/rounds/PlayingNow.js';
import { LiveBadge } from '../features/scoreboard/LiveBadge.js';
import { ScoreAnnouncer } from '../features/scoreboard/ScoreAnnouncer.js';
import { useLiveScoreboard } from '../features/scoreboard/useLiveScoreboard.js';
import { CreatorSummary } from '../features/share/CreatorSummary.js';
import { inviteMessage } from '../features/share/grid.js';
import { Replies } from '../features/share/Replies.js';
import { ShareButtons } from '../features/share/ShareButtons.js';
import { ShareLink } from '../features/share/ShareLink.js';
import { absoluteUrl, type EndScreenState, joinPath, scoreboardPath } from '../paths.js';
import '../i18n/screens.js';

/** The creator's screen after making a game: the link to share, and friends' scores as they come in. */
export default function EndScreen() {
  const { gameId = '' } = useParams();
  const claimed = (useLocation().state as EndScreenState | null)?.claimed === true;
  const live = useLiveScoreboard(gameId, { asCreator: true });
  const { isCreator, mode } = useCreatorCheck(gameId);
  const notes = useNotes(gameId, isCreator, live.notes);
  const words = endScreenWords(mode);
  const link = absoluteUrl(joinPath(gameId));
  const { i18n, t } = useLingui();
  // Deleted (here or on another device) or never made: the live channel has stopped for good.
  if (live.gone) return <GameGone />;
  return (
    <main className="screen endscreen">
      {claimed && (
        <p className="notice" role="status">
          {t`This device is now a creator of this game: you can share it, remove friends and delete it here.`}
        </p>
      )}
      <h1>{t`Thanks for playing ${PRODUCT_NAME}!`}</h1>
      {isCreator && <CreatorSummary gameId={gameId} players={live.players} mode={mode} />}
      {isCreator && <Replies gameId={gameId} players={live.players} live={live.replies} />}
      <p className="lead">{i18n._(words.lead)}</p>
      <ShareLink link={link} />
      <ShareButtons message={inviteMessage(i18n, mode)} link={link} qrLink={link} />
      <Link className="button button--primary" to={scoreboardPath(gameId)}>
        {t`See how your friends did`}
      </Link>
      <section className="card friends" aria-labelledby="friends-heading">
        <div className="friends__head">
          <h2 id="friends-heading">{i18n._(words.friendsHeading)}</h2>
          <LiveBadge connected={live.connected} />
        </div>
        {live.loaded ? (
          <CreatorPlayersTable
            gameId={gameId}
            isCreator={isCreator}
            players={live.players}
            notes={notes}
            emptyText={t`No one yet. Scores appear here the moment friends finish.`}
          />
        ) : (
          <Spinner label={t`Loading scores`} />
        )}
        <PlayingNow playing={live.playing} more={live.morePlaying} />
      </section>
      {isCreator && live.loaded && (
        <UnfinishedPlays gameId={gameId} changed={`${live.players.length}/${live.playing.length}`} />
      )}
      {isCreator && modeOf(mode).circle && <FriendsWeb gameId={gameId} players={live.loaded ? live.players : null} />}
      {isCreator && <NotifyWhenFriendsPlay gameId={gameId} />}
      {isCreator && <CreatorTools gameId={gameId} />}
      <ScoreAnnouncer players={live.players} loaded={live.loaded} />
    </main>
  );
}
