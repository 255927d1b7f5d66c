import type { Playing } from '../../shared/live.js';

/**
 * A friend's play stored round by round (POST /prod/answer-round), until they finish with
 * log-response. The one place rounds are kept: this interface, implemented once per database
 * (sqlite.ts, postgres.ts). Rounds are private: nothing here is returned to anyone but the friend's
 * own handler (their answers never leave the server before they finish).
 */
export interface RoundRepository {
  /**
   * Stores round `round` (0-based) of `playerUserId`'s play, if it is the next one, and announces
   * `playing` on the game event bus once it is durable. Decided in one write, against the
   * responses (finished, removed), the game (missing, the cap on players, its co-creators) and the
   * rounds already stored (in order, final once stored).
   */
  storeRound(write: RoundWrite): Promise<StoreRoundResult>;
  /**
   * A friend's play in progress (their own, found by their private id); undefined if none is stored.
   * (log-response takes a play in within its own write: GameRepository.addResponse.)
   */
  findPlay(gameId: string, playerUserId: string): Promise<Play | undefined>;
  /**
   * Friends of a game with stored rounds who have not finished, were not removed and whose latest
   * round was stored at `since` (ms since the epoch) or later: the `limit` whose latest round is the
   * most recent, in the order they began, and how many more there are. No answers.
   */
  listPlaying(gameId: string, since: number, limit: number): Promise<{ playing: PlayingSince[]; more: number }>;
  /**
   * For the game's creators: friends who stored rounds and have not finished (any age), not removed;
   * the `limit` whose latest round is the most recent, newest first, and how many more there are.
   */
  listUnfinished(gameId: string, limit: number): Promise<{ plays: Unfinished[]; more: number }>;
  /**
   * The retention purge: deletes at most `limit` plays whose latest round is older than `cutoff`
   * (ms since the epoch), oldest first; a removed play stays (it keeps its friend out, as a removed
   * response does). Their network rows stay too: a play counts for its network from its first round.
   */
  deleteUntouchedPlays(cutoff: number, limit: number): Promise<number>;
}

/** Unfinished plays a creator's list (get-unfinished) shows at most: the most recent; the rest are counted. */
export const UNFINISHED_SHOWN = 100;

/** A friend's unfinished play as its game's creators see it: never the answers. */
export interface Unfinished {
  playerID: string;
  playerName: string;
  /** Rounds stored. */
  round: number;
  /** When the latest round was stored (ms since the epoch). */
  at: number;
}

export interface RoundWrite {
  gameId: string;
  playerUserId: string;
  /** Used if this is the friend's first stored round (the public id log-response will return). */
  newPublicId: string;
  playerName: string;
  round: number;
  answer: number;
  /** The game's rounds (the `rounds` of the `playing` event). */
  rounds: number;
  /** MAX_PLAYERS_PER_GAME: a first round is refused once the game has this many friends. */
  maxPlayers: number;
  /**
   * The client's network (networkOf: a hash): a play counts for it from its first round, against
   * PLAYS_PER_ADDRESS_PER_GAME and in the creator's burst flag, finished or not.
   */
  network?: string;
  /** PLAYS_PER_ADDRESS_PER_GAME (0 or undefined: no cap): a first round past it is `too-many`. */
  maxPerNetwork?: number;
}

export type StoreRoundResult =
  /** `round`: the rounds now stored. `repeat`: this very round with this answer was already stored. */
  | { status: 'stored' | 'repeat'; playerID: string; round: number }
  /** Another answer is stored for this round. */
  | { status: 'changed' }
  /** Not the next round (a first round that is not round 0, or one that skips rounds). */
  | { status: 'out-of-order' }
  /** The player is one of the game's co-creators (opened its creator link). */
  | { status: 'creator' }
  /** The friend has finished (their response is stored), or was removed by the creator (finished or not). */
  | { status: 'finished' | 'removed' }
  /** A first round for a game that already has MAX_PLAYERS_PER_GAME friends. */
  | { status: 'full' }
  /** A first round from a network that already has PLAYS_PER_ADDRESS_PER_GAME plays of the game (finished or not). */
  | { status: 'too-many' }
  /** The game is gone (deleted while its friend was answering). */
  | { status: 'missing' };

/** A friend's own play in progress. */
export interface Play {
  publicId: string;
  /** The stored rounds' answers, in round order. */
  answers: number[];
}

/**
 * A `playing` line as read back (its `rounds` is the game's, which the reader knows), with when its
 * latest round was stored (ms since the epoch).
 */
export interface PlayingSince {
  player: Omit<Playing, 'rounds'>;
  at: number;
}

/**
 * How a stored play compares with a full answer set (log-response after answer-round): the stored
 * rounds must be its first answers.
 */
export const agreesWith = (play: Play, responseSet: readonly number[]) =>
  play.answers.length <= responseSet.length && play.answers.every((answer, i) => responseSet[i] === answer);

/** A `playing` row as every database reads it back. */
export interface PlayingRow {
  public_id: string;
  player_name: string;
  round: number;
  updated_at: number;
}

export const playingFromRow = (row: PlayingRow): PlayingSince => ({
  player: { playerID: row.public_id, playerName: row.player_name, round: Number(row.round) },
  at: Number(row.updated_at),
});

export const unfinishedFromRow = (row: PlayingRow): Unfinished => ({
  playerID: row.public_id,
  playerName: row.player_name,
  round: Number(row.round),
  at: Number(row.updated_at),
});

/** How many of `count` plays are left out of a list that shows `shown` of them (listPlaying, listUnfinished). */
export const notShown = (count: number | string, shown: number) => Math.max(0, Number(count) - shown);
