import { useRef } from 'react';
import type { Note } from '../../../shared/notes.js';
import { useApi } from '../../api/useApi.js';
import { getNotes } from './calls.js';

const NONE: ReadonlyMap<string, Note> = new Map();

/**
 * For a creator: the notes friends left, by friend (public id). Read once, and again whenever the
 * live channel tells of a new one (`heard`: the friends it told of; the text never travels there).
 * The notes read last stay shown while the next read is on its way.
 */
export function useNotes(
  gameId: string,
  isCreator: boolean | undefined,
  heard: readonly string[],
): ReadonlyMap<string, Note> {
  const load = useApi(['get-notes', gameId, heard.join(',')], (signal) => getNotes(gameId, signal), {
    enabled: isCreator === true,
  });
  const last = useRef(NONE);
  if (load.data) last.current = new Map(load.data.map((note) => [note.playerID, note]));
  return last.current;
}
