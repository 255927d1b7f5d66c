import { useLingui } from '@lingui/react';
import { type KeyboardEvent, type RefObject, useEffect, useId, useImperativeHandle, useRef } from 'react';
import { MAX_OWN_QUESTIONS, withOwnQuestions } from '../../../../shared/own-questions.js';
import type { Edition } from '../../../../shared/product.js';
import type { OwnQuestionsHandle } from '../ownQuestionsHandle.js';
import { fieldIds, OwnQuestionFields } from './OwnQuestionFields.js';
import { blankDraft } from './own-questions.js';
import { OWN_QUESTIONS_TEXT as TEXT } from './ownQuestionsText.js';
import { useOwnQuestions } from './useOwnQuestions.js';

/**
 * "Add your own question" on the landing screen: up to five questions the creator writes, each
 * replacing a drawn one at the start of the game. Drafts are kept in localStorage (useOwnQuestions);
 * problems appear under their fields once Play is pressed, and focus goes to the first one.
 * Fetched on demand (OwnQuestions.tsx); `startWithOne` when it came for "Add your own question":
 * it then opens with one question to write, focused. Play reaches it through `handle`.
 */
export function OwnQuestionsEditor({
  edition,
  handle,
  startWithOne,
}: {
  edition: Edition;
  handle: RefObject<OwnQuestionsHandle | null>;
  startWithOne: boolean;
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
                  focusNext={focusNext}
                />
              </li>
            );
          })}
        </ol>
      )}
      {drafts.length < MAX_OWN_QUESTIONS ? (
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
          {TEXT.full}
        </p>
      )}
      {showProblems && checks.some((check) => !check.ok) && (
        <p className="own-questions__summary">{TEXT.fixBeforePlay}</p>
      )}
    </section>
  );
}
