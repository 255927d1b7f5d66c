import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { gameTypeOf } from '../../../shared/model.js';
import { modeUnlessDefault } from '../../../shared/modes.js';
import { isOwnQuestionId, ownQuestionEntry } from '../../../shared/own-questions.js';
import { NEW_GAME_ID } from '../../../shared/product.js';
import { createGame, logResponse } from '../../api/calls.js';
import { ApiError, failureText } from '../../api/http.js';
import { useLatest } from '../../hooks/useLatest.js';
import { type Failure, failure as failureWith } from '../../i18n/failure.js';
import { currentLanguage } from '../../i18n/i18n.js';
import { endScreenPath, type ResultState, resultPath } from '../../paths.js';
import { finishGame, type GameInProgress } from '../../state/game.js';
import { saveOwnPlayerId } from '../../state/publicIds.js';
import { userId, userName } from '../../state/user.js';
import { clearDrafts } from '../own-questions/editor/own-questions.js';
import { endReply, pendingReply } from '../share/replyTo.js';
import { forgetRounds } from './kept-rounds.js';

export const RETRY_DELAY_MS = 2000;
export const MAX_RETRIES = 3;
export const SUBMIT_FAILED = failureWith(
  'submit_failed',
  "We couldn't save your answers. Check your connection and try again.",
);

/** Where the submission stands: nothing to send yet, on its way, or given up until `retry`. */
type SubmitState =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'failed'; failure: Failure; retry: () => void };

/** Sends the finished game: create-game for a creator, log-response for a friend. */
async function submit(game: GameInProgress): Promise<string> {
  if (game.gameId === NEW_GAME_ID) {
    const body = {
      userId: userId(),
      userName: game.playerName ?? userName(),
      // The creator's own questions travel whole; the server gives them their game-private ids.
      questionSet: game.questions.map((q) => (isOwnQuestionId(q.id) ? ownQuestionEntry(q) : q.id)),
      answerSet: game.answers,
      ...(game.edition === 'spectrum' ? { gameType: gameTypeOf(game.edition) } : {}),
      ...modeUnlessDefault(game.mode),
      ...(game.pack && { pack: game.pack }),
    };
    // A game made back for a friend's creator; refused (the friend was removed, the game is gone), it is an ordinary game.
    const replyTo = pendingReply();
    const { gameId } = await createGame(replyTo ? { ...body, replyTo } : body, currentLanguage()).catch(
      (error: unknown) => {
        if (!replyTo || !(error instanceof ApiError && (error.status === 403 || error.status === 404))) throw error;
        return createGame(body, currentLanguage());
      },
    );
    endReply();
    clearDrafts(game.edition);
    return endScreenPath(gameId);
  }
  const { playerID } = await logResponse({
    gameId: game.gameId,
    playerId: userId(),
    userName: game.playerName ?? userName(),
    responseSet: game.answers,
  });
  saveOwnPlayerId(game.gameId, playerID);
  // The server holds every round now.
  forgetRounds(game.gameId);
  return resultPath(game.gameId);
}

/**
 * Once `game` (fully answered) is given, submits it and moves on. A failure is retried after 2 s,
 * at most 3 times; then the hook reports `failed` with a sentence for the player, and `retry`
 * sends the same answers again with a fresh set of automatic retries. The answers stay in
 * sessionStorage until the server has them, so a refresh submits them again too. A friend's 409
 * (already played) goes straight to the result: the first answers stand.
 */
export function useSubmitGame(game: GameInProgress | null): SubmitState {
  const navigate = useLatest(useNavigate());
  const latestGame = useLatest(game);
  const [failure, setFailure] = useState<Failure | null>(null);
  const started = useRef(false);
  /** True from the first attempt of a round of attempts until it succeeds or gives up. */
  const sending = useRef(false);
  const mounted = useRef(true);
  const retryTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(retryTimer.current);
    };
  }, []);

  const send = useCallback(
    (toSend: GameInProgress) => {
      sending.current = true;
      setFailure(null);
      const attempt = async (retry: number) => {
        try {
          const next = await submit(toSend);
          finishGame();
          if (mounted.current) navigate.current(next, { replace: true });
        } catch (error) {
          if (!mounted.current) return;
          if (error instanceof ApiError && error.status === 409 && toSend.gameId !== NEW_GAME_ID) {
            finishGame();
            const state: ResultState = { alreadyPlayed: true };
            navigate.current(resultPath(toSend.gameId), { replace: true, state });
            return;
          }
          console.error('API response not ok', error instanceof Error ? error.message : error);
          if (retry < MAX_RETRIES) {
            retryTimer.current = setTimeout(() => void attempt(retry + 1), RETRY_DELAY_MS);
          } else {
            sending.current = false;
            setFailure(failureText(error, SUBMIT_FAILED));
          }
        }
      };
      void attempt(0);
    },
    [navigate],
  );

  useEffect(() => {
    // Started once per screen, even when React runs effects twice in development.
    if (!game || started.current) return;
    started.current = true;
    send(game);
  }, [game, send]);

  const retry = useCallback(() => {
    const current = latestGame.current;
    if (current && !sending.current) send(current);
  }, [latestGame, send]);

  if (!game) return { status: 'idle' };
  return failure === null ? { status: 'sending' } : { status: 'failed', failure, retry };
}
