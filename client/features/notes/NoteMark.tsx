import type { Note } from '../../../shared/notes.js';

/**
 * A friend's note beside their score, on the creator's boards: the reaction, then the words in
 * quotes. Text only (React escapes it): markup a friend typed shows as they typed it.
 */
export function NoteMark({ note }: { note: Note }) {
  return (
    <span className="note-mark">
      {note.reaction && <span className="note-mark__reaction">{note.reaction}</span>}
      {note.note && (
        <q className="note-mark__text">
          <bdi>{note.note}</bdi>
        </q>
      )}
    </span>
  );
}
