import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { withOwnQuestions } from '../../shared/own-questions.js';
import { type Edition, NEW_GAME_ID, PRODUCT_NAME } from '../../shared/product.js';
import { getQuestions } from '../api/calls.js';
import { errorMessage, failureText } from '../api/http.js';
import { useApi } from '../api/useApi.js';
import { EditionToggle } from '../components/EditionToggle.js';
import { ErrorNotice } from '../components/ErrorNotice.js';
import { Logo } from '../components/Logo.js';
import { NameField } from '../components/NameField.js';
import { OwnQuestionsEditor } from '../components/OwnQuestionsEditor.js';
import { TakeMyTimeField } from '../components/TakeMyTimeField.js';
import { YourGames } from '../components/YourGames.js';
import { useOwnQuestions } from '../game/useOwnQuestions.js';
import { useLatest } from '../hooks/useLatest.js';
import { Sentence } from '../i18n/Sentence.js';
import { useLanguage } from '../i18n/useLanguage.js';
import { newGamePath } from '../paths.js';
import { resumableGame, startGame } from '../state/game.js';
import { saveUserName, userName } from '../state/user.js';

export const QUESTIONS_FAILED = "We couldn't load the questions. Check your connection and try again.";

/** Router state another screen leaves when it sends the user here after a failure. */
export interface LandingState {
  error?: string;
  /** Good news from the screen before ("Game deleted."). */
  notice?: string;
}

interface LandingProps {
  edition: Edition;
  /** Called once questions are in: a good moment to fetch the question screen's code. */
  onReady?: () => void;
}

export default function Landing({ edition, onReady }: LandingProps) {
  const navigate = useNavigate();
  const { t } = useLingui();
  const lang = useLanguage();
  const { error, notice } = (useLocation().state as LandingState | null) ?? {};
  const [name, setName] = useState(userName);
  // "Try again" and Play (without questions) load them again; the player stays here meanwhile.
  // A switch of language draws them again in the new one.
  const load = useApi(['get-questions', edition, lang], (signal) => getQuestions(edition, lang, signal));
  const questions = load.data?.questions;
  const own = useOwnQuestions(edition);

  const ready = useLatest(onReady);
  useEffect(() => {
    if (questions) ready.current?.();
  }, [questions, ready]);
  useEffect(() => {
    if (load.error) console.error('Failed to load questions:', errorMessage(load.error, 'unknown error'));
  }, [load.error]);

  const changeName = (next: string) => {
    setName(next);
    saveUserName(next);
  };

  const play = () => {
    const ownQuestions = own.forPlay();
    if (ownQuestions === null) return;
    if (!questions || questions.length === 0) {
      load.retry();
      return;
    }
    saveUserName(name);
    // A game this tab began (and Back or a reload left) resumes at the round reached.
    if (!resumableGame(edition, NEW_GAME_ID))
      startGame(edition, NEW_GAME_ID, withOwnQuestions(ownQuestions, questions));
    // Replacing this page: Back from a round leaves the game, whose answers this tab keeps.
    navigate(newGamePath(edition), { replace: true });
  };

  return (
    <main className="screen landing">
      <Logo />
      <p className="landing__tagline">
        {t`How in tune are your friends with you? Answer a few quick questions, share the link, and find out.`}
      </p>
      {load.error && (
        // Focus follows only when the person asked for the reload that failed again.
        <ErrorNotice
          message={failureText(load.error, QUESTIONS_FAILED)}
          onRetry={load.retry}
          focus={load.retries > 0}
        />
      )}
      {notice && (
        <p className="notice" role="status">
          <Sentence text={notice} />
        </p>
      )}
      {error && (
        <p className="alert" role="alert">
          <Trans>
            Error: <Sentence text={error} />
          </Trans>
        </p>
      )}
      <form
        className="card landing__card"
        aria-label={t`Start a ${PRODUCT_NAME} game`}
        onSubmit={(event) => {
          event.preventDefault();
          if (!load.loading) play();
        }}
      >
        <EditionToggle edition={edition} />
        <NameField value={name} onChange={changeName} />
        <TakeMyTimeField />
        <OwnQuestionsEditor own={own} />
        <button type="submit" className="button button--primary" disabled={load.loading}>
          {load.loading ? t`Loading...` : t`Play`}
        </button>
      </form>
      <YourGames />
    </main>
  );
}
