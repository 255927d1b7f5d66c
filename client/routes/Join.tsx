import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { displayName, PRODUCT_NAME } from '../../shared/product.js';
import { isCreator, joinGame } from '../api/calls.js';
import { errorMessage } from '../api/http.js';
import { LogoMark } from '../components/Logo.js';
import { NameField } from '../components/NameField.js';
import { Spinner } from '../components/Spinner.js';
import { saveCreatorName, startGame } from '../state/game.js';
import { saveUserName, userId, userName } from '../state/user.js';

/** A friend's way in: who invited them, their name, and Play. */
export default function Join() {
  const { gameId = '' } = useParams();
  const navigate = useNavigate();
  const [creator, setCreator] = useState<string | null>(null);
  const [name, setName] = useState(userName);
  const [joining, setJoining] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    isCreator(gameId, userId(), controller.signal)
      .then((info) => {
        saveCreatorName(gameId, info.playerName);
        if (info.isCreator) navigate(`/endscreen/${gameId}`, { replace: true });
        else if (info.hasPlayed) navigate(`/result/${gameId}`, { replace: true });
        else setCreator(info.playerName);
      })
      .catch(() => {
        if (!controller.signal.aborted) navigate('/', { replace: true });
      });
    return () => controller.abort();
  }, [gameId, navigate]);

  const play = async () => {
    setJoining(true);
    saveUserName(name);
    try {
      const { edition, questions } = await joinGame(gameId);
      startGame(edition, gameId, questions);
      navigate(`/${edition}/game/${gameId}`);
    } catch (error) {
      console.error(`Failed to join game: ${errorMessage(error, 'unknown error')}`);
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

  return (
    <main className="screen join">
      <LogoMark size={56} />
      <h1>You are joining {displayName(creator)}'s game</h1>
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
    </main>
  );
}
