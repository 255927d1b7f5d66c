import type { Player } from '../../shared/api.js';
import { type Language, matchLanguage } from '../../shared/languages.js';
import type { Question } from '../../shared/model.js';
import { isPack, type Pack } from '../../shared/packs.js';
import type { Edition, GameMode } from '../../shared/product.js';
import { type QuestionRow, questionFromRow } from '../questions/repository.js';

export interface Game {
  id: string;
  edition: Edition;
  creatorUserId: string;
  creatorName: string;
  /** The game's language (its link preview); each reader chooses the language of the questions. */
  lang: Language;
  /** alike (today's game) or guess (friends guess the creator's answers, each shown once their round is stored). */
  mode: GameMode;
  /** The pack its drawn questions came from, if the creator chose one. */
  pack?: Pack;
  /** Questions in round order. */
  questions: Question[];
  /** The creator's answers, in round order. Never sent to anyone before they have answered. */
  creatorAnswers: number[];
  // Co-creators are not part of the definition: they are looked up one at a time (isCoCreator),
  // so a claim never changes what is cached and a check never reads the whole list.
}

/** A line of "my games". */
interface GameSummary {
  id: string;
  edition: Edition;
  mode: GameMode;
  creatorName: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  /** Friends who answered, removed ones left out. */
  players: number;
}

export interface NewGame {
  id: string;
  edition: Edition;
  creatorUserId: string;
  creatorName: string;
  /** Every round's question id in round order, own questions' ids (`own-1`…) included. */
  questionIds: string[];
  answers: number[];
  /** The creator's own questions (ids among `questionIds`): stored with the game, never in a bank. */
  ownQuestions?: readonly Question[];
  lang: Language;
  /** Default alike. */
  mode?: GameMode;
  pack?: Pack;
}

export interface NewResponse {
  gameId: string;
  /** A new public id, used unless the friend's stored rounds already made theirs. */
  publicId: string;
  playerUserId: string;
  playerName: string;
  answers: number[];
  score: number;
  /** The client's network (networkOf: a hash, never the address), for PLAYS_PER_ADDRESS_PER_GAME and the burst flag. */
  network?: string;
}

/**
 * Games and their friends' responses; implemented once per database. Every write that changes
 * a scoreboard also announces it on the game event bus, once it is durable.
 */
export interface GameRepository {
  createGame(game: NewGame): Promise<void>;
  findGame(id: string): Promise<Game | undefined>;
  gameExists(id: string): Promise<boolean>;
  /**
   * Stores a friend's response and announces it, unless this player already answered this game
   * (the database's UNIQUE rule decides, so of two racing requests one is stored) or the game
   * already has `maxPlayers` friends, or `too-many` when the response's network already stored
   * `maxPerNetwork` responses in this game (0 or undefined: no cap). `missing` when the game is gone by the time the write runs
   * (deleted while its friend was answering): decided inside the write, never a failed insert.
   * The same write refuses a co-creator (`creator`), and takes in the rounds the friend stored one
   * by one (answer-round): they must be the response's first answers (`differs` otherwise), the
   * response keeps the public id their first round made, and they are deleted with its insert.
   * So the original client's answer costs one write, and on PostgreSQL one round trip.
   */
  addResponse(response: NewResponse, maxPlayers: number, maxPerNetwork?: number): Promise<AddResponseResult>;
  /** Friends of a game, highest score first (earliest first among equals). */
  listPlayers(gameId: string): Promise<Player[]>;
  /** A friend's score; undefined if they have not answered or were removed. */
  findScore(gameId: string, playerUserId: string): Promise<number | undefined>;
  /** A friend's stored response, found by their private userId; undefined until it is stored. */
  findResponse(gameId: string, playerUserId: string): Promise<StoredResponse | undefined>;
  /** A friend's stored response, found by their public scoreboard id. */
  findResponseByPublicId(gameId: string, publicId: string): Promise<StoredResponse | undefined>;
  /** Whether this player has a response in this game, removed or not (one play per friend). */
  hasResponded(gameId: string, playerUserId: string): Promise<boolean>;
  /** Whether `userId` claimed this game (opened its creator link): one look-up by primary key. */
  isCoCreator(gameId: string, userId: string): Promise<boolean>;

  // Creator controls. Removed friends still count towards `maxPlayers` in addResponse.
  /**
   * Hides a friend from every read (scoreboard, score, comparison) and announces `removed`. Their
   * response stays stored, so they cannot answer again. A friend who has not finished (stored
   * rounds, answer-round) is removed the same way: their play stays, marked, and they can store no
   * more rounds and not finish. False if no such friend is on the board or playing.
   */
  removePlayer(gameId: string, publicId: string): Promise<boolean>;
  /** Deletes a game with its responses and creators and announces `deleted`; false if there is no such game. */
  deleteGame(id: string): Promise<boolean>;
  /**
   * Deletes (and announces, one by one) at most `limit` of the games created before `cutoff` (ms
   * since the epoch), oldest first, in one transaction; returns how many. See retention.ts.
   */
  deleteGamesCreatedBefore(cutoff: number, limit: number): Promise<number>;
  /** Games `userId` created or claimed, newest first, at most `limit`. */
  listGamesOf(userId: string, limit: number): Promise<GameSummary[]>;
  /** Stores the hash of the game's new private creator key, replacing (so turning off) the previous one. */
  setCreatorKeyHash(gameId: string, keyHash: string): Promise<void>;
  /**
   * Makes `userId` a creator of this one game if `keyHash` is the hash of its current creator key
   * and the game has fewer than `maxCoCreators` co-creators (CO_CREATORS_PER_GAME). Decided under
   * the game's lock, so racing claims never pass the cap.
   */
  claimGame(gameId: string, keyHash: string, userId: string, maxCoCreators: number): Promise<ClaimResult>;
}

