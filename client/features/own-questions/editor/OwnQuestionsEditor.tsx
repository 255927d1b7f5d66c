import { useLingui } from '@lingui/react';
import { type KeyboardEvent, type RefObject, useEffect, useId, useImperativeHandle, useRef } from 'react';
import { withOwnQuestions } from '../../../../shared/own-questions.js';
import type { Edition } from '../../../../shared/product.js';
import type { OwnQuestionsHandle } from '../ownQuestionsHandle.js';
import { fieldIds, OwnQuestionFields } from './OwnQuestionFields.js';
import { blankDraft } from './own-questions.js';
import { OWN_QUESTIONS_TEXT as TEXT } from './ownQuestionsText.js';
import { useOwnQuestions } from './useOwnQuestions.js';

/**
 * "Add your own question" on the landing screen: up to `most` questions the creator writes (the
 * game's rounds: every round may be their own), each replacing a drawn one at the start of the
 * game, in the order shown; on a phone they are moved up and down by taps and removed one by one,
 * with a count of what is left. Drafts are kept in localStorage (useOwnQuestions);
 * problems appear under their fields once Play is pressed, and focus goes to the first one.
 * Fetched on demand (OwnQuestions.tsx); `startWithOne` when it came for "Add your own question":
 * it then opens with one question to write, focused. Play reaches it through `handle`.
 */
export function OwnQuestionsEditor({
  edition,
  handle,
  startWithOne,
  most,
}: {
  edition: Edition;
  handle: RefObject<OwnQuestionsHandle | null>;
  startWithOne: boolean;
  /** The game's rounds (the questions drawn); undefined until they are here. */
  most: number | undefined;
}) {
  const own = useOwnQuestions(edition, startWithOne);
  // What Play asks: set as each render commits (so never a render behind), gone with the editor.
  useImperativeHandle(handle, () => ({
    questionsFor: (drawn) => {
      const questions = own.forPlay();
      return questions && withOwnQuestions(questions, drawn);
    },
  }));
  // Re-rendered on a switch of language (the texts read the active one).
  useLingui();
  const base = useId();
  const section = useRef<HTMLElement>(null);
  /** An element to focus once the change that creates it has rendered. */
  const pendingFocus = useRef<string | null>(null);
  const addId = `${base}-add`;
  const { drafts, change, checks, showProblems, focusRequest } = own;

  useEffect(() => {
    if (pendingFocus.current === null) return;
    document.getElementById(pendingFocus.current)?.focus();
    pendingFocus.current = null;
  });

  useEffect(() => {
    if (startWithOne) document.getElementById(fieldIds(base, 0).question)?.focus();
  }, [startWithOne, base]);

  useEffect(() => {
    if (focusRequest === 0) return;
    section.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const focusNext = (id: string) => {
    pendingFocus.current = id;
  };

  /** Swaps two drafts; focus follows the moved one's same button (or the other, at an end). */
  const move = (from: number, to: number, direction: 'up' | 'down') => {
    const next = [...drafts];
    [next[from], next[to]] = [next[to], next[from]];
    change(next);
    const atEnd = direction === 'up' ? to === 0 : to === drafts.length - 1;
    const button = atEnd ? (direction === 'up' ? 'down' : 'up') : direction;
    focusNext(`${fieldIds(base, to).question}-${button}`);
  };
  const full = most !== undefined && drafts.length >= most;

  // Enter in a field would submit the landing form, which starts the game: writing is not done yet.
  const keepTyping = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
  };

  return (
    <section ref={section} className="own-questions" aria-labelledby={`${base}-title`} onKeyDown={keepTyping}>
      <h2 id={`${base}-title`}>{TEXT.title(own.edition)}</h2>
      <p className="muted own-questions__intro">{TEXT.intro(own.edition)}</p>
      {drafts.length > 0 && (
        <ol className="own-questions__list">
          {drafts.map((draft, i) => {
            const check = checks[i];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a draft is its place in the order written.
              <li key={i}>
                <OwnQuestionFields
                  base={base}
                  index={i}
                  draft={draft}
                  problems={showProblems && check && !check.ok ? check.problems : undefined}
                  onChange={(next) => change(drafts.map((d, j) => (j === i ? next : d)))}
                  onRemove={() => {
                    change(drafts.filter((_, j) => j !== i));
                    focusNext(addId);
                  }}
                  onMoveUp={i === 0 ? undefined : () => move(i, i - 1, 'up')}
                  onMoveDown={i === drafts.length - 1 ? undefined : () => move(i, i + 1, 'down')}
                  focusNext={focusNext}
                />
              </li>
            );
          })}
        </ol>
      )}
      {most !== undefined && drafts.length > 0 && (
        <p className="own-questions__count" aria-live="polite">
          {TEXT.count(Math.min(drafts.length, most), most)}
        </p>
      )}
      {!full ? (
        <button
          id={addId}
          type="button"
          className="button button--secondary own-questions__add"
          onClick={() => {
            change([...drafts, blankDraft(own.edition)]);
            focusNext(fieldIds(base, drafts.length).question);
          }}
        >
          {TEXT.addQuestion(own.edition)}
        </button>
      ) : (
        <p id={addId} className="muted" tabIndex={-1}>
          {TEXT.full(own.edition)}
        </p>
      )}
      {showProblems && checks.some((check) => !check.ok) && (
        <p className="own-questions__summary">{TEXT.fixBeforePlay}</p>
      )}
    </section>
  );
}
