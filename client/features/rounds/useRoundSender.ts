import { useEffect, useRef, useState } from 'react';
import type { ReplyOf } from '../../../shared/api.js';
import { ApiError } from '../../api/http.js';
import { userId, userName } from '../../state/user.js';
import { answerRound, getRounds } from './calls.js';
import { keptRounds, markStored } from './kept-rounds.js';

/** The wait before sending again after a failure: 1 s doubling up to 30 s. */
export const resendDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);

/**
 * Sends the friend's answered rounds to the server one at a time, in order, behind the play: the
 * rounds never wait for it. What the server has not stored yet stays in this browser (kept-rounds)
 * and goes when the connection is back (a retry with backoff, at once on `online`). A refusal
 * (the rounds differ, the friend has finished, the game is gone) stops the sending: the answers go
 * whole with log-response at the end, which decides. `active` is false once the play is over.
 * `onStored` hears each round the server stored, with its reply (a guess game's carries the
 * creator's answer to that round). Returns whether rounds wait because no answer came at all
 * (offline): the screen says so, calmly, until one is stored.
 */
export function useRoundSender(
  gameId: string,
  answers: readonly number[] | null,
  active: boolean,
  onStored?: (round: number, reply: ReplyOf<'answer-round'>) => void,
): { offline: boolean } {
  const [offline, setOffline] = useState(false);
  const latest = useRef({ answers, active, onStored });
  latest.current = { answers, active, onStored };
  const pump = useRef<() => void>(() => {});

  useEffect(() => {
    let stopped = false;
    let sending = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const next = () => {
      const { answers: current, active: on } = latest.current;
      if (stopped || sending || !on || !current || timer !== undefined) return;
      const stored = keptRounds(gameId)?.stored ?? 0;
      if (stored >= current.length) return;
      sending = true;
      answerRound({ gameId, playerId: userId(), userName: userName(), round: stored, answer: current[stored] }).then(
        (reply) => {
          sending = false;
          attempt = 0;
          if (!stopped) setOffline(false);
          markStored(gameId, reply.round);
          // A guess game's reply: the creator's answer to the round just stored.
          if (!stopped) latest.current.onStored?.(stored, reply);
          next();
        },
        async (error: unknown) => {
          sending = false;
          if (stopped) return;
          if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
            // Out of step with the server (another tab went on): take its count and go on from there.
            if (error.status === 409) {
              try {
                const { round } = await getRounds(gameId, userId());
                if (round > stored) {
                  markStored(gameId, round);
                  return next();
                }
              } catch {
                // Left to log-response at the end.
              }
            }
            stopped = true;
            return;
          }
          // Status 0: no answer at all (a busy server's 503 is retried without a word).
          if (error instanceof ApiError && error.status === 0) setOffline(true);
          timer = setTimeout(() => {
            timer = undefined;
            next();
          }, resendDelay(attempt));
          attempt += 1;
        },
      );
    };
    pump.current = next;
    const online = () => {
      clearTimeout(timer);
      timer = undefined;
      attempt = 0;
      next();
    };
    window.addEventListener('online', online);
    next();
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', online);
      pump.current = () => {};
    };
  }, [gameId]);

  // Each newly answered round.
  const count = answers?.length ?? 0;
  useEffect(() => {
    if (count > 0 && active) pump.current();
  }, [count, active]);
  return { offline: offline && active };
}
