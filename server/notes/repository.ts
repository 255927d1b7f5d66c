/**
 * A word back (shared/notes.ts): one reaction and/or note per friend, for the game's creator.
 * The SQLite and PostgreSQL implementations pass the same tests (notes.test.ts in both projects).
 */
import type { Note, NoteReaction } from '../../shared/notes.js';

export interface NewNote {
  gameId: string;
  /** The friend's private id: the note is stored under their public id on the board. */
  playerUserId: string;
  reaction?: NoteReaction;
  note?: string;
}

/**
 * `stored` (with the friend's public id, announced as `{type:"note"}` once stored); `left`: this
 * friend already left one; `not-played`: no response of theirs on the board (not finished, or
 * removed); decided by the write itself, so two at once store one.
 */
export type LeaveNoteResult =
  | { status: 'stored'; playerID: string; playerName: string }
  | { status: 'left' }
  | { status: 'not-played' };

export interface NoteRepository {
  leave(note: NewNote): Promise<LeaveNoteResult>;
  /** The game's notes, oldest first; a removed friend's left out. */
  list(gameId: string): Promise<Note[]>;
  /** Removes one friend's note (the admin); false if there was none. */
  remove(gameId: string, playerID: string): Promise<boolean>;
}

/** A note row as every database returns it, joined to its friend's response. */
export interface NoteRow {
  public_id: string;
  player_name: string;
  reaction: string | null;
  note: string | null;
  created_at: number | string;
}

export const noteFromRow = (row: NoteRow): Note => ({
  playerID: row.public_id,
  playerName: row.player_name,
  ...(row.reaction === null ? {} : { reaction: row.reaction as NoteReaction }),
  ...(row.note === null ? {} : { note: row.note }),
  createdAt: new Date(Number(row.created_at)).toISOString(),
});