/** The creator controls and the data's lifecycle: what sqlite-creator.ts and postgres-creator.ts implement. */
export type CreatorControls = Pick<
  GameRepository,
  | 'removePlayer'
  | 'deleteGame'
  | 'deleteGamesCreatedBefore'
  | 'listGamesOf'
  | 'setCreatorKeyHash'
  | 'isCoCreator'
  | 'claimGame'
>;

/**
 * A "my games" row as every database returns it (in PostgreSQL, BIGINT and count(*) are numbers
 * through the INT8 parser of db/postgres.ts).
 */
export interface SummaryRow {
  id: string;
  edition: Edition;
  mode: GameMode;
  creator_name: string;
  created_at: number;
  players: number;
}

export const summaryFromRow = (row: SummaryRow): GameSummary => ({
  id: row.id,
  edition: row.edition,
  mode: row.mode,
  creatorName: row.creator_name,
  createdAt: row.created_at,
  players: row.players,
});

/**
 * `claimed`: a new co-creator. `creator`: `userId` already was one. `wrong-key`: the key is not the
 * game's current one (or there is no such game). `full`: the game has `maxCoCreators` already.
 */
export type ClaimResult = 'claimed' | 'creator' | 'wrong-key' | 'full';

/** A friend's response as stored: what the reveal compares with the creator's answers. */
export interface StoredResponse {
  publicId: string;
  playerName: string;
  /** In round order. */
  answers: number[];
  score: number;
}

/** A response row as every database stores it (answers as JSON text). */
export interface ResponseRow extends PlayerRow {
  answers: string;
}

export const responseFromRow = (row: ResponseRow): StoredResponse => ({
  publicId: row.public_id,
  playerName: row.player_name,
  answers: JSON.parse(row.answers) as number[],
  score: row.score_tenths / 10,
});

export type AddResponseResult =
  | {
      status: 'stored';
      player: Player;
      /**
       * Set where the write also counted the friend on the game's push subscriptions (PostgreSQL,
       * with push on: one statement instead of a second one per answer): how many the game has.
       */
      pushSubscriptions?: number;
    }
  | { status: 'duplicate' }
  /** The player is one of the game's co-creators (opened its creator link). */
  | { status: 'creator' }
  /** The player's stored rounds (answer-round) differ from the response's first answers. */
  | { status: 'differs' }
  /** The creator (or the admin) removed the player's unfinished play. */
  | { status: 'removed' }
  | { status: 'full' }
  | { status: 'too-many' }
  | { status: 'missing' };

/** A scoreboard row as every database stores it. */
export interface PlayerRow {
  public_id: string;
  player_name: string;
  score_tenths: number;
}

export const playerFromRow = (row: PlayerRow): Player => ({
  playerID: row.public_id,
  playerName: row.player_name,
  score: row.score_tenths / 10,
});

/** Scores are stored as whole tenths, so that ordering and equality are exact. */
const scoreTenths = (score: number) => Math.round(score * 10);

/** A game row as every database stores it. */
export interface GameRow {
  id: string;
  edition: Edition;
  creator_user_id: string;
  creator_name: string;
  lang: string;
  mode: GameMode;
  pack: string | null;
}

/** One round of a game: its question with the creator's answer. */
export type RoundRow = QuestionRow & { creator_answer: number };

export const gameFromRows = (row: GameRow, rounds: RoundRow[]): Game => ({
  id: row.id,
  edition: row.edition,
  creatorUserId: row.creator_user_id,
  creatorName: row.creator_name,
  lang: matchLanguage(row.lang),
  mode: row.mode,
  ...(isPack(row.pack) ? { pack: row.pack } : {}),
  questions: rounds.map(questionFromRow),
  creatorAnswers: rounds.map((round) => round.creator_answer),
});

/**
 * A new response's values in the order of every database's INSERT: game_id, player_user_id,
 * public_id, player_name, answers, score_tenths, created_at.
 */
export const responseValues = (response: NewResponse) =>
  [
    response.gameId,
    response.playerUserId,
    response.publicId,
    response.playerName,
    JSON.stringify(response.answers),
    scoreTenths(response.score),
    Date.now(),
  ] as const;

/** The scoreboard line of a response that was just stored. */
export const playerOf = (response: NewResponse): Player => ({
  playerID: response.publicId,
  playerName: response.playerName,
  score: response.score,
});
