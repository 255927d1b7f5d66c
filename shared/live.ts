/** Messages the server sends on the live channel `GET {API_PREFIX}/live/{gameId}`. */
import type { Player } from './api.js';
import { API_PREFIX } from './api-prefix.js';

export type LiveMessage =
  /** Sent once when the socket opens: every friend so far, in scoreboard order. */
  | { type: 'snapshot'; players: Player[] }
  /** Sent for every response logged after the snapshot. */
  | { type: 'player'; player: Player }
  /** The creator removed this friend from the scoreboard. */
  | { type: 'removed'; playerID: string }
  /** The creator deleted the game; the server then closes the socket with LIVE_CLOSE_UNKNOWN_GAME. */
  | { type: 'deleted' }
  /** A friend (`playerID` on this scoreboard) made a game (`gameId`) for this game's creator. */
  | { type: 'reply'; playerID: string; gameId: string };

export const LIVE_PATH_PREFIX = `${API_PREFIX}/live/`;
/** Close code used when the game does not exist (or no longer does). */
export const LIVE_CLOSE_UNKNOWN_GAME = 4404;

/** Scoreboard order: highest score first, then earliest first (stable for equal scores). */
export function insertPlayer(players: readonly Player[], player: Player): Player[] {
  const rest = players.filter((p) => p.playerID !== player.playerID);
  const at = rest.findIndex((p) => p.score < player.score);
  if (at === -1) return [...rest, player];
  return [...rest.slice(0, at), player, ...rest.slice(at)];
}
