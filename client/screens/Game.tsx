import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { modeOf } from '../../shared/modes.js';
import { isolate } from '../../shared/names.js';
import { isOwnQuestionId } from '../../shared/own-questions.js';
import {
  CLASSIC_UNANSWERED,
  DEFAULT_MODE,
  type Edition,
  NEW_GAME_ID,
  namedCreator,
  PRODUCT_NAME,
} from '../../shared/product.js';
import { getMoreQuestions } from '../api/calls.js';
import { ErrorNotice } from '../components/ErrorNotice.js';
import { Spinner } from '../components/Spinner.js';
import type { RoundFeedback } from '../features/guess/GuessFeedback.js';
import { MissedRounds } from '../features/missed-rounds/MissedRounds.js';
import { answerMissedRound, leaveOutMissedRounds } from '../features/missed-rounds/missed.js';
import { ROUND_FEEDBACK } from '../features/modes/round-feedback.js';
import { takeMyTime } from '../features/pace/pace.js';
import { ClassicRound } from '../features/rounds/ClassicRound.js';
import { keepAnswers } from '../features/rounds/kept-rounds.js';
import { SpectrumRound } from '../features/rounds/SpectrumRound.js';
import { SwapButton } from '../features/rounds/SwapButton.js';
import { seenQuestionIds, swapCurrentQuestion, swapsLeft } from '../features/rounds/swaps.js';
import { useRoundSender } from '../features/rounds/useRoundSender.js';
import { useSubmitGame } from '../features/rounds/useSubmitGame.js';
import { Isolated } from '../i18n/Isolated.js';
import { useLanguage } from '../i18n/useLanguage.js';
import { joinPath, landingPath, type ResultState, resultPath } from '../paths.js';
import { creatorName, finishGame, type GameInProgress, loadGame, saveGame } from '../state/game.js';
import { ownPlayerId } from '../state/publicIds.js';
import '../i18n/screens.js';

/** How long a guess round waits for its reply before the play goes on without it (the feedback then comes late). */
const HOLD_MS = 1200;

