/**
 * A party (docs/api.md, "Party: play together, in one room"): people in one room play each round at the same
 * moment on their phones while a shared screen shows the question, the countdown and then every
 * answer. Its phases and their durations are data here; its calls (added to the endpoint table in
 * api.ts) and its live messages are typed once here, for the server and the client.
 */
import { z } from 'zod';
import { matchLanguage } from './languages.js';
import { cleanName } from './names.js';
import { PACKS } from './packs.js';
import { CIRCLE_BANDS } from './trust.js';

/** A party code's letters: consonants only, so that no code spells a word. */
export const PARTY_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
export const PARTY_CODE_LENGTH = 5;
/** A code as typed: any case, with spaces (or dashes) anywhere; undefined if it cannot be a code. */
export function normalizePartyCode(typed: string): string | undefined {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== PARTY_CODE_LENGTH) return undefined;
  return [...code].every((letter) => PARTY_CODE_ALPHABET.includes(letter)) ? code : undefined;
}

/**
 * The formats as data (as game modes are in modes.ts): what each does is read from here, never
 * by comparing a format with a literal. `aboutSubject`: each round is about one player (the
 * subject, in join order), whose answer everyone else guesses for round points, and the end names
 * who knows each subject best; else everyone answers for themselves, no points, and the end shows
 * the closest pairs.
 */
export const PARTY_FORMAT_SPECS = {
  guess: { aboutSubject: true },
  alike: { aboutSubject: false },
} as const satisfies Record<string, { aboutSubject: boolean }>;
export type PartyFormat = keyof typeof PARTY_FORMAT_SPECS;
export const PARTY_FORMATS = Object.keys(PARTY_FORMAT_SPECS) as [PartyFormat, ...PartyFormat[]];
/** Whether a party of this format is about one subject each round. */
export const aboutSubject = (format: PartyFormat): boolean => PARTY_FORMAT_SPECS[format].aboutSubject;
export const PARTY_TIMINGS = ['standard', 'relaxed', 'extra', 'off'] as const;
export type PartyTiming = (typeof PARTY_TIMINGS)[number];
export const PARTY_PHASES = ['lobby', 'intro', 'answering', 'reveal', 'standings', 'finished', 'paused'] as const;
export type PartyPhase = (typeof PARTY_PHASES)[number];
/** The phases of a round, in order. */
export type RoundPhase = 'intro' | 'answering' | 'reveal' | 'standings';

/**
 * How long each phase of a round lasts by timing (ms); null: no deadline (the host's `next`, or
 * in `answering` everyone's answer, moves on).
 */
export const PHASE_MS: Record<PartyTiming, Record<RoundPhase, number | null>> = {
  standard: { intro: 3000, answering: 20_000, reveal: 8000, standings: 5000 },
  relaxed: { intro: 3000, answering: 40_000, reveal: 8000, standings: 5000 },
  extra: { intro: 3000, answering: 60_000, reveal: 8000, standings: 5000 },
  off: { intro: 3000, answering: null, reveal: null, standings: null },
};
/** An answer sent this long after the answering deadline (server time) still counts: the network's time. */
export const ANSWER_GRACE_MS = 500;
/** A host away this long hands the party to the longest-connected player. */
export const HOST_AWAY_MS = 60_000;
export const PARTY_ROUNDS_MIN = 1;
export const PARTY_ROUNDS_MAX = 30;
/** Rounds when the host names none (guess: the smallest multiple of the players at least this). */
export const PARTY_ROUNDS_DEFAULT = 10;
/** Rounds of a party made without `rounds`: `guess` makes everyone subject equally often. */
export function defaultRounds(format: PartyFormat, players: number): number {
  if (!aboutSubject(format) || players < 1) return PARTY_ROUNDS_DEFAULT;
  return Math.ceil(PARTY_ROUNDS_DEFAULT / players) * players;
}

/** Close codes of the party's live socket: unknown (or ended and gone) as games', and kicked. */
export const PARTY_CLOSE_UNKNOWN = 4404;
export const PARTY_CLOSE_KICKED = 4403;

// --- Requests --------------------------------------------------------------------------------

const userIdSchema = z.uuid({ error: 'must be a UUID' }).transform((id) => id.toLowerCase());
const nameSchema = z.string({ error: 'must be a string' }).transform(cleanName);
const langSchema = z
  .string({ error: 'must be a language tag such as "es" or "pt-BR"' })
  .max(64, { error: 'must be a language tag such as "es" or "pt-BR"' })
  .optional()
  .transform(matchLanguage);
