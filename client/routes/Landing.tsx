import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Question } from '../../shared/model.js';
import { withOwnQuestions } from '../../shared/own-questions.js';
import { type Edition, NEW_GAME_ID, PRODUCT_NAME } from '../../shared/product.js';
import { getQuestions } from '../api/calls.js';
import { errorMessage } from '../api/http.js';
import { EditionToggle } from '../components/EditionToggle.js';
import { ErrorNotice, failureText } from '../components/ErrorNotice.js';
import { Logo } from '../components/Logo.js';
import { NameField } from '../components/NameField.js';
import { OwnQuestionsEditor } from '../components/OwnQuestionsEditor.js';
import { YourGames } from '../components/YourGames.js';
import { useOwnQuestions } from '../game/useOwnQuestions.js';
import { useLatest } from '../hooks/useLatest.js';
import { startGame } from '../state/game.js';
import { saveUserName, userName } from '../state/user.js';

export const QUESTIONS_FAILED = "We couldn't load the questions. Check your connection and try again.";

/** Router state another screen leaves when it sends the user here after a failure. */
export interface LandingState {
  error?: string;
}

interface LandingProps {
  edition: Edition;
  /** Called once questions are in: a good moment to fetch the question screen's code. */
  onReady?: () => void;
}

export default function Landing({ edition, onReady }: LandingProps) {
  const navigate = useNavigate();
  const error = (useLocation().state as LandingState | null)?.error;
  const [name, setName] = useState(userName);
  const [questions, setQuestions] = useState<Question[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  /** Bumped to load the questions again; above 0 once the person has asked for a reload. */
  const [attempt, setAttempt] = useState(0);
  const own = useOwnQuestions(edition);

  const ready = useLatest(onReady);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the trigger: "Try again" and Play bump it to load once more.
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setQuestions(null);
    setLoadFailure(null);
    getQuestions(edition, controller.signal)
      .then(({ questions: loaded }) => {
        setQuestions(loaded);
        setLoading(false);
        ready.current?.();
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        // The player stays here: "Try again" (or Play) loads them again.
        console.error('Failed to load questions:', errorMessage(failure, 'unknown error'));
        setLoadFailure(failureText(failure, QUESTIONS_FAILED));
        setLoading(false);
      });
    return () => controller.abort();
  }, [edition, attempt]);

  const changeName = (next: string) => {
    setName(next);
    saveUserName(next);
  };

  const play = () => {
    const ownQuestions = own.forPlay();
    if (ownQuestions === null) return;
    if (!questions || questions.length === 0) {
      setAttempt((n) => n + 1);
      return;
    }
    saveUserName(name);
    startGame(edition, NEW_GAME_ID, withOwnQuestions(ownQuestions, questions));
    navigate(`/${edition}/game/${NEW_GAME_ID}`);
  };

  return (
    <main className="screen landing">
      <Logo />
      <p className="landing__tagline">
        How in tune are your friends with you? Answer a few quick questions, share the link, and find out.
      </p>
      {loadFailure !== null && (
        // Focus follows only when the person asked for the reload that failed again.
        <ErrorNotice message={loadFailure} onRetry={() => setAttempt((n) => n + 1)} focus={attempt > 0} />
      )}
      {error && (
        <p className="alert" role="alert">
          Error: {error}
        </p>
      )}
      <form
        className="card landing__card"
        aria-label={`Start a ${PRODUCT_NAME} game`}
        onSubmit={(event) => {
          event.preventDefault();
          if (!loading) play();
        }}
      >
        <EditionToggle edition={edition} />
        <NameField value={name} onChange={changeName} />
        <OwnQuestionsEditor own={own} />
        <button type="submit" className="button button--primary" disabled={loading}>
          {loading ? 'Loading...' : 'Play'}
        </button>
      </form>
      <YourGames />
    </main>
  );
}
