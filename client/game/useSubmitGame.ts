import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { gameTypeOf } from '../../shared/model.js';
import { NEW_GAME_ID } from '../../shared/product.js';
import { createGame, logResponse } from '../api/calls.js';
import { ApiError, errorMessage } from '../api/http.js';
import { useLatest } from '../hooks/useLatest.js';
import { finishGame, type GameInProgress } from '../state/game.js';
import { saveOwnPlayerId } from '../state/publicIds.js';
import { userId, userName } from '../state/user.js';

export const RETRY_DELAY_MS = 2000;
export const MAX_RETRIES = 3;

/** Sends the finished game: create-game for a creator, log-response for a friend. */
async function submit(game: GameInProgress): Promise<string> {
  const questionIds = game.questions.map((q) => q.id);
  if (game.gameId === NEW_GAME_ID) {
    const { gameId } = await createGame({
      userId: userId(),
      userName: userName(),
      questionSet: questionIds,
      answerSet: game.answers,
      ...(game.edition === 'spectrum' ? { gameType: gameTypeOf(game.edition) } : {}),
    });
    return `/endscreen/${gameId}`;
  }
  const { playerID } = await logResponse({
    gameId: game.gameId,
    playerId: userId(),
    userName: userName(),
    responseSet: game.answers,
  });
  saveOwnPlayerId(game.gameId, playerID);
  return `/result/${game.gameId}`;
}

/**
 * Once `game` (fully answered) is given, submits it and moves on. A failure is retried after 2 s,
 * at most 3 times, then given up with a console error only. A friend's 409 (already played) goes
 * straight to the result: the first answers stand.
 */
export function useSubmitGame(game: GameInProgress | null): void {
  const navigate = useLatest(useNavigate());
  const started = useRef(false);
  const mounted = useRef(true);
  const retryTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(retryTimer.current);
    };
  }, []);

  useEffect(() => {
    // Started once per screen, even when React runs effects twice in development.
    if (!game || started.current) return;
    started.current = true;
    const attempt = async (retry: number) => {
      try {
        const next = await submit(game);
        finishGame();
        if (mounted.current) navigate.current(next, { replace: true });
      } catch (error) {
        if (!mounted.current) return;
        if (error instanceof ApiError && error.status === 409 && game.gameId !== NEW_GAME_ID) {
          finishGame();
          navigate.current(`/result/${game.gameId}`, { replace: true });
          return;
        }
        console.error('API response not ok', errorMessage(error, 'API response not ok'));
        if (retry < MAX_RETRIES) retryTimer.current = setTimeout(() => void attempt(retry + 1), RETRY_DELAY_MS);
      }
    };
    void attempt(0);
  }, [game, navigate]);
}
