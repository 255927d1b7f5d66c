/**
 * The HTTP API as one table: every call's method, path (its key, under /prod), request schema and
 * reply schema. The server registers its routes from this table (under API_PREFIX), validates with the request
 * schemas and serializes with the reply schemas (which is also what keeps private fields out of
 * replies). The client imports only types from here (`import type`), so zod stays out of its bundle.
 */
import { z } from 'zod';
import { matchLanguage } from './languages.js';
import { cleanName, cleanText } from './names.js';
import { noteEndpoints } from './notes.js';
import { PACKS } from './packs.js';
import { partyAdminEndpoints, partyEndpoints } from './party.js';

export { API_PREFIX } from './api-prefix.js';

import { GAME_MODES, MAX_QUESTIONS_PER_GAME } from './product.js';
import { REPORT_NOTE_MAX_LENGTH, REPORT_REASONS, type ReportReason } from './reports.js';

// Case-insensitive on the wire; lowercased so that one player is one string everywhere.
const userIdSchema = z.uuid({ error: 'must be a UUID' }).transform((id) => id.toLowerCase());

export const gameIdSchema = z
  .string({ error: 'is required' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'is not a valid game id' });

/** Any string is accepted and cleaned (see `cleanName`): a long name is cut, never refused. */
const nameSchema = z.string({ error: 'must be a string' }).transform(cleanName);

/**
 * A visitor's id where a visitor may not have one yet: the original client sends the literal
 * `null` on a first visit. Anything that is not a UUID reads as no id (`undefined`).
 */
const optionalUserIdSchema = userIdSchema.optional().catch(undefined);

const questionIdSchema = z.string({ error: 'must be a list of question ids' }).min(1).max(64);

/**
 * A creator's own question in create-game's `questionSet` (see shared/own-questions.ts): only its
 * shape here; the handler checks its content by the edition and names the entry ("Question 3: …").
 */
const ownQuestionSchema = z.strictObject({
  question: z.string(),
  options: z.array(z.string()).optional(),
  scale: z.string().optional(),
});
const questionSetEntrySchema = z.union([questionIdSchema, ownQuestionSchema], {
  error:
    'must be a question id or a question of your own: {"question","options"} (Classic) or {"question","scale"} (Spectrum)',
});

/** What a question id may hold: ids travel in the comma-separated `exclude` list and in URLs. */
export const QUESTION_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** At most this many ids in get-questions' `exclude`. */
const MAX_EXCLUDED_QUESTIONS = 100;

// Query values are strings; a repeated parameter arrives as a list and is refused as "not a whole number".
const countSchema = z
  .string({ error: 'must be a whole number' })
  .regex(/^\d{1,3}$/, { error: `must be a whole number from 1 to ${MAX_QUESTIONS_PER_GAME}` })
  .transform(Number)
  .pipe(
    z
      .number()
      .min(1, { error: 'must be at least 1' })
      .max(MAX_QUESTIONS_PER_GAME, { error: `must be at most ${MAX_QUESTIONS_PER_GAME}` }),
  );

// Empty items are refused rather than skipped: "a,,b" is a mistake worth naming.
const excludeSchema = z
  .string({ error: 'must be a comma-separated list of question ids' })
  .transform((list) => (list === '' ? [] : list.split(',')))
  .refine((ids) => ids.length <= MAX_EXCLUDED_QUESTIONS, {
    error: `must list at most ${MAX_EXCLUDED_QUESTIONS} question ids`,
  })
  .refine((ids) => ids.every((id) => QUESTION_ID_PATTERN.test(id)), {
    error: 'must be a comma-separated list of question ids (letters, digits, _ and -)',
  });

/**
 * The language of a reply's texts: a BCP 47 tag (`es`, `pt-BR`, `de-AT`), matched to one the
 * product speaks (shared/languages.ts). Unknown or missing reads as English, as before there was any.
 */
const langSchema = z
  .string({ error: 'must be a language tag such as "es" or "pt-BR"' })
  .max(64, { error: 'must be a language tag such as "es" or "pt-BR"' })
  .optional()
  .transform(matchLanguage);

