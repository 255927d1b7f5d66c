/**
 * Games sent back: a friend who played a game made one for its creator ("Make your own — Ada will
 * see it"). The SQLite and PostgreSQL implementations pass the same tests.
 */

/** A reply as the first game's creator sees it. */
export interface Reply {
  /** The friend's public id on the first game's scoreboard. */
  playerID: string;
  /** Their name on that scoreboard. */
  playerName: string;
  /** The game they made. */
  gameId: string;
}

/**
 * Games one friend may make back for one game's creator: each is announced to the creator and
 * listed on their scoreboard, so a friend cannot flood it. One more is 409 `too_many_replies`.
 */
export const REPLIES_PER_FRIEND = 3;

export interface ReplyRepository {
  /** The public id of `playerUserId` on `gameId`'s scoreboard; undefined if they have not played it (or were removed). */
  playerOf(gameId: string, playerUserId: string): Promise<string | undefined>;
  /** How many more games the friend `playerID` of `gameId` may make back for it (of REPLIES_PER_FRIEND). */
  repliesLeft(gameId: string, playerID: string): Promise<number>;
  /**
   * Stores that the friend `playerID` of `gameId` made `replyGameId`, and announces
   * `{type:"reply",playerID,gameId:replyGameId}` on `gameId`'s bus once stored. False (nothing
   * stored or announced) if the friend is no longer on the board, a game is gone, or the friend
   * has made REPLIES_PER_FRIEND already (two at once cannot both pass the count).
   */
  addReply(gameId: string, playerID: string, replyGameId: string): Promise<boolean>;
  /** The replies to a game, oldest first; a removed friend's and deleted games' left out. */
  listReplies(gameId: string): Promise<Reply[]>;
}

export interface ReplyRow {
  public_id: string;
  player_name: string;
  reply_game_id: string;
}

export const replyFromRow = (row: ReplyRow): Reply => ({
  playerID: row.public_id,
  playerName: row.player_name,
  gameId: row.reply_game_id,
});
