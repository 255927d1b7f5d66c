import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Question } from '../../shared/model.js';
import { displayName, type Edition, PRODUCT_NAME } from '../../shared/product.js';
import { isCreator, joinGame } from '../api/calls.js';
import { errorMessage } from '../api/http.js';
import { LogoMark } from '../components/Logo.js';
import { NameField } from '../components/NameField.js';
import { Spinner } from '../components/Spinner.js';
import { ROUND_SECONDS } from '../game/useRoundTimer.js';
import { saveCreatorName, startGame } from '../state/game.js';
import { saveUserName, userId, userName } from '../state/user.js';

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
  const [creator, setCreator] = useState<string | null>(null);
  const [joined, setJoined] = useState<Joined | null>(null);
  const [name, setName] = useState(userName);
  const [joining, setJoining] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    isCreator(gameId, userId(), signal)
      .then((info) => {
        saveCreatorName(gameId, info.playerName);
        if (info.isCreator) navigate(`/endscreen/${gameId}`, { replace: true });
        else if (info.hasPlayed) navigate(`/result/${gameId}`, { replace: true });
        else {
          setCreator(info.playerName);
          // A failure here is only logged: Play tries again.
          joinGame(gameId, signal).then(setJoined, (error: unknown) => signal.aborted || logJoinFailure(error));
        }
      })
      .catch(() => {
        if (!signal.aborted) navigate('/', { replace: true });
      });
    return () => controller.abort();
  }, [gameId, navigate]);

  const play = async () => {
    setJoining(true);
    saveUserName(name);
    try {
      const { edition, questions } = joined ?? (await joinGame(gameId));
      startGame(edition, gameId, questions);
      navigate(`/${edition}/game/${gameId}`);
    } catch (error) {
      logJoinFailure(error);
      setJoining(false);
    }
  };

  if (creator === null) {
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
      <h1>You are joining {displayName(creator)}'s game</h1>
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
    </main>
  );
}
