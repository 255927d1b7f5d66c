import { describe, expect, it } from 'vitest';
import { ANSWER_GRACE_MS } from '../../shared/party.js';
import { acceptsAnswers, advance, dueAt, end, pause, resume, start } from './clock.js';
import type { StoredState } from './repository.js';

const lobby: StoredState = {
  gameType: 'Spectrum',
  format: 'guess',
  timing: 'standard',
  roundsAsked: 2,
  rounds: 2,
  lang: 'en',
  code: 'BCDFG',
  phase: 'lobby',
  round: 0,
  revealed: 0,
  deadline: null,
  paused: null,
  locked: false,
  hostId: 'host',
  questions: [],
  subjects: [],
  nextPartyId: null,
};
const questions = [
  { questionID: 'q1', question: 'One?', options: 'A' },
  { questionID: 'q2', question: 'Two?', options: 'B' },
];
const subjectOf = (round: number) => ['ada', 'bo'][round % 2];

describe('the party clock as transitions', () => {
  it('walks every phase of every round to finished, each deadline counted from the change', () => {
    let state = start(lobby, 0, questions, subjectOf);
    const seen: string[] = [];
    let now = 0;
    while (state.phase !== 'finished') {
      seen.push(`${state.phase}${state.round}`);
      const due = dueAt(state);
      expect(due).not.toBeNull();
      now = due as number;
      state = advance(state, now, subjectOf) as StoredState;
    }
    expect(seen).toEqual([
      'intro0',
      'answering0',
      'reveal0',
      'standings0',
      'intro1',
      'answering1',
      'reveal1',
      'standings1',
    ]);
    expect(state).toMatchObject({ revealed: 2, subjects: ['ada', 'bo'], deadline: null });
    expect(now).toBe(2 * (3000 + 20_000 + ANSWER_GRACE_MS + 8000 + 5000));
    expect(advance(state, now, subjectOf)).toBeUndefined();
  });

  it('takes answers for the round in answering only, until its deadline plus the grace', () => {
    const intro = start(lobby, 0, questions, subjectOf);
    expect(acceptsAnswers(intro, 0, 0)).toBe(false);
    const answering = advance(intro, 3000, subjectOf) as StoredState;
    expect(answering.deadline).toBe(23_000);
    expect(dueAt(answering)).toBe(23_000 + ANSWER_GRACE_MS);
    expect(acceptsAnswers(answering, 0, 23_000 + ANSWER_GRACE_MS)).toBe(true);
    expect(acceptsAnswers(answering, 0, 23_001 + ANSWER_GRACE_MS)).toBe(false);
    expect(acceptsAnswers(answering, 1, 3000)).toBe(false);
    // Not revealed until the reveal begins.
    expect(answering.revealed).toBe(0);
    expect((advance(answering, 5000, subjectOf) as StoredState).revealed).toBe(1);
  });

  it('pause keeps what was left and has no deadline; resume gives it back; end finishes', () => {
    const answering = advance(start(lobby, 0, questions, subjectOf), 3000, subjectOf) as StoredState;
    const paused = pause(answering, 10_000) as StoredState;
    expect(paused).toMatchObject({
      phase: 'paused',
      deadline: null,
      paused: { phase: 'answering', remainingMs: 13_000 },
    });
    expect(dueAt(paused)).toBeNull();
    expect(pause(paused, 11_000)).toBeUndefined();
    expect(resume(paused, 50_000)).toMatchObject({ phase: 'answering', deadline: 63_000, paused: null });
    expect(resume(answering, 50_000)).toBeUndefined();
    expect(end(paused)).toMatchObject({ phase: 'finished', paused: null, deadline: null });
  });

  it('with timing off, only the intro has a deadline', () => {
    const off = { ...lobby, timing: 'off' as const };
    const intro = start(off, 0, questions, subjectOf);
    expect(intro.deadline).toBe(3000);
    const answering = advance(intro, 3000, subjectOf) as StoredState;
    expect(dueAt(answering)).toBeNull();
    expect(acceptsAnswers(answering, 0, 10 ** 9)).toBe(true);
    expect(dueAt(advance(answering, 0, subjectOf) as StoredState)).toBeNull();
  });
});