/** A whole number's error: says plainly when it is missing. */
const wholeNumber = (issue: { input: unknown }) =>
  issue.input === undefined ? 'is required' : 'must be a whole number';

const answerSchema = z
  .number({ error: 'must be a list of whole numbers' })
  .int({ error: 'must be a list of whole numbers' });

const answerListSchema = z
  .array(answerSchema, { error: 'must be a list of whole numbers' })
  .max(MAX_QUESTIONS_PER_GAME);

const wireQuestionSchema = z.object({
  questionID: z.string(),
  question: z.string(),
  options: z.union([z.array(z.string()), z.string()]),
});

const gameTypeSchema = z.enum(['Spectrum', 'Classic']);
/** A pack of the banks (shared/packs.ts). */
export const packSchema = z.enum(PACKS, { error: `must be one of ${PACKS.join(', ')}` });
/** A game's mode (shared/product.ts GAME_MODES): alike (the default) or guess. */
const modeSchema = z.enum(GAME_MODES, { error: `must be ${GAME_MODES.join(' or ')}` });

const playerSchema = z.object({
  playerID: z.string(),
  playerName: z.string(),
  score: z.number(),
});
/** A friend's row on a game's scoreboard. */
export type Player = z.infer<typeof playerSchema>;

const gameQuery = z.object({ gameId: gameIdSchema });

/** A friend's public id on one game's scoreboard (`playerID`). */
const publicPlayerIdSchema = z
  .string({ error: 'is required' })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'is not a valid player id' });

/**
 * get-comparison is asked in one of two forms, and exactly one: a friend reads their own with
 * `playerId` (their private id); the creator reads a friend's with `userId` (the creator's private
 * id) and `playerID` (the friend's public id). Neither form, both, or half of the creator's is 400.
 * The handler receives which form it was.
 */
const comparisonQuery = z
  .object({
    gameId: gameIdSchema,
    playerId: userIdSchema.optional(),
    userId: userIdSchema.optional(),
    playerID: publicPlayerIdSchema.optional(),
    lang: langSchema,
  })
  .refine(
    ({ playerId, userId, playerID }) =>
      playerId !== undefined
        ? userId === undefined && playerID === undefined
        : userId !== undefined && playerID !== undefined,
    { error: "must carry either playerId (your own answers) or userId and playerID (a friend's, for the creator)" },
  )
  .transform(({ gameId, playerId, userId, playerID, lang }) =>
    playerId !== undefined
      ? { gameId, reader: 'friend' as const, playerId, lang }
      : { gameId, reader: 'creator' as const, userId: userId as string, playerID: playerID as string, lang },
  );
const okReply = z.object({ ok: z.literal(true) });

/**
 * get-circle is asked in one of two forms, and exactly one: a friend reads how in tune they are
 * with each other friend with `playerId` (their private id); a creator reads the game's closest
 * pairs with `userId` (the creator's private id). The handler receives which form it was.
 */
const circleQuery = z
  .object({ gameId: gameIdSchema, playerId: userIdSchema.optional(), userId: userIdSchema.optional() })
  .refine(({ playerId, userId }) => (playerId === undefined) !== (userId === undefined), {
    error: 'must carry either playerId (a friend who played) or userId (a creator of the game)',
  })
  .transform(({ gameId, playerId, userId }) =>
    playerId !== undefined
      ? { gameId, reader: 'friend' as const, playerId }
      : { gameId, reader: 'creator' as const, userId: userId as string },
  );
const circleFriendSchema = z.object({ playerID: z.string(), playerName: z.string() });
/** How in tune two friends are: "in-tune" (a pair score of at least 8), "close" (at least 5) or "apart". */
const circleBandSchema = z.enum(['in-tune', 'close', 'apart']);
/**
 * A friend's view: every other friend and how in tune the two are, closest first (by the exact
 * scores, which never leave the server).
 */
