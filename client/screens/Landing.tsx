import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { isolate } from '../../shared/names.js';
import { isPack, type Pack } from '../../shared/packs.js';
import {
  DEFAULT_MODE,
  type Edition,
  type GameMode,
  NEW_GAME_ID,
  namedCreator,
  PRODUCT_NAME,
  SWITCHED_MODE,
} from '../../shared/product.js';
import { failureText } from '../api/http.js';
import { getQuestions } from '../api/questions.js';
import { useApi } from '../api/useApi.js';
import { EditionToggle } from '../components/EditionToggle.js';
import { ErrorNotice } from '../components/ErrorNotice.js';
import { Logo } from '../components/Logo.js';
import { NameField } from '../components/NameField.js';
import { PackChoice } from '../components/PackChoice.js';
import { hasKeptDrafts } from '../features/own-questions/kept-drafts.js';
import { OwnQuestions, preloadOwnQuestionsEditor } from '../features/own-questions/OwnQuestions.js';
import type { OwnQuestionsHandle } from '../features/own-questions/ownQuestionsHandle.js';
import { TakeMyTimeField } from '../features/pace/TakeMyTimeField.js';
import { whenIdle } from '../features/startup/idle.js';
import { useLatest } from '../hooks/useLatest.js';
import { FailureText } from '../i18n/FailureText.js';
import { failure } from '../i18n/failure.js';
import { Isolated } from '../i18n/Isolated.js';
import { useLanguage } from '../i18n/useLanguage.js';
import { type LandingState, newGamePath, partyJoinPath } from '../paths.js';
import { resumableGame, startGame } from '../state/game.js';
import { saveUserName, storedUserId, userName } from '../state/user.js';

/**
 * Only a browser that has been here before can have games, so the list's code is not in the
 * entry: it comes for a returning browser alone. It is a convenience: if it cannot be fetched,
 * the landing screen goes without it.
 */
const YourGames = lazy(() =>
  import('../features/your-games/YourGames.js').then(
    (module) => ({ default: module.YourGames }),
    () => ({ default: () => null }),
  ),
);

export const QUESTIONS_FAILED = failure(
  'questions_failed',
  "We couldn't load the questions. Check your connection and try again.",
);

interface LandingProps {
  edition: Edition;
  /** Called once questions are in (at the next idle moment): a good time to fetch the question screen's code. */
  onReady?: () => void;
}

export default function Landing({ edition, onReady }: LandingProps) {
  const navigate = useNavigate();
  const { t } = useLingui();
  const lang = useLanguage();
  const location = useLocation();
  const { error, notice, replyFor } = (location.state as LandingState | null) ?? {};
  // Isolated in the sentence: a right-to-left name keeps the words around it in order.
  const replyName = replyFor === undefined ? undefined : namedCreator(replyFor);
  const replyCreator = replyName ? isolate(replyName) : null;
  const [name, setName] = useState(userName);
  const [returning] = useState(() => storedUserId() !== null);
  // The pack lives in the address (`?pack=couples`), as the edition lives in the path.
  // (Read and written by hand: useSearchParams would cost the landing's budget more.)
  const asked = new URLSearchParams(location.search).get('pack');
  const pack = isPack(asked) ? asked : undefined;
  const choosePack = (next: Pack | undefined) =>
    navigate({ search: next === undefined ? '' : `?pack=${next}` }, { replace: true, state: location.state });
  // "Try again" and Play (without questions) load them again; the player stays here meanwhile.
  // A switch of language or pack draws them again.
  const load = useApi(['get-questions', edition, lang, pack ?? ''], (signal) =>
    getQuestions(edition, lang, signal, pack),
  );
  const questions = load.data?.questions;
  // The own-questions editor, once it is here (it comes on demand).
  const own = useRef<OwnQuestionsHandle>(null);
  // The mode switch: on, friends guess the creator's answers (guess); off, alike (the default).
  const guessSwitch = useRef<HTMLInputElement>(null);

  const ready = useLatest(onReady);
  useEffect(() => {
    if (!questions) return;
    // In an idle moment: the next screens' code is not needed to draw or use this one.
    return whenIdle(() => {
      ready.current?.();
      preloadOwnQuestionsEditor();
    });
  }, [questions, ready]);
  useEffect(() => {
    if (load.error) console.error('Failed to load questions:', load.error.message || 'unknown error');
  }, [load.error]);

  const changeName = (next: string) => {
    setName(next);
    saveUserName(next);
  };

  /** `mode`: the mode switch's (friends guess the creator's answers; off: alike, the default). */
  const play = (mode: GameMode) => {
    // Kept drafts whose editor is still on its way: Play waits for it (pressed again).
    if (!own.current && hasKeptDrafts(edition)) return;
    // The own questions' problems show first, whether or not the drawn questions are here.
    const rounds = own.current ? own.current.questionsFor(questions ?? []) : questions;
    if (rounds === null) return;
    if (!questions || questions.length === 0 || !rounds) {
      load.retry();
      return;
    }
    saveUserName(name);
    // A game this tab began (and Back or a reload left) resumes at the round reached.
    if (!resumableGame(edition, NEW_GAME_ID)) startGame(edition, NEW_GAME_ID, rounds, mode, pack);
    // Added to the history: Back from a round comes here, and Play resumes the game this tab keeps.
    navigate(newGamePath(edition));
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
          failure={failureText(load.error, QUESTIONS_FAILED)}
          onRetry={load.retry}
          focus={load.retries > 0}
        />
      )}
      {replyName !== undefined && (
        <p className="notice" role="status">
          <Isolated
            text={
              replyCreator === null
                ? t`Your new game is for your friend, who will see it once you've answered.`
                : t`Your new game is for ${replyCreator}, who will see it once you've answered.`
            }
          />
        </p>
      )}
      {notice && (
        <p className="notice" role="status">
          <FailureText failure={notice} />
        </p>
      )}
      {error && (
        <p className="alert" role="alert">
          <Trans>
            Error: <FailureText failure={error} />
          </Trans>
        </p>
      )}
      <form
        className="card landing__card"
        aria-label={t`Start a ${PRODUCT_NAME} game`}
        onSubmit={(event) => {
          event.preventDefault();
          // The mode switch is read here: no state of its own in the entry.
          if (!load.loading) play(guessSwitch.current?.checked === true ? SWITCHED_MODE : DEFAULT_MODE);
        }}
      >
        <EditionToggle edition={edition} />
        <PackChoice pack={pack} onChange={choosePack} />
        <NameField value={name} onChange={changeName} />
        {/* Kept tiny: the landing's JavaScript is at its budget. */}
        <div className="take-time">
          <label>
            <input type="checkbox" ref={guessSwitch} aria-describedby="guess-hint" />
            {t`Friends guess my answers`}
          </label>
          <p id="guess-hint" className="take-time__hint">
            {t`They answer as they think you would, and see after each round how close they came.`}
          </p>
        </div>
        <TakeMyTimeField />
        <OwnQuestions edition={edition} handle={own} most={questions?.length} />
        <button type="submit" className="button button--primary" disabled={load.loading}>
          {load.loading ? t`Loading...` : t`Play`}
        </button>
      </form>
      {/* Everyone in one room, on one clock: a party (its screens come on demand). */}
      <p className="landing__party">
        <Link className="button button--secondary" to={partyJoinPath}>
          {t`Play together`}
        </Link>
        <span className="muted">{t`In one room? Everyone answers on their own phone at the same moment.`}</span>
      </p>
      {returning && (
        <Suspense fallback={null}>
          <YourGames />
        </Suspense>
      )}
    </main>
  );
}
