import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Question } from '../../shared/model.js';
import { displayName, type Edition, PRODUCT_NAME } from '../../shared/product.js';
import { isCreator, joinGame } from '../api/calls.js';
import { ApiError, errorMessage } from '../api/http.js';
import { ErrorNotice, failureText } from '../components/ErrorNotice.js';
import { LogoMark } from '../components/Logo.js';
import { NameField } from '../components/NameField.js';
import { Spinner } from '../components/Spinner.js';
import { ROUND_SECONDS } from '../game/useRoundTimer.js';
import { endScreenPath, gamePath, resultPath } from '../paths.js';
import { saveCreatorName, startGame } from '../state/game.js';
import { saveUserName, userId, userName } from '../state/user.js';
import type { LandingState } from './Landing.js';

export const LOAD_FAILED = "We couldn't load this game. Check your connection and try again.";
export const JOIN_FAILED = "We couldn't start the game. Check your connection and try again.";

/** The invitation as loaded: still coming, the creator's name, or a failure worth retrying. */
type Invitation = { state: 'loading' } | { state: 'ready'; creator: string } | { state: 'failed'; message: string };

/** A link to a game that is not there (or not a game id at all): retrying will not help. */
const isUnknownGame = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

interface Joined {
  edition: Edition;
  questions: Question[];
}

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
  const [invitation, setInvitation] = useState<Invitation>({ state: 'loading' });
  const [loadAttempt, setLoadAttempt] = useState(0);
  const [joined, setJoined] = useState<Joined | null>(null);
  const [name, setName] = useState(userName);
  const [joining, setJoining] = useState(false);
  const [joinFailure, setJoinFailure] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `loadAttempt` is the trigger: "Try again" bumps it to load once more.
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    setInvitation({ state: 'loading' });
    isCreator(gameId, userId(), signal)
      .then((info) => {
        saveCreatorName(gameId, info.playerName);
        if (info.isCreator) navigate(endScreenPath(gameId), { replace: true });
        else if (info.hasPlayed) navigate(resultPath(gameId), { replace: true });
        else {
          setInvitation({ state: 'ready', creator: info.playerName });
          // A failure here is only logged: Play joins again and says so if that fails too.
          joinGame(gameId, signal).then(setJoined, (error: unknown) => signal.aborted || logJoinFailure(error));
        }
      })
      .catch((error: unknown) => {
        if (signal.aborted) return;
        if (isUnknownGame(error)) {
          // As the SPEC has it, to the landing screen, which says why.
          const state: LandingState = { error: errorMessage(error, 'This game does not exist.') };
          navigate('/', { replace: true, state });
        } else {
          setInvitation({ state: 'failed', message: failureText(error, LOAD_FAILED) });
        }
      });
    return () => controller.abort();
  }, [gameId, navigate, loadAttempt]);

  const play = async () => {
    setJoining(true);
    setJoinFailure(null);
    saveUserName(name);
    try {
      const { edition, questions } = joined ?? (await joinGame(gameId));
      startGame(edition, gameId, questions);
      navigate(gamePath(edition, gameId));
    } catch (error) {
      logJoinFailure(error);
      setJoinFailure(failureText(error, JOIN_FAILED));
      setJoining(false);
    }
  };

  if (invitation.state === 'failed') {
    return (
      <main className="screen join">
        <LogoMark size={56} />
        <h1>You are joining a {PRODUCT_NAME} game</h1>
        {/* Focus follows only when the person asked for the retry that failed again. */}
        <ErrorNotice
          message={invitation.message}
          onRetry={() => setLoadAttempt((n) => n + 1)}
          focus={loadAttempt > 0}
        />
      </main>
    );
  }

  if (invitation.state === 'loading') {
    return (
      <main className="screen join">
        <h1 className="visually-hidden">Joining a {PRODUCT_NAME} game</h1>
        <Spinner />
      </main>
    );
  }

  const rounds = joined?.questions.length;
  return (
    <main className="screen join">
      <LogoMark size={56} />
      <h1>You are joining {displayName(invitation.creator)}'s game</h1>
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
