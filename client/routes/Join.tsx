import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { namedCreator, PRODUCT_NAME } from '../../shared/product.js';
import { isCreator, joinGame } from '../api/calls.js';
import { errorMessage, failureText } from '../api/http.js';
import { useApi } from '../api/useApi.js';
import { isGameGoneError as isUnknownGame } from '../api/useGameCheck.js';
import { ErrorNotice } from '../components/ErrorNotice.js';
import { GameGone } from '../components/GameGone.js';
import { LogoMark } from '../components/Logo.js';
import { NameField } from '../components/NameField.js';
import { Spinner } from '../components/Spinner.js';
import { ROUND_SECONDS } from '../game/useRoundTimer.js';
import { endScreenPath, gamePath, resultPath } from '../paths.js';
import { resumableGame, saveCreatorName, startGame } from '../state/game.js';
import { saveUserName, userId, userName } from '../state/user.js';

/** The invitation's heading; a creator who typed no name is "a friend". */
export const joiningHeading = (creator: string) => {
  const name = namedCreator(creator);
  return name === null ? "You are joining a friend's game" : `You are joining ${name}'s game`;
};

export const LOAD_FAILED = "We couldn't load this game. Check your connection and try again.";
export const JOIN_FAILED = "We couldn't start the game. Check your connection and try again.";

const logJoinFailure = (error: unknown) =>
  console.error(`Failed to join game: ${errorMessage(error, 'unknown error')}`);

/**
 * A friend's way in: who invited them, how many rounds there are, their name, and Play.
 * Once is-creator has said this is a friend who has not played, the game is joined at once (it
 * carries no answers), so the screen can say how many rounds there are and Play starts without a wait.
 */
export default function Join() {
  const { gameId = '' } = useParams();
  const navigate = useNavigate();
  const [name, setName] = useState(userName);
  const [joining, setJoining] = useState(false);
  const [joinFailure, setJoinFailure] = useState<string | null>(null);

  const info = useApi(['is-creator', gameId], (signal) => isCreator(gameId, userId(), signal));
  // The creator and a friend who played are sent on (below); anyone else is invited.
  const invitation = info.data && !info.data.isCreator && !info.data.hasPlayed ? info.data : undefined;
  // Joined at once for a friend who has not played: the questions carry no answers.
  const prefetch = useApi(['join-game', gameId], (signal) => joinGame(gameId, signal), {
    enabled: invitation !== undefined,
  });

  useEffect(() => {
    if (!info.data) return;
    saveCreatorName(gameId, info.data.playerName);
    if (info.data.isCreator) navigate(endScreenPath(gameId), { replace: true });
    else if (info.data.hasPlayed) navigate(resultPath(gameId), { replace: true });
  }, [info.data, gameId, navigate]);
  useEffect(() => {
    // Only logged: Play joins again and says so if that fails too.
    if (prefetch.error) logJoinFailure(prefetch.error);
  }, [prefetch.error]);

  const play = async () => {
    setJoining(true);
    setJoinFailure(null);
    saveUserName(name);
    try {
      const { edition, questions } = prefetch.data ?? (await joinGame(gameId));
      if (!resumableGame(edition, gameId)) startGame(edition, gameId, questions);
      // Replacing this page: Back from a round leaves the game, whose answers this tab keeps.
      navigate(gamePath(edition, gameId), { replace: true });
    } catch (error) {
      logJoinFailure(error);
      setJoinFailure(failureText(error, JOIN_FAILED));
      setJoining(false);
    }
  };

  // A link to a game that is not there (or not a game id at all): retrying will not help.
  if (isUnknownGame(info.error)) return <GameGone />;
  if (info.error) {
    return (
      <main className="screen join">
        <LogoMark size={56} />
        <h1>You are joining a {PRODUCT_NAME} game</h1>
        {/* Focus follows only when the person asked for the retry that failed again. */}
        <ErrorNotice message={failureText(info.error, LOAD_FAILED)} onRetry={info.retry} focus={info.retries > 0} />
      </main>
    );
  }

  if (!invitation) {
    return (
      <main className="screen join">
        <h1 className="visually-hidden">Joining a {PRODUCT_NAME} game</h1>
        <Spinner />
      </main>
    );
  }

  const rounds = prefetch.data?.questions.length;
  return (
    <main className="screen join">
      <LogoMark size={56} />
      <h1>{joiningHeading(invitation.playerName)}</h1>
      <p className="lead">Answer the same questions and see how in tune you are.</p>
      <p className="join__rounds">
        {rounds === undefined ? 'Quick rounds' : `${rounds} quick ${rounds === 1 ? 'round' : 'rounds'}`} of{' '}
        {ROUND_SECONDS} seconds each.
      </p>
      <form
        className="card join__card"
        onSubmit={(event) => {
          event.preventDefault();
          if (!joining) void play();
        }}
      >
        <NameField value={name} onChange={setName} />
        <button type="submit" className="button button--primary" disabled={joining}>
          {joining ? 'Loading...' : 'Play'}
        </button>
      </form>
      {joinFailure !== null && <ErrorNotice message={joinFailure} onRetry={() => !joining && void play()} focus />}
    </main>
  );
}