const circleMatchesReply = z.object({ matches: z.array(circleFriendSchema.extend({ band: circleBandSchema })) });
/** A creator's view: the most in-tune pairs, closest first, and how many friends are compared. */
const circlePairsReply = z.object({
  pairs: z.array(z.object({ a: circleFriendSchema, b: circleFriendSchema, band: circleBandSchema })),
  players: z.number(),
});
export type CircleMatchesReply = z.infer<typeof circleMatchesReply>;
export type CirclePairsReply = z.infer<typeof circlePairsReply>;

/** The secret of a private creator link (the part after `#`). */
const creatorKeySchema = z
  .string({ error: 'is required' })
  .regex(/^[A-Za-z0-9_-]{16,128}$/, { error: 'is not a valid creator key' });

/**
 * The longest push endpoint accepted: what real push services hand out, with room to spare
 * (FCM's are ≈160–200 characters, Mozilla's ≈200–300, WNS's ≈250–400, Apple's ≈150).
 */
export const MAX_PUSH_ENDPOINT_LENGTH = 600;
const pushEndpointSchema = z
  .string({ error: 'is required' })
  .min(1, { error: 'is required' })
  .max(MAX_PUSH_ENDPOINT_LENGTH, { error: `must be at most ${MAX_PUSH_ENDPOINT_LENGTH} characters` });
/** A base64url key of exactly `bytes` bytes (RFC 8291: p256dh 65, auth 16). */
const base64UrlKey = (bytes: number, what: string) =>
  z
    .string({ error: `must be the ${what} (base64url)` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: `must be the ${what} (base64url)` })
    .refine((value) => Math.floor((value.replace(/=+$/, '').length * 3) / 4) === bytes, {
      error: `must be the ${what} (${bytes} bytes, base64url)`,
    });
/** A browser's push subscription, as `PushSubscription.toJSON()` gives it. */
const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: base64UrlKey(65, "subscription's public key"),
    auth: base64UrlKey(16, "subscription's auth secret"),
  }),
});
const reportReasonSchema = z.enum(REPORT_REASONS, {
  error: `must be one of ${REPORT_REASONS.map((reason) => `"${reason}"`).join(', ')}`,
});
/** Cleaned (see `cleanText`), then refused past the limit rather than cut: the reporter sees why. */
const reportNoteSchema = z
  .string({ error: 'must be a string' })
  .transform(cleanText)
  // Characters as people count them (code points: an emoji is one).
  .refine((note) => Array.from(note).length <= REPORT_NOTE_MAX_LENGTH, {
    error: `must be at most ${REPORT_NOTE_MAX_LENGTH} characters long`,
  });

const reportCountsSchema = z.object(
  Object.fromEntries(REPORT_REASONS.map((reason) => [reason, z.number()])) as Record<ReportReason, z.ZodNumber>,
);
const reportedGameSchema = z.object({
  gameId: z.string(),
  gameType: gameTypeSchema,
  creatorName: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** Friends on the board (removed ones left out). */
  players: z.number(),
  reports: z.number(),
  /** Reports by reason. */
  reasons: reportCountsSchema,
  /** ISO 8601: the newest report. */
  lastReportedAt: z.string(),
});
const adminGameSchema = z.object({
  gameId: z.string(),
  gameType: gameTypeSchema,
  creatorName: z.string(),
  createdAt: z.string(),
  /** In round order; `own`: written by the creator, not drawn from the bank. */
  questions: z.array(z.object({ questionID: z.string(), question: z.string(), own: z.boolean() })),
  players: z.array(playerSchema),
  /** Friends who began round by round and have not finished (the 100 most recent), removable too. */
  unfinished: z.array(z.object({ playerID: z.string(), playerName: z.string(), round: z.number() })).optional(),
  /** Newest first. */
  reports: z.array(z.object({ reason: reportReasonSchema, note: z.string().optional(), createdAt: z.string() })),
  /** Notes friends left the creator (shared/notes.ts), oldest first; each removable. */
  notes: z
    .array(
      z.object({
        playerID: z.string(),
        playerName: z.string(),
        reaction: z.string().optional(),
        note: z.string().optional(),
        createdAt: z.string(),
      }),
    )
    .optional(),
});
export type ReportedGame = z.infer<typeof reportedGameSchema>;
export type AdminGame = z.infer<typeof adminGameSchema>;

