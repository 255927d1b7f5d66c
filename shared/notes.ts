/**
 * A word back (docs/api.md, "Notes"): after their reveal a friend may leave the game's creator one
 * reaction, one note, or both, once. Only the creator reads them; the live channel tells creators
 * `{"type":"note","playerID"}` (never the text). Its calls are typed here and spread into the
 * endpoint table in api.ts (whose schemas this file cannot import: api.ts imports it).
 */
import { z } from 'zod';
import { cleanText } from './names.js';

/** The six reactions a friend can leave, as the emoji shown. */
export const NOTE_REACTIONS = ['😂', '❤️', '😮', '🤔', '🔥', '👏'] as const;
export type NoteReaction = (typeof NOTE_REACTIONS)[number];

/** A note's most characters (code points, as people count them: an emoji is one). */
export const NOTE_MAX_LENGTH = 140;

/** A note's length as people count it. */
export const noteLength = (note: string) => Array.from(note).length;

const userIdSchema = z.uuid({ error: 'must be a UUID' }).transform((id) => id.toLowerCase());
const gameIdSchema = z
  .string({ error: 'is required' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'is not a valid game id' });
const publicPlayerIdSchema = z
  .string({ error: 'is required' })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'is not a valid player id' });
const okReply = z.object({ ok: z.literal(true) });

/**
 * Cleaned as names are (shared/names.ts: no control or invisible characters, marks bounded), then
 * refused past the limit rather than cut: the friend sees why. Empty after cleaning reads as none.
 */
const noteSchema = z
  .string({ error: 'must be a string' })
  .transform(cleanText)
  .refine((note) => noteLength(note) <= NOTE_MAX_LENGTH, {
    error: `must be at most ${NOTE_MAX_LENGTH} characters long`,
  })
  .transform((note) => (note === '' ? undefined : note));

const reactionSchema = z.enum(NOTE_REACTIONS, { error: `must be one of ${NOTE_REACTIONS.join(' ')}` });

/** A note as its creator reads it. */
const noteSchemaOut = z.object({
  playerID: z.string(),
  playerName: z.string(),
  reaction: reactionSchema.optional(),
  note: z.string().optional(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type Note = z.infer<typeof noteSchemaOut>;

export const noteEndpoints = {
  /**
   * A friend who finished (`playerId`: their private id) leaves the creator a reaction and/or a
   * note, once (409 `note_already_left`); neither is 400 `note_empty`.
   */
  'leave-note': {
    method: 'POST',
    body: z.object({
      gameId: gameIdSchema,
      playerId: userIdSchema,
      reaction: reactionSchema.optional(),
      note: noteSchema.optional(),
    }),
    reply: okReply,
  },
  /** The notes friends left, oldest first; a game's creators only (403 otherwise). */
  'get-notes': {
    method: 'GET',
    query: z.object({ gameId: gameIdSchema, userId: userIdSchema }),
    reply: z.object({ notes: z.array(noteSchemaOut) }),
  },
  /** The admin removes one friend's note (ADMIN_TOKEN, as the other admin calls). */
  'admin/remove-note': {
    method: 'POST',
    body: z.object({ gameId: gameIdSchema, playerID: publicPlayerIdSchema }),
    reply: okReply,
  },
} as const;
