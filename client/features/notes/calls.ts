import type { RequestOf } from '../../../shared/api.js';
import type { Note } from '../../../shared/notes.js';
import { apiCall, REQUEST_FAILED } from '../../api/http.js';
import type { Failure } from '../../i18n/failure.js';
import { local } from '../../state/storage.js';
import { userId } from '../../state/user.js';

/** POST leave-note. */
export async function leaveNote(body: RequestOf<'leave-note'>, fallback: Failure): Promise<void> {
  await apiCall('leave-note', { body }, { fallback });
}

/** The notes friends left the creator (creators only: the server answers 403 to anyone else). */
export async function getNotes(gameId: string, signal?: AbortSignal): Promise<Note[]> {
  const { notes } = await apiCall(
    'get-notes',
    { query: { gameId, userId: userId() } },
    { signal, fallback: REQUEST_FAILED },
  );
  return notes;
}

const LEFT_KEY = 'wavelength.notes-left';

/** Games this browser left a note in: the form is not offered again (the server refuses a second one). */
export function noteWasLeft(gameId: string): boolean {
  try {
    const left: unknown = JSON.parse(local.get(LEFT_KEY) ?? '[]');
    return Array.isArray(left) && left.includes(gameId);
  } catch {
    return false;
  }
}

export function rememberNoteLeft(gameId: string): void {
  let left: unknown = [];
  try {
    left = JSON.parse(local.get(LEFT_KEY) ?? '[]');
  } catch {}
  const games = Array.isArray(left) ? left.filter((id): id is string => typeof id === 'string') : [];
  // The latest hundred games are plenty: an older one offers the form, which the server then refuses.
  local.set(LEFT_KEY, JSON.stringify([...games.filter((id) => id !== gameId), gameId].slice(-100)));
}