interface GetEndpoint {
  method: 'GET';
  query: z.ZodType;
  reply: z.ZodType;
}
interface PostEndpoint {
  method: 'POST';
  body: z.ZodType;
  reply: z.ZodType;
}
export type EndpointDefinition = GetEndpoint | PostEndpoint;

export const endpoints = {
  'get-questions': {
    method: 'GET',
    query: z.object({
      gametype: z
        .string({ error: 'is required (classic or spectrum)' })
        .toLowerCase()
        .pipe(z.enum(['classic', 'spectrum'], { error: 'must be classic or spectrum' })),
      /** How many to draw; at most QUESTIONS_PER_GAME (configuration, so the handler checks that bound). */
      count: countSchema.optional(),
      /** Ids not to draw (the questions a creator already has or swapped away). */
      exclude: excludeSchema.optional(),
      /** The language of the questions' texts. */
      lang: langSchema,
      /** Only questions of this pack. */
      pack: packSchema.optional(),
    }),
    reply: z.object({ questions: z.array(wireQuestionSchema) }),
  },
  'create-game': {
    method: 'POST',
    body: z.object({
      userId: userIdSchema,
      userName: nameSchema,
      /** Bank ids, or a creator's own questions (at most MAX_OWN_QUESTIONS, checked by the handler). */
      questionSet: z
        .array(questionSetEntrySchema, { error: 'must be a list of question ids' })
        .min(1, { error: 'must hold at least one question id' })
        .max(MAX_QUESTIONS_PER_GAME, { error: `must hold at most ${MAX_QUESTIONS_PER_GAME} question ids` }),
      answerSet: answerListSchema,
      gameType: gameTypeSchema.optional(),
      /** alike (default: friends answer for themselves) or guess (friends guess the creator's answers). */
      mode: modeSchema.optional(),
      /** The pack its drawn questions came from: named on join and on its cards. */
      pack: packSchema.optional(),
      /** The game's language: its join page's link preview and `<html lang>`. */
      lang: langSchema,
      /**
       * A game made back for the creator of the game `gameId`, whose friend made it (`playerId`: their
       * own private id for that game; 403 if they have not played it). Its scoreboard hears of it.
       */
      replyTo: z
        .object({ gameId: gameIdSchema, playerId: userIdSchema }, { error: 'must be {gameId, playerId}' })
        .optional(),
    }),
    reply: z.object({ gameId: z.string() }),
  },
  'log-response': {
    method: 'POST',
    body: z.object({
      gameId: gameIdSchema,
      playerId: userIdSchema,
      userName: nameSchema,
      responseSet: answerListSchema,
    }),
    reply: z.object({ ok: z.literal(true), score: z.number(), playerID: z.string() }),
  },
  /** One round of a friend's play, stored before the reply (docs/api.md, answer-round). */
  'answer-round': {
    method: 'POST',
    body: z.object({
      gameId: gameIdSchema,
      playerId: userIdSchema,
      userName: nameSchema,
      /** 0-based; below the game's count of rounds (checked by the handler). */
      round: z
        .number({ error: wholeNumber })
        .int({ error: 'must be a whole number' })
        .min(0, { error: 'must be 0 or more' })
        .max(MAX_QUESTIONS_PER_GAME - 1, { error: `must be below ${MAX_QUESTIONS_PER_GAME}` }),
      answer: z.number({ error: wholeNumber }).int({ error: 'must be a whole number' }),
    }),
    /**
     * `round`: how many rounds are now stored; `rounds`: the game's count. In a guess game only, the
     * creator's answer to the round just stored and its points (0–10), given once the round is stored.
     */
    reply: z.object({
      ok: z.literal(true),
      playerID: z.string(),
      round: z.number(),
      rounds: z.number(),
      creatorAnswer: z.number().optional(),
      points: z.number().optional(),
    }),
  },
  /** How many rounds of their own play a friend has stored (to resume there); never the answers. */
  'get-rounds': {
    method: 'GET',
    query: z.object({ gameId: gameIdSchema, playerId: userIdSchema }),
    reply: z.object({ round: z.number(), rounds: z.number() }),
  },
  'get-all-players': {
    method: 'GET',
    query: gameQuery,
    reply: z.object({ players: z.array(playerSchema) }),
  },
  'is-creator': {
    method: 'GET',
    query: z.object({ gameId: gameIdSchema, userId: optionalUserIdSchema }),
    reply: z.object({ playerName: z.string(), isCreator: z.boolean(), hasPlayed: z.boolean(), mode: modeSchema }),
  },
  'join-game': {
    method: 'POST',
    body: z.object({ gameId: gameIdSchema, lang: langSchema }),
    reply: z.object({
      questions: z.array(wireQuestionSchema),
      gameType: gameTypeSchema,
      mode: modeSchema,
      /** The game's pack, when it was made from one. */
      pack: packSchema.optional(),
    }),
  },
  'has-played': {
    method: 'GET',
    query: gameQuery,
    reply: z.object({ playerName: z.string() }),
  },
  'get-score': {
    method: 'GET',
    query: z.object({ gameId: gameIdSchema, playerId: userIdSchema }),
    reply: z.object({ score: z.number() }),
  },
  'get-comparison': {
    method: 'GET',
    query: comparisonQuery,
    reply: z.object({
      gameType: gameTypeSchema,
      mode: modeSchema,
      creatorName: z.string(),
      playerName: z.string(),
      score: z.number(),
      rank: z.number(),
      players: z.number(),
      rounds: z.array(
        wireQuestionSchema.extend({ creatorAnswer: z.number(), playerAnswer: z.number(), points: z.number() }),
      ),
    }),
  },
  /** Your friends' circle: friends compared with each other; never any answer. */
  'get-circle': {
    method: 'GET',
    query: circleQuery,
    reply: z.union([circleMatchesReply, circlePairsReply]),
  },
  /**
   * For a game's creators only (403 otherwise): the friends on the scoreboard, and those who began
   * and have not finished (get-unfinished), whose plays came in a burst from one network (more than
   * 5 within 10 minutes, a play counted from its first round), so the creator can look at and remove
   * them. Never shown to friends; the network itself never leaves the server.
   */
  'get-bursts': {
    method: 'GET',
    query: z.object({ gameId: gameIdSchema, userId: userIdSchema }),
    reply: z.object({ playerIDs: z.array(z.string()) }),
  },
  /**
   * For a game's creators only (403 otherwise): friends who began playing round by round and have
   * not finished, however long ago (a throw-away id in a guess game learns the creator's answers
   * round by round), the 100 whose latest round is the most recent first, and how many
   * more; remove-player removes them. Never an answer.
   */
  'get-unfinished': {
    method: 'GET',
    query: z.object({ gameId: gameIdSchema, userId: userIdSchema }),
    reply: z.object({
      friends: z.array(
        z.object({
          playerID: z.string(),
          playerName: z.string(),
          /** Rounds stored, of `rounds`. */
          round: z.number(),
          rounds: z.number(),
        }),
      ),
      more: z.number(),
    }),
  },
  // Creator controls: only a creator of the game may call these, else 403.
  'remove-player': {
    method: 'POST',
    body: z.object({ gameId: gameIdSchema, userId: userIdSchema, playerID: publicPlayerIdSchema }),
    reply: okReply,
  },
  'delete-game': {
    method: 'POST',
    body: z.object({ gameId: gameIdSchema, userId: userIdSchema }),
    reply: okReply,
  },
  'my-games': {
    method: 'GET',
    query: z.object({ userId: userIdSchema }),
    reply: z.object({
      games: z.array(
        z.object({
          gameId: z.string(),
          gameType: gameTypeSchema,
          mode: modeSchema,
          creatorName: z.string(),
          /** ISO 8601. */
          createdAt: z.string(),
          /** Friends who answered (removed ones left out). */
          players: z.number(),
        }),
      ),
    }),
  },
  /** A fresh private creator key for this game; the previous one stops working. */
  'creator-link': {
    method: 'POST',
    body: z.object({ gameId: gameIdSchema, userId: userIdSchema }),
    reply: z.object({ key: z.string() }),
  },
  /** Makes `userId` a creator of this one game, given its current private creator key. */
  'claim-game': {
    method: 'POST',
    body: z.object({ gameId: gameIdSchema, key: creatorKeySchema, userId: userIdSchema }),
    reply: okReply,
  },
  /** Games friends made back for this game's creator (create-game's `replyTo`), oldest first; creators only. */
  'get-replies': {
    method: 'GET',
    query: z.object({ gameId: gameIdSchema, userId: userIdSchema }),
    reply: z.object({
      replies: z.array(z.object({ playerID: z.string(), playerName: z.string(), gameId: z.string() })),
    }),
  },
  /** The server's VAPID public key (a browser's applicationServerKey), the same on every instance. */
  'push-key': {
    method: 'GET',
    query: z.object({}),
    reply: z.object({ publicKey: z.string() }),
  },
  /** A creator asks to hear when friends play this game (Web Push). */
  'subscribe-push': {
    method: 'POST',
    body: z.object({ gameId: gameIdSchema, userId: userIdSchema, subscription: pushSubscriptionSchema }),
    reply: okReply,
  },
  /** …and stops hearing it. */
  'unsubscribe-push': {
    method: 'POST',
    body: z.object({ gameId: gameIdSchema, userId: userIdSchema, endpoint: pushEndpointSchema }),
    reply: okReply,
  },
  /** Anyone who sees a game can report it to the server's admin (at most 10 a day per network). */
  'report-game': {
    method: 'POST',
    body: z.object({
      gameId: gameIdSchema,
      reason: reportReasonSchema,
      note: reportNoteSchema.optional(),
    }),
    reply: okReply,
  },
  // The admin's calls (ADMIN_TOKEN, sent as `Authorization: Bearer <token>`): 401 without it,
  // 404 when the server has no ADMIN_TOKEN.
  /** Reported games, most reported first. */
  'admin/reports': {
    method: 'GET',
    query: z.object({}),
    reply: z.object({ games: z.array(reportedGameSchema) }),
  },
  /** Games by id or by part of their creator's name, with their questions, friends and reports. */
  'admin/games': {
    method: 'GET',
    query: z.object({
      q: z
        .string({ error: 'is required (a game id or part of a creator name)' })
        .transform((q) => q.trim())
        .pipe(z.string().min(1, { error: 'is required (a game id or part of a creator name)' }).max(100)),
    }),
    reply: z.object({ games: z.array(adminGameSchema) }),
  },
  'admin/delete-game': {
    method: 'POST',
    body: z.object({ gameId: gameIdSchema }),
    reply: okReply,
  },
  'admin/remove-player': {
    method: 'POST',
    body: z.object({ gameId: gameIdSchema, playerID: publicPlayerIdSchema }),
    reply: okReply,
  },
  ...partyAdminEndpoints,
  // A word back: notes and reactions (shared/notes.ts).
  ...noteEndpoints,
  // A party: play together in one room (shared/party.ts).
  ...partyEndpoints,
} as const satisfies Record<string, EndpointDefinition>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/** What the caller sends: the query of a GET, the body of a POST (before the server's transforms). */
export type RequestOf<K extends EndpointName> = Endpoints[K] extends { query: z.ZodType }
  ? z.input<Endpoints[K]['query']>
  : Endpoints[K] extends { body: z.ZodType }
    ? z.input<Endpoints[K]['body']>
    : never;

/** What the server's handler receives: the request after validation and transforms. */
export type ParsedRequestOf<K extends EndpointName> = Endpoints[K] extends { query: z.ZodType }
  ? z.output<Endpoints[K]['query']>
  : Endpoints[K] extends { body: z.ZodType }
    ? z.output<Endpoints[K]['body']>
    : never;

/** The 200 reply's JSON. */
export type ReplyOf<K extends EndpointName> = z.output<Endpoints[K]['reply']>;
