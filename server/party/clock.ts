/**
 * A party's round clock as pure transitions (state + event + time → new state): no timers, no
 * storage. The room (room.ts) applies them one at a time, stores each before it is sent, and sets
 * one timer for the stored deadline; tests drive them with a fake time source.
 */
import type { WireQuestion } from '../../shared/model.js';
import {
  ANSWER_GRACE_MS,
  aboutSubject,
  type PartyCommand,
  type PartyPhase,
  PHASE_MS,
  type RoundPhase,
} from '../../shared/party.js';
import type { StoredState } from './repository.js';

const ROUND_PHASES: readonly PartyPhase[] = ['intro', 'answering', 'reveal', 'standings'];
export const isRoundPhase = (phase: PartyPhase): phase is RoundPhase => ROUND_PHASES.includes(phase);

/** The phase that counts for what is shown: the held one while paused. */
export const shownPhase = (state: StoredState): PartyPhase => state.paused?.phase ?? state.phase;

/** When the clock must move on by itself; null: it waits (lobby, off-timing phases, paused, finished). */
export function dueAt(state: StoredState): number | null {
  if (state.deadline === null || state.paused) return null;
  return state.phase === 'answering' ? state.deadline + ANSWER_GRACE_MS : state.deadline;
}

/** Whether an answer to `round` may be stored at `now`. */
export function acceptsAnswers(
  state: Pick<StoredState, 'phase' | 'round' | 'deadline'>,
  round: number,
  now: number,
): boolean {
  if (state.phase !== 'answering' || state.round !== round) return false;
  return state.deadline === null || now <= state.deadline + ANSWER_GRACE_MS;
}

function enter(state: StoredState, phase: RoundPhase, now: number): StoredState {
  const ms = PHASE_MS[state.timing][phase];
  return {
    ...state,
    phase,
    deadline: ms === null ? null : now + ms,
    revealed: phase === 'reveal' ? state.round + 1 : state.revealed,
  };
}

function intro(state: StoredState, round: number, now: number, subjectOf: (round: number) => string | undefined) {
  const subject = aboutSubject(state.format) ? subjectOf(round) : undefined;
  const subjects = subject === undefined ? state.subjects : [...state.subjects.slice(0, round), subject];
  return enter({ ...state, round, subjects }, 'intro', now);
}

const finish = (state: StoredState): StoredState => ({ ...state, phase: 'finished', deadline: null, paused: null });

/** lobby → the first round's intro, with the questions drawn and the count of rounds decided. */
export function start(
  state: StoredState,
  now: number,
  questions: WireQuestion[],
  subjectOf: (round: number) => string | undefined,
): StoredState {
  return intro({ ...state, questions, rounds: questions.length, subjects: [], revealed: 0 }, 0, now, subjectOf);
}

/** The phase after this one (a deadline passed, everyone answered, or the host's `next`). */
export function advance(
  state: StoredState,
  now: number,
  subjectOf: (round: number) => string | undefined,
): StoredState | undefined {
  switch (state.phase) {
    case 'intro':
      return enter(state, 'answering', now);
    case 'answering':
      return enter(state, 'reveal', now);
    case 'reveal':
      return enter(state, 'standings', now);
    case 'standings':
      return state.round + 1 < state.rounds ? intro(state, state.round + 1, now, subjectOf) : finish(state);
    default:
      return undefined;
  }
}

/** Holds the clock: the phase and what it had left. */
export function pause(state: StoredState, now: number): StoredState | undefined {
  if (!isRoundPhase(state.phase)) return undefined;
  const remainingMs = state.deadline === null ? null : Math.max(0, state.deadline - now);
  return { ...state, phase: 'paused', deadline: null, paused: { phase: state.phase, remainingMs } };
}

export function resume(state: StoredState, now: number): StoredState | undefined {
  if (!state.paused) return undefined;
  const { phase, remainingMs } = state.paused;
  return { ...state, phase, deadline: remainingMs === null ? null : now + remainingMs, paused: null };
}

export function end(state: StoredState): StoredState {
  return finish(state);
}

/**
 * What a host's command past the lobby makes of the state (`start` and `next` in the lobby draw the
 * questions: Parties.start): the next state, and whether the party ends with it; undefined if the
 * command changes nothing.
 */
export function commanded(
  state: StoredState,
  ended: boolean,
  command: Exclude<PartyCommand, 'start' | 'again' | 'kick'>,
  now: number,
  subjectOf: (round: number) => string | undefined,
): { next: StoredState; ends?: boolean } | undefined {
  const next = (state: StoredState | undefined, ends?: boolean) => (state ? { next: state, ends } : undefined);
  switch (command) {
    case 'next':
      return next(advance(state, now, subjectOf));
    case 'pause':
      return next(pause(state, now));
    case 'resume':
      return next(resume(state, now));
    case 'lock':
    case 'unlock':
      return ended ? undefined : next({ ...state, locked: command === 'lock' });
    case 'end':
      return ended ? undefined : next(end(state), true);
  }
}
