import { useLingui } from '@lingui/react';
import { type RefObject, useEffect, useState } from 'react';
import type { Edition } from '../../../shared/product.js';
import { hasKeptDrafts } from './kept-drafts.js';
import type { OwnQuestionsHandle } from './ownQuestionsHandle.js';
import { OWN_QUESTIONS_INTRO as TEXT } from './ownQuestionsIntro.js';

type EditorModule = typeof import('./editor/OwnQuestionsEditor.js');
let editorModule: Promise<EditorModule> | undefined;
/** Fetched once; a failed fetch (offline) is tried again on the next click. */
function loadEditor(): Promise<EditorModule> {
  editorModule ??= import('./editor/OwnQuestionsEditor.js').catch((error: unknown) => {
    editorModule = undefined;
    throw error;
  });
  return editorModule;
}

/**
 * Fetches the editor's code ahead, once the landing screen is ready: it is still not in the
 * entry, but a press of "Add your own question" then opens it at once, focused, so nothing
 * typed straight after the press goes astray.
 */
export function preloadOwnQuestionsEditor(): void {
  loadEditor().catch(() => {
    // Preloading is a hint; the press fetches it again and reports a failure.
  });
}

function showEditor(show: (editor: EditorModule) => void): void {
  loadEditor().then(show, (error: unknown) => console.error('The own-questions editor did not load:', error));
}

/**
 * "Your own questions" on the landing screen. The editor's code is not in the landing page's
 * entry: most creators never write one, so it is fetched when "Add your own question" is pressed
 * (or at once when drafts of this edition are kept from an earlier visit). Until then this shows
 * the section's heading, what it is for, and the button. `handle` is the editor's, once it is here.
 */
export function OwnQuestions({
  edition,
  handle,
  most,
}: {
  edition: Edition;
  handle: RefObject<OwnQuestionsHandle | null>;
  /** The game's rounds (the questions drawn): every one may be the creator's own. */
  most: number | undefined;
}) {
  // Re-rendered on a switch of language (the texts read the active one).
  useLingui();
  const [editor, setEditor] = useState<EditorModule | null>(null);
  const [startWithOne, setStartWithOne] = useState(false);
  useEffect(() => {
    if (hasKeptDrafts(edition)) showEditor(setEditor);
  }, [edition]);

  if (editor) {
    return <editor.OwnQuestionsEditor edition={edition} handle={handle} startWithOne={startWithOne} most={most} />;
  }
  return (
    <section className="own-questions" aria-labelledby="own-questions-title">
      <h2 id="own-questions-title">{TEXT.title(edition)}</h2>
      <p className="muted own-questions__intro">{TEXT.intro(edition)}</p>
      <button
        type="button"
        className="button button--secondary own-questions__add"
        onClick={() => {
          // The editor opens with a first question to write (focused).
          setStartWithOne(true);
          showEditor(setEditor);
        }}
      >
        {TEXT.addQuestion(edition)}
      </button>
    </section>
  );
}
