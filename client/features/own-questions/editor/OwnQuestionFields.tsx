import { useLingui } from '@lingui/react';
import { scaleOf } from '../../../../shared/model.js';
import {
  OWN_SCALE_CODES,
  OWN_WORDS_MAX,
  OWN_WORDS_MIN,
  type OwnQuestionProblem,
  type OwnQuestionProblems,
} from '../../../../shared/own-questions.js';
import { translateFailure } from '../../../i18n/failure.js';
import { SCALE_END_MESSAGES } from '../../../i18n/scales.js';
import type { OwnQuestionDraft } from './own-questions.js';
import { OWN_QUESTIONS_TEXT as TEXT } from './ownQuestionsText.js';

/** The element ids of one question's fields, so the editor can move focus to them. */
export const fieldIds = (base: string, question: number) => ({
  question: `${base}-q${question}`,
  word: (word: number) => `${base}-q${question}-w${word}`,
  addWord: `${base}-q${question}-add-word`,
  problem: (field: string) => `${base}-q${question}-${field}-problem`,
});

interface OwnQuestionFieldsProps {
  /** The editor's id prefix (useId). */
  base: string;
  /** 0-based place among the creator's own questions. */
  index: number;
  draft: OwnQuestionDraft;
  /** Shown only once Play was pressed; undefined while all is well. */
  problems: OwnQuestionProblems | undefined;
  onChange: (draft: OwnQuestionDraft) => void;
  onRemove: () => void;
  /** Swaps it with the one before (after); undefined for the first (last). */
  onMoveUp?: () => void;
  onMoveDown?: () => void;
  /** Asks the editor to focus this element after the next render (ids from fieldIds). */
  focusNext: (id: string) => void;
}

/** A sentence under a field, tied to it by aria-describedby (the field names this id). */
function Problem({ id, text }: { id: string; text: OwnQuestionProblem | undefined }) {
  const { i18n } = useLingui();
  if (text === undefined) return null;
  return (
    <p id={id} className="own-question__problem">
      {translateFailure(i18n, text)}
    </p>
  );
}

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/** One own question: its text, and its answer words (Classic) or its scale (Spectrum). */
export function OwnQuestionFields({
  base,
  index,
  draft,
  problems,
  onChange,
  onRemove,
  onMoveUp,
  onMoveDown,
  focusNext,
}: OwnQuestionFieldsProps) {
  // Re-rendered on a switch of language (the texts read the active one).
  const { i18n } = useLingui();
  const ids = fieldIds(base, index);
  const number = index + 1;
  const edition = 'options' in draft ? 'classic' : 'spectrum';
  return (
    <fieldset className="own-question">
      <legend className="own-question__legend">{TEXT.legend(number, edition)}</legend>
      <label className="own-question__label" htmlFor={ids.question}>
        {TEXT.questionLabel(edition)}
      </label>
      <input
        id={ids.question}
        className="name-field own-question__text"
        type="text"
        autoComplete="off"
        value={draft.question}
        aria-invalid={problems?.question !== undefined}
        aria-describedby={describedBy(problems?.question !== undefined && ids.problem('question'))}
        onChange={(event) => onChange({ ...draft, question: event.target.value })}
      />
      <Problem id={ids.problem('question')} text={problems?.question} />
      {'options' in draft ? (
        <WordFields
          draft={draft}
          ids={ids}
          number={number}
          problems={problems}
          onChange={onChange}
          focusNext={focusNext}
        />
      ) : (
        <fieldset className="own-question__scales">
          <legend className="own-question__label">{TEXT.scaleLegend}</legend>
          {OWN_SCALE_CODES.map((code) => {
            const [low, high] = SCALE_END_MESSAGES[scaleOf(code)].map((end) => i18n._(end));
            return (
              <label key={code} className="own-question__scale">
                <input
                  type="radio"
                  name={`${ids.question}-scale`}
                  value={code}
                  checked={draft.scale === code}
                  aria-invalid={problems?.scale !== undefined}
                  aria-describedby={describedBy(problems?.scale !== undefined && ids.problem('scale'))}
                  onChange={() => onChange({ ...draft, scale: code })}
                />
                {low} – {high}
              </label>
            );
          })}
          <Problem id={ids.problem('scale')} text={problems?.scale} />
        </fieldset>
      )}
      <div className="own-question__actions">
        {/* Reorder by taps (no dragging): each a 44 px target, and said with its number. */}
        <button
          id={`${ids.question}-up`}
          type="button"
          className="button button--secondary own-question__move"
          aria-label={TEXT.moveUpName(number, edition)}
          disabled={onMoveUp === undefined}
          onClick={onMoveUp}
        >
          ↑
        </button>
        <button
          id={`${ids.question}-down`}
          type="button"
          className="button button--secondary own-question__move"
          aria-label={TEXT.moveDownName(number, edition)}
          disabled={onMoveDown === undefined}
          onClick={onMoveDown}
        >
          ↓
        </button>
        <button
          type="button"
          className="button button--secondary own-question__remove"
          aria-label={TEXT.removeQuestionName(number, edition)}
          onClick={onRemove}
        >
          {edition === 'classic' ? TEXT.removeQuestion : TEXT.removeStatement}
        </button>
      </div>
    </fieldset>
  );
}

interface WordFieldsProps {
  draft: Extract<OwnQuestionDraft, { options: string[] }>;
  ids: ReturnType<typeof fieldIds>;
  number: number;
  problems: OwnQuestionProblems | undefined;
  onChange: (draft: OwnQuestionDraft) => void;
  focusNext: (id: string) => void;
}

function WordFields({ draft, ids, number, problems, onChange, focusNext }: WordFieldsProps) {
  const listProblem = problems?.wordList !== undefined && ids.problem('words');
  const setWords = (options: string[]) => onChange({ ...draft, options });
  return (
    <div className="own-question__words">
      {draft.options.map((word, i) => {
        const wordProblem = problems?.words?.[i];
        const wordProblemId = ids.problem(`word${i}`);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a word is its place in the list; its text changes as it is typed.
          <div key={i} className="own-question__word">
            <label className="own-question__label" htmlFor={ids.word(i)}>
              {TEXT.wordLabel(i + 1)}
            </label>
            <div className="own-question__word-row">
              <input
                id={ids.word(i)}
                className="name-field"
                type="text"
                autoComplete="off"
                value={word}
                aria-invalid={wordProblem !== undefined || listProblem !== false}
                aria-describedby={describedBy(wordProblem !== undefined && wordProblemId, listProblem)}
                onChange={(event) => setWords(draft.options.map((w, j) => (j === i ? event.target.value : w)))}
              />
              {draft.options.length > OWN_WORDS_MIN && (
                <button
                  type="button"
                  className="button button--secondary own-question__remove-word"
                  aria-label={TEXT.removeWordName(i + 1, number)}
                  onClick={() => {
                    setWords(draft.options.filter((_, j) => j !== i));
                    focusNext(ids.addWord);
                  }}
                >
                  {TEXT.removeWord}
                </button>
              )}
            </div>
            <Problem id={wordProblemId} text={wordProblem} />
          </div>
        );
      })}
      <Problem id={ids.problem('words')} text={problems?.wordList} />
      {draft.options.length < OWN_WORDS_MAX && (
        <button
          id={ids.addWord}
          type="button"
          className="button button--secondary own-question__add-word"
          aria-label={TEXT.addWordName(number)}
          onClick={() => {
            setWords([...draft.options, '']);
            focusNext(ids.word(draft.options.length));
          }}
        >
          {TEXT.addWord}
        </button>
      )}
    </div>
  );
}
