import { useCallback, useState } from 'react';
import type { Question } from '../../../../shared/model.js';
import { checkOwnQuestions, type OwnQuestionCheck } from '../../../../shared/own-questions.js';
import type { Edition } from '../../../../shared/product.js';
import { blankDraft, draftInput, loadDrafts, type OwnQuestionDraft, ownQuestion, saveDrafts } from './own-questions.js';

/** The landing screen's own questions: the drafts (kept in localStorage) and what Play makes of them. */
interface OwnQuestions {
  edition: Edition;
  drafts: OwnQuestionDraft[];
  change: (drafts: OwnQuestionDraft[]) => void;
  /** Each draft checked, in order, by the rules create-game applies. */
  checks: OwnQuestionCheck[];
  /** Problems are shown once Play was pressed with a draft that is not ready (not while typing). */
  showProblems: boolean;
  /** Bumped when Play finds a problem: the editor then moves focus to the first field that has one. */
  focusRequest: number;
  /** For Play: the own questions as rounds, or null (and problems shown) when one is not ready. */
  forPlay: () => Question[] | null;
}

/** `startWithOne`: "Add your own question" opened the editor, so it shows a first (blank) question even with none kept. */
export function useOwnQuestions(edition: Edition, startWithOne = false): OwnQuestions {
  const [state, setState] = useState(() => {
    const kept = loadDrafts(edition);
    return { edition, drafts: kept.length === 0 && startWithOne ? [blankDraft(edition)] : kept, showProblems: false };
  });
  const [focusRequest, setFocusRequest] = useState(0);
  // Each edition has its own drafts: switching shows the other edition's (adjusted during render,
  // so no keystroke can land in the wrong edition's list).
  const current = state.edition === edition ? state : { edition, drafts: loadDrafts(edition), showProblems: false };
  if (current !== state) setState(current);
  const { drafts, showProblems } = current;

  const change = useCallback(
    (next: OwnQuestionDraft[]) => {
      setState((previous) => ({ ...previous, edition, drafts: next }));
      saveDrafts(edition, next);
    },
    [edition],
  );

  const checks = checkOwnQuestions(edition, drafts.map(draftInput));
  const forPlay = () => {
    const questions = checks.flatMap((check, i) => (check.ok ? [ownQuestion(check.question, i)] : []));
    if (questions.length === checks.length) return questions;
    setState((previous) => ({ ...previous, showProblems: true }));
    setFocusRequest((n) => n + 1);
    return null;
  };
  return { edition, drafts, change, checks, showProblems, focusRequest, forPlay };
}