/** A language only when one is given (a shared screen without one reads in the host's). */
const optionalLangSchema = z
  .string({ error: 'must be a language tag such as "es" or "pt-BR"' })
  .max(64, { error: 'must be a language tag such as "es" or "pt-BR"' })
  .optional()
  .transform((tag) => (tag === undefined ? undefined : matchLanguage(tag)));
export const partyIdSchema = z
  .string({ error: 'is required' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'is not a valid party id' });
const playerIdSchema = z
  .string({ error: 'is required' })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'is not a valid player id' });
/** Any string up to 40 characters; whether it is a code is the handler's (the same 404 for every miss). */
const codeSchema = z
  .string({ error: 'must be the party code' })
  .max(40, { error: 'must be the party code (5 letters)' });
const wholeNumber = (issue: { input: unknown }) =>
  issue.input === undefined ? 'is required' : 'must be a whole number';
const gameTypeSchema = z.enum(['Spectrum', 'Classic'], { error: 'must be Spectrum or Classic' });

export const PARTY_COMMANDS = ['start', 'next', 'pause', 'resume', 'lock', 'unlock', 'kick', 'again', 'end'] as const;
export type PartyCommand = (typeof PARTY_COMMANDS)[number];

// --- State (the `party` message, get-party) ---------------------------------------------------

const wireQuestionSchema = z.object({
  questionID: z.string(),
  question: z.string(),
  options: z.union([z.array(z.string()), z.string()]),
});
const partyPlayerSchema = z.object({
  playerID: z.string(),
  playerName: z.string(),
  host: z.boolean(),
  connected: z.boolean(),
  /** Answered the current round (never what). */
  answered: z.boolean(),
  /** Plays the current round: false for who joined after it began (they play from the next). */
  inRound: z.boolean(),
  points: z.number(),
});
const revealSchema = z.object({
  /** Every answer of the round but the subject's (guess), with its round points (alike: 0). */
  answers: z.array(z.object({ playerID: z.string(), answer: z.number(), points: z.number() })),
  /** guess: the subject's own answer (null if they gave none); alike: null. */
  subjectAnswer: z.number().nullable(),
  /** guess: the guessers closest to the subject; alike: the two players who answered most alike. */
  closest: z.array(z.string()),
});
const bandSchema = z.enum(CIRCLE_BANDS);
const finalSchema = z.object({
  /** guess: for each subject, the guesser who knew them best (most points in their rounds). */
  knowsBest: z.array(z.object({ subject: z.string(), playerID: z.string(), points: z.number() })),
  /** alike: the room's closest pairs, closest first, as bands. */
  pairs: z.array(z.object({ a: z.string(), b: z.string(), band: bandSchema })),
  /** alike: each player's closest match. */
  matches: z.array(z.object({ playerID: z.string(), match: z.string(), band: bandSchema })),
});
export const partyStateSchema = z.object({
  partyId: z.string(),
  phase: z.enum(PARTY_PHASES),
  /** While `paused`: the phase it holds. */
  pausedPhase: z.enum(PARTY_PHASES).nullable(),
  /** null while joining is closed (locked or ended). */
  code: z.string().nullable(),
  gameType: gameTypeSchema,
  format: z.enum(PARTY_FORMATS),
  timing: z.enum(PARTY_TIMINGS),
  /** The pack its questions are drawn from (absent: the whole bank). */
  pack: z.enum(PACKS).optional(),
  /** The host's language: the shared screen's. */
  lang: z.string(),
  round: z.number(),
  rounds: z.number(),
  question: wireQuestionSchema.nullable(),
  subject: z.object({ playerID: z.string(), playerName: z.string() }).nullable(),
  closesInMs: z.number().nullable(),
  players: z.array(partyPlayerSchema),
  reveal: revealSchema.nullable(),
  final: finalSchema.nullable(),
  /** After the host's `again`: the new party everyone's screen follows. */
  nextPartyId: z.string().nullable(),
});
export type PartyState = z.infer<typeof partyStateSchema>;
export type PartyPlayer = z.infer<typeof partyPlayerSchema>;
export type PartyReveal = z.infer<typeof revealSchema>;
export type PartyFinal = z.infer<typeof finalSchema>;
const meSchema = z.object({ playerID: z.string(), host: z.boolean(), answer: z.number().nullable() });
export type PartyMe = z.infer<typeof meSchema>;

// --- Calls (spread into the endpoint table in api.ts) ------------------------------------------

