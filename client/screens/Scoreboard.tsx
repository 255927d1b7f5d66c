import { useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router-dom';
import { modeOf } from '../../shared/modes.js';
import { Spinner } from '../components/Spinner.js';
import { FriendsWeb } from '../features/circle/FriendsWeb.js';
import { CreatorPlayersTable } from '../features/creator/CreatorPlayersTable.js';
import { UnfinishedPlays } from '../features/creator/UnfinishedPlays.js';
import { useCreatorCheck } from '../features/creator/useIsCreator.js';
import { GameGone } from '../features/game-gone/GameGone.js';
import { useNotes } from '../features/notes/useNotes.js';
import { ReportGame } from '../features/report/ReportGame.js';
import { PlayingNow } from '../features/rounds/PlayingNow.js';
import { LiveBadge } from '../features/scoreboard/LiveBadge.js';
import { ScoreAnnouncer } from '../features/scoreboard/ScoreAnnouncer.js';
import { useLiveScoreboard } from '../features/scoreboard/useLiveScoreboard.js';
import { Replies } from '../features/share/Replies.js';
import { Isolated } from '../i18n/Isolated.js';
import { creatorInSentence } from '../i18n/names.js';
import { ownPlayerId } from '../state/publicIds.js';
import '../i18n/screens.js';

/** Everyone who played a game and their score with its creator, updated live. */
export default function Scoreboard() {
  const { gameId = '' } = useParams();
  const live = useLiveScoreboard(gameId, { asCreator: true });
  const { isCreator, mode, creatorName } = useCreatorCheck(gameId);
  const notes = useNotes(gameId, isCreator, live.notes);
  // A guess game's board says who knows the creator best (a creator without a name is "your friend").
  const creator = creatorName === undefined ? null : creatorInSentence(creatorName);
  const { t } = useLingui();
  // Deleted or never made: the live channel has stopped for good.
  if (live.gone) return <GameGone />;
  return (
    <main className="screen scoreboard">
      {isCreator && <Replies gameId={gameId} players={live.players} live={live.replies} />}
      <div className="scoreboard__head">
        <h1>
          <Isolated
            text={
              !modeOf(mode).friendsGuess
                ? t`Scoreboard`
                : creator === null
                  ? t`Who knows your friend best`
                  : t`Who knows ${creator} best`
            }
          />
        </h1>
        <LiveBadge connected={live.connected} />
      </div>
      <section className="card">
        {/* A failure is kept in live.error but not shown: the table then reads as empty. */}
        {live.loaded ? (
          <CreatorPlayersTable
            gameId={gameId}
            isCreator={isCreator}
            players={live.players}
            notes={notes}
            selfId={ownPlayerId(gameId)}
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
      <Link className="button button--secondary" to="/">
        {t`Play A New Game With Your Friends`}
      </Link>
      {/* A creator does not report their own game. */}
      {isCreator === false && <ReportGame gameId={gameId} />}
      <ScoreAnnouncer players={live.players} loaded={live.loaded} />
    </main>
  );
}
