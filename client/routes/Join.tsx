import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { displayName, PRODUCT_NAME } from '../../shared/product.js';
import { isCreator, joinGame } from '../api/calls.js';
import { ApiError, errorMessage } from '../api/http.js';
import { ErrorNotice, failureText } from '../components/ErrorNotice.js';
import { LogoMark } from '../components/Logo.js';
import { NameField } from '../components/NameField.js';
import { Spinner } from '../components/Spinner.js';
import { saveCreatorName, startGame } from '../state/game.js';
import { saveUserName, userId, userName } from '../state/user.js';
import type { LandingState } from './Landing.js';

export const LOAD_FAILED = "We couldn't load this game. Check your connection and try again.";
export const JOIN_FAILED = "We couldn't start the game. Check your connection and try again.";

/** The invitation as loaded: still coming, the creator's name, or a failure worth retrying. */
type Invitation = { state: 'loading' } | { state: 'ready'; creator: string } | { state: 'failed'; message: string };

/** A link to a game that is not there (or not a game id at all): retrying will not help. */
const isUnknownGame = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/** A friend's way in: who invited them, their name, and Play. */
export default function Join() {
  const { gameId = '' } = useParams();
  const navigate = useNavigate();
  const [invitation, setInvitation] = useState<Invitation>({ state: 'loading' });
  const [loadAttempt, setLoadAttempt] = useState(0);
  const [name, setName] = useState(userName);
  const [joining, setJoining] = useState(false);
  const [joinFailure, setJoinFailure] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `loadAttempt` is the trigger: "Try again" bumps it to load once more.
  useEffect(() => {
    const controller = new AbortController();
    setInvitation({ state: 'loading' });
    isCreator(gameId, userId(), controller.signal)
      .then((info) => {
        saveCreatorName(gameId, info.playerName);
        if (info.isCreator) navigate(`/endscreen/${gameId}`, { replace: true });
        else if (info.hasPlayed) navigate(`/result/${gameId}`, { replace: true });
        else setInvitation({ state: 'ready', creator: info.playerName });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
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
      const { edition, questions } = await joinGame(gameId);
      startGame(edition, gameId, questions);
      navigate(`/${edition}/game/${gameId}`);
    } catch (error) {
      console.error(`Failed to join game: ${errorMessage(error, 'unknown error')}`);
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

  return (
    <main className="screen join">
      <LogoMark size={56} />
      <h1>You are joining {displayName(invitation.creator)}'s game</h1>
      <p className="lead">Answer the same questions and see how in tune you are.</p>
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
