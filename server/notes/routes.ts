import type { FastifyPluginAsync } from 'fastify';
import { badRequest, conflict, forbidden, removedFriend, unknownGame } from '../errors.js';
import type { GameCache } from '../games/cache.js';
import { isGameCreator } from '../games/creator.js';
import type { GameRepository } from '../games/repository.js';
import { endpoint } from '../http/endpoint.js';
import type { NoteRepository } from './repository.js';

export interface NoteRoutesOptions {
  notes: NoteRepository;
  games: Pick<GameRepository, 'isCoCreator' | 'hasResponded'>;
  cache: GameCache;
  /** A note was stored: the creator's push ("Bo left you a note"); never its text. */
  onNoteLeft?: (gameId: string, playerName: string) => void;
}

export const NOTE_EMPTY = 'Leave a reaction, a note, or both.';
export const NOTE_NOT_PLAYED = 'You can leave a note once you have played this game.';
export const NOTE_ALREADY_LEFT = 'You already left a note for this game.';

/**
 * `POST /prod/leave-note`: a friend who finished leaves the creator a reaction and/or a note, once;
 * `GET /prod/get-notes`: the creator reads them (live, each arrives as `{"type":"note"}`).
 */
export const noteRoutes: FastifyPluginAsync<NoteRoutesOptions> = async (app, { notes, games, cache, onNoteLeft }) => {
  endpoint(app, 'leave-note', async ({ gameId, playerId, reaction, note }) => {
    if (!(await cache.findGame(gameId))) throw unknownGame();
    if (reaction === undefined && note === undefined) throw badRequest('note_empty', NOTE_EMPTY);
    const result = await notes.leave({ gameId, playerUserId: playerId, reaction, note });
    if (result.status === 'not-played') {
      // A removed friend's response stays stored, hidden: they are told they were removed.
      if (await games.hasResponded(gameId, playerId)) throw removedFriend();
      throw forbidden('note_not_played', NOTE_NOT_PLAYED);
    }
    if (result.status === 'left') throw conflict('note_already_left', NOTE_ALREADY_LEFT);
    onNoteLeft?.(gameId, result.playerName);
    return { ok: true as const };
  });

  endpoint(app, 'get-notes', async ({ gameId, userId }) => {
    const game = await cache.findGame(gameId);
    if (!game) throw unknownGame();
    if (!(await isGameCreator(games, game, userId))) {
      throw forbidden('creator_only', 'Only the creator of this game can read the notes friends left.');
    }
    return { notes: await notes.list(gameId) };
  });
};
