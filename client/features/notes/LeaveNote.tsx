import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { NOTE_MAX_LENGTH, NOTE_REACTIONS, type NoteReaction, noteLength } from '../../../shared/notes.js';
import { ApiError, failureText } from '../../api/http.js';
import { failure, translateFailure } from '../../i18n/failure.js';
import { Isolated } from '../../i18n/Isolated.js';
import { leaveNote, noteWasLeft, rememberNoteLeft } from './calls.js';

export const NOTE_FAILED = failure('note_failed', "We couldn't send your note. Check your connection and try again.");

/** Each reaction's name for a screen reader (the emoji alone reads differently everywhere). */
function useReactionNames(): Record<NoteReaction, string> {
  const { t } = useLingui();
  return {
    '😂': t`Laughing`,
    '❤️': t`Love`,
    '😮': t`Surprised`,
    '🤔': t`Thinking`,
    '🔥': t`On fire`,
    '👏': t`Applause`,
  };
}

/**
 * A word back, on a friend's result (after their reveal): one of six reactions and/or a note of at
 * most 140 characters, for the creator only, once. Sent, it says so and stays said on this device.
 */
export function LeaveNote({ gameId, playerId, creator }: { gameId: string; playerId: string; creator: string | null }) {
  const { i18n, t } = useLingui();
  const names = useReactionNames();
  const [reaction, setReaction] = useState<NoteReaction | null>(null);
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(() => noteWasLeft(gameId));
  const [problem, setProblem] = useState<string | null>(null);
  const noteId = useId();
  const countId = useId();
  const left = NOTE_MAX_LENGTH - noteLength(note);

  if (sent) {
    return (
      <p className="card leave-note leave-note--sent" role="status">
        <Isolated
          text={
            creator === null ? t`Your note is on its way to your friend.` : t`Your note is on its way to ${creator}.`
          }
        />
      </p>
    );
  }

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const text = note.trim();
    if (reaction === null && text === '') {
      setProblem(t`Pick a reaction or write a few words.`);
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      await leaveNote(
        { gameId, playerId, ...(reaction && { reaction }), ...(text !== '' && { note: text }) },
        NOTE_FAILED,
      );
      rememberNoteLeft(gameId);
      setSent(true);
    } catch (error) {
      // Left already (another tab, another device): it is on its way all the same.
      if (error instanceof ApiError && error.status === 409) {
        rememberNoteLeft(gameId);
        setSent(true);
        return;
      }
      setProblem(translateFailure(i18n, failureText(error, NOTE_FAILED)));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="card leave-note" onSubmit={send} aria-labelledby={`${noteId}-title`}>
      <h2 id={`${noteId}-title`}>
        <Isolated text={creator === null ? t`Leave your friend a note` : t`Leave ${creator} a note`} />
      </h2>
      <fieldset className="leave-note__reactions">
        <legend className="visually-hidden">{t`Reaction`}</legend>
        {NOTE_REACTIONS.map((emoji) => (
          <button
            key={emoji}
            type="button"
            className="leave-note__reaction"
            aria-pressed={emoji === reaction}
            aria-label={names[emoji]}
            onClick={() => setReaction(emoji === reaction ? null : emoji)}
          >
            {emoji}
          </button>
        ))}
      </fieldset>
      <label htmlFor={noteId}>{t`A few words (only they will see them)`}</label>
      <textarea
        id={noteId}
        value={note}
        rows={2}
        aria-describedby={countId}
        onChange={(event) => setNote(Array.from(event.target.value).slice(0, NOTE_MAX_LENGTH).join(''))}
      />
      <p id={countId} className="leave-note__count" aria-live="polite">
        {t`${left} characters left`}
      </p>
      {problem !== null && (
        <p className="alert" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? t`Sending...` : t`Send`}
      </button>
    </form>
  );
}