/** The question screen: one round after another, then the game is submitted. */
export default function Game({ edition }: { edition: Edition }) {
  // The creator's game in the making has its own route (`/{edition}/game/new-game`), without a :gameId.
  const { gameId = NEW_GAME_ID } = useParams();
  const navigate = useNavigate();
  const { t } = useLingui();
  const lang = useLanguage();
  // Chosen before playing ("Take my time"); kept for the whole game.
  const [timed] = useState(() => !takeMyTime());
  const [game, setGame] = useState<GameInProgress | null>(() => loadGame(edition, gameId));
  const round = game?.answers.length ?? 0;
  const total = game?.questions.length ?? 0;
  // A creator's rounds that timed out are offered again (or left out) before the link is made.
  const missed = gameId === NEW_GAME_ID ? (game?.missed ?? []) : [];
  // A friend's guess game: each stored round's reply carries the creator's answer, shown before the next round.
  const guess = gameId !== NEW_GAME_ID && game !== null && modeOf(game.mode).revealsEachRound;
  const Feedback = ROUND_FEEDBACK[game?.mode ?? DEFAULT_MODE];
  const [feedback, setFeedback] = useState<Record<number, RoundFeedback>>({});
  // The round just answered whose feedback the screen waits for (a moment at most) or shows.
  const [holding, setHolding] = useState<number | null>(null);
  // Rounds whose feedback was seen (in full or as a late line).
  const [seen, setSeen] = useState<readonly number[]>([]);
  const finished = game !== null && round >= total && missed.length === 0 && holding === null;

  useEffect(() => {
    // No questions for this address in this tab: start from where they come from.
    if (!game) navigate(gameId === NEW_GAME_ID ? landingPath(edition) : joinPath(gameId), { replace: true });
  }, [game, gameId, edition, navigate]);

  useEffect(() => {
    if (gameId === NEW_GAME_ID) return;
    // Another tab of this browser played this game (its log-response stored our public id, which
    // the storage event announces): the first answers stand, so this tab shows that result.
    const playedElsewhere = () => {
      if (ownPlayerId(gameId) === null) return;
      finishGame();
      const state: ResultState = { alreadyPlayed: true };
      navigate(resultPath(gameId), { replace: true, state });
    };
    playedElsewhere();
    window.addEventListener('storage', playedElsewhere);
    return () => window.removeEventListener('storage', playedElsewhere);
  }, [gameId, navigate]);

  const submission = useSubmitGame(finished ? game : null);
  // A friend's rounds go to the server one by one as they are answered, behind the play; the last
  // goes with the whole set (log-response).
  const isFriend = gameId !== NEW_GAME_ID;
  const onStored = useCallback((stored: number, reply: { creatorAnswer?: number; points?: number }) => {
    const { creatorAnswer, points } = reply;
    if (creatorAnswer === undefined || points === undefined) return;
    setFeedback((current) => ({ ...current, [stored]: { creatorAnswer, points } }));
  }, []);
  const { offline } = useRoundSender(
    gameId,
    isFriend ? (game?.answers ?? null) : null,
    isFriend && !finished,
    onStored,
  );
  const held = holding !== null ? feedback[holding] : undefined;
  useEffect(() => {
    // No reply yet (offline, slow): the play goes on after a moment; the feedback shows when it comes.
    if (holding === null || held) return;
    const timer = setTimeout(() => setHolding(null), HOLD_MS);
    return () => clearTimeout(timer);
  }, [holding, held]);

  // Bound to its round, so a late timer of a round already answered cannot record twice.
  const answer = useCallback(
    (forRound: number, value: number, timedOut = false) => {
      setGame((current) => {
        if (current?.replaying && current.missed?.[0] === forRound) {
          const next = answerMissedRound(current, forRound, value);
          saveGame(next);
          return next;
        }
        if (!current || current.answers.length !== forRound) return current;
        const next = { ...current, answers: [...current.answers, value] };
        // Only a creator's: a friend's timed-out round is their answer (no match), as always.
        if (timedOut && gameId === NEW_GAME_ID) next.missed = [...(current.missed ?? []), forRound];
        saveGame(next);
        // Kept in this browser until the server has them (and for the join link opened again).
        if (next.gameId !== NEW_GAME_ID) keepAnswers(next.gameId, next.answers);
        return next;
      });
    },
    [gameId],
  );
  const update = (change: (current: GameInProgress) => GameInProgress) =>
    setGame((current) => {
      if (!current) return current;
      const next = change(current);
      saveGame(next);
      // Kept in this browser until the server has them (and for the join link opened again).
      if (next.gameId !== NEW_GAME_ID) keepAnswers(next.gameId, next.answers);
      return next;
    });

  if (submission.status === 'failed') {
    return (
      <main className="screen game game--failed">
        <h1>{t`Your answers are not saved yet`}</h1>
        <ErrorNotice failure={submission.failure} onRetry={submission.retry} focus />
        <p className="muted">{t`They are kept in this tab, so reloading the page will not lose them.`}</p>
      </main>
    );
  }

  if (!game || finished) {
    return (
      <main className="screen game">
        <h1 className="visually-hidden">{finished ? t`Saving your answers` : t`Loading`}</h1>
        <Spinner label={finished ? t`Saving your answers` : t`Loading`} />
      </main>
    );
  }

  const named = guess ? namedCreator(creatorName(gameId) ?? '') : null;
  // In a sentence, isolated: a right-to-left name keeps the words around it in order.
  const creator = named === null ? null : isolate(named);
  if (holding !== null) {
    const moveOn = () => {
      setSeen((current) => [...current, holding]);
      setHolding(null);
    };
    const roundNumber = holding + 1;
    return (
      <main className="screen game">
        <h1 className="game__title">{t`${PRODUCT_NAME} round ${roundNumber} of ${total}`}</h1>
        {held ? (
          <Feedback
            question={game.questions[holding]}
            guess={game.answers[holding]}
            feedback={held}
            creator={named}
            timed={timed}
            onNext={moveOn}
          />
        ) : (
          <Spinner label={t`Checking your guess`} />
        )}
      </main>
    );
  }

  // Every round played once: the missed ones are offered, then (if chosen) shown again.
  const replaying = round >= total && missed.length > 0 && game.replaying === true;
  if (round >= total && missed.length > 0 && !replaying) {
    return (
      <MissedRounds
        count={missed.length}
        all={missed.length === total}
        onAnswerNow={() => update((current) => ({ ...current, replaying: true }))}
        onLeaveOut={() => update(leaveOutMissedRounds)}
      />
    );
  }

  // Answering a missed round again: that round, with no clock.
  const shownRound = replaying ? missed[0] : round;
  const question = game.questions[shownRound];
  const roundNumber = shownRound + 1;
  // Replies that came after the play moved on: a line each above the round, until the next answer.
  const late = guess
    ? Object.keys(feedback)
        .map(Number)
        .filter((r) => r < round && !seen.includes(r))
    : [];
  const onAnswer = (value: number, timedOut?: boolean) => {
    answer(shownRound, value, timedOut ?? (question.edition === 'classic' && value === CLASSIC_UNANSWERED));
    if (!guess) return;
    setSeen((current) => [...current, ...late]);
    setHolding(round);
  };
  // A swap draws a question this game has never held, and lands only if its round is still on.
  const onSwap = async () => {
    const [fresh] = await getMoreQuestions(edition, {
      count: 1,
      exclude: seenQuestionIds(game),
      lang,
      pack: game.pack,
    });
    if (!fresh) return false;
    setGame((current) => {
      if (!current || current.answers.length !== round || current.questions[round].id !== question.id) return current;
      if (swapsLeft(current) === 0) return current;
      const next = swapCurrentQuestion(current, fresh);
      saveGame(next);
      return next;
    });
    return true;
  };
  return (
    <main className="screen game">
      <h1 className="game__title">{t`${PRODUCT_NAME} round ${roundNumber} of ${total}`}</h1>
      <div className="game__progress" aria-hidden="true">
        {game.questions.map((q, i) => (
          <span key={q.id} className={i === shownRound ? 'current' : i < round ? 'done' : undefined} />
        ))}
      </div>
      {offline && (
        <p className="notice" role="status">
          {t`You're offline. Keep playing: your answers are saved here and will be sent when you're back online.`}
        </p>
      )}
      {late.map((r) => (
        <Feedback
          key={`late-${r}`}
          compact
          question={game.questions[r]}
          guess={game.answers[r]}
          feedback={feedback[r]}
          creator={named}
          timed={timed}
        />
      ))}
      {guess && (
        <p className="guess-ask">
          <Isolated text={creator === null ? t`What would your friend say?` : t`What would ${creator} say?`} />
        </p>
      )}
      {/* Keyed by question, so a swapped-in question gets a round of its own: a fresh timer. */}
      {question.edition === 'classic' ? (
        <ClassicRound key={question.id} question={question} onAnswer={onAnswer} timed={timed && !replaying} />
      ) : (
        <SpectrumRound key={question.id} question={question} onAnswer={onAnswer} timed={timed && !replaying} />
      )}
      {/* The creator's own questions are theirs to keep: swaps are for drawn ones. */}
      <SwapButton
        key={`swap-${question.id}`}
        left={isOwnQuestionId(question.id) || replaying ? 0 : swapsLeft(game)}
        onSwap={onSwap}
      />
    </main>
  );
}