const okReply = z.object({ ok: z.literal(true) });
export const partyEndpoints = {
  'create-party': {
    method: 'POST',
    body: z.object({
      userId: userIdSchema,
      userName: nameSchema,
      gameType: gameTypeSchema,
      format: z.enum(PARTY_FORMATS, { error: 'must be guess or alike' }),
      timing: z.enum(PARTY_TIMINGS, { error: 'must be standard, relaxed, extra or off' }).optional(),
      rounds: z
        .number({ error: wholeNumber })
        .int({ error: 'must be a whole number' })
        .min(PARTY_ROUNDS_MIN, { error: `must be at least ${PARTY_ROUNDS_MIN}` })
        .max(PARTY_ROUNDS_MAX, { error: `must be at most ${PARTY_ROUNDS_MAX}` })
        .optional(),
      /** Draw the questions from this pack (shared/packs.ts). */
      pack: z.enum(PACKS, { error: `must be one of ${PACKS.join(', ')}` }).optional(),
      lang: langSchema,
    }),
    reply: z.object({ partyId: z.string(), code: z.string(), playerID: z.string() }),
  },
  'join-party': {
    method: 'POST',
    body: z
      .object({
        code: codeSchema.optional(),
        partyId: partyIdSchema.optional(),
        userId: userIdSchema,
        userName: nameSchema,
        lang: langSchema,
      })
      .refine(({ code, partyId }) => (code === undefined) !== (partyId === undefined), {
        error: 'must carry either code (typed) or partyId (a link), not both',
      }),
    reply: z.object({ partyId: z.string(), playerID: z.string(), host: z.boolean() }),
  },
  'find-party': {
    method: 'GET',
    query: z.object({ code: codeSchema }),
    reply: z.object({ partyId: z.string() }),
  },
  'get-party': {
    method: 'GET',
    query: z.object({ partyId: partyIdSchema, userId: userIdSchema.optional(), lang: optionalLangSchema }),
    reply: partyStateSchema.extend({ me: meSchema.optional() }),
  },
  'party-answer': {
    method: 'POST',
    body: z.object({
      partyId: partyIdSchema,
      userId: userIdSchema,
      round: z.number({ error: wholeNumber }).int({ error: 'must be a whole number' }).min(0),
      answer: z.number({ error: wholeNumber }).int({ error: 'must be a whole number' }),
    }),
    reply: okReply.extend({ round: z.number() }),
  },
  'party-command': {
    method: 'POST',
    body: z
      .object({
        partyId: partyIdSchema,
        userId: userIdSchema,
        command: z.enum(PARTY_COMMANDS, { error: `must be one of ${PARTY_COMMANDS.join(', ')}` }),
        playerID: playerIdSchema.optional(),
      })
      .refine(({ command, playerID }) => command !== 'kick' || playerID !== undefined, {
        error: 'must name the player to kick (playerID)',
      }),
    reply: okReply.extend({ partyId: z.string() }),
  },
} as const;

/** The admin's calls about parties (under the admin's token, as the other admin/ calls). */
const adminPartySchema = z.object({
  partyId: z.string(),
  code: z.string(),
  phase: z.enum(PARTY_PHASES),
  ended: z.boolean(),
  gameType: gameTypeSchema,
  format: z.enum(PARTY_FORMATS),
  /** The host's name. */
  host: z.string(),
  /** Players seated (not kicked). */
  players: z.number(),
  createdAt: z.string(),
});
export type AdminParty = z.infer<typeof adminPartySchema>;
export const partyAdminEndpoints = {
  /** Parties by id, by open code, or by part of a player's name; newest first (at most 20). */
  'admin/parties': {
    method: 'GET',
    query: z.object({
      q: z
        .string({ error: 'is required (a party id, its code or part of a name)' })
        .transform((q) => q.trim())
        .pipe(z.string().min(1, { error: 'is required (a party id, its code or part of a name)' }).max(100)),
    }),
    reply: z.object({ parties: z.array(adminPartySchema) }),
  },
  /** Ends a party now: its phones and screen see it finished, its code is freed. */
  'admin/end-party': {
    method: 'POST',
    body: z.object({ partyId: partyIdSchema }),
    reply: okReply,
  },
} as const;

// --- Live messages -----------------------------------------------------------------------------

/**
 * What the server sends on `/prod/party-live/{partyId}`; `seq` grows by one per message of the
 * party. `me` only in the `party` message that answers a player's hello or sync.
 */
export type PartyLiveMessage =
  | ({ type: 'party'; seq: number; me?: PartyMe } & PartyState)
  | { type: 'answered'; seq: number; playerID: string }
  | { type: 'presence'; seq: number; playerID: string; connected: boolean };

/** What a client may send: `hello` (a player's socket with `userId`, else a shared screen's) and `sync`. */
export const partyClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), userId: userIdSchema.optional(), lang: optionalLangSchema }),
  z.object({ type: z.literal('sync') }),
]);
export type PartyClientMessage = z.input<typeof partyClientMessageSchema>;
