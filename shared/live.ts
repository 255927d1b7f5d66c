/** Messages the server sends on the live channel `GET {API_PREFIX}/live/{gameId}`. */
import type { Player } from './api.js';
import { API_PREFIX } from './api-prefix.js';
import type { PartyLiveMessage } from './party.js';
import { scoreboardPosition } from './scoreboard.js';

export type LiveMessage =
  /**
   * Sent once when the socket opens: every friend so far, in scoreboard order, and the friends
   * playing now (stored rounds, not finished, latest round under PLAYING_FADES_AFTER_MS old): the
   * PLAYING_SHOWN whose latest round is the most recent, in the order they began, and
   * `morePlaying`, how many others are playing (only when there are any; servers from before it
   * send none).
   */
  | { type: 'snapshot'; players: Player[]; playing: Playing[]; morePlaying?: number }
  /** Sent for every response logged after the snapshot. */
  | { type: 'player'; player: Player }
  /** A friend stored a round (answer-round); never the answer. Their `player` message ends it. */
  | { type: 'playing'; player: Playing }
  /** The creator removed this friend from the scoreboard. */
  | { type: 'removed'; playerID: string }
  /** The creator deleted the game; the server then closes the socket with LIVE_CLOSE_UNKNOWN_GAME. */
  | { type: 'deleted' }
  /** A friend (`playerID` on this scoreboard) made a game (`gameId`) for this game's creator. */
  | { type: 'reply'; playerID: string; gameId: string }
  /** A friend (`playerID`) left this game's creator a note or a reaction (never its text: get-notes reads it). */
  | { type: 'note'; playerID: string };

/**
 * Every type of message on the live channels, games' and parties', the one list the rest is
 * derived from. A game's channel: `opening`, the socket's own first message; `bus`, an event a
 * write publishes (server/events/bus.ts GameEvent), which a bus spanning instances carries
 * (server/events/envelope.ts) and the socket passes on. A party's channel
 * (`/prod/party-live/{partyId}`, shared/party.ts PartyLiveMessage): `party-state`, the whole
 * state; `party-delta`, a small message between two. A type in LiveMessage or PartyLiveMessage
 * without its entry here (or the other way round) fails to compile, and so do the client's guards
 * (client/features/scoreboard/live-connection.ts) and the room's and the client's switches until
 * they handle it. Recipe: docs/architecture.md › "A new live message".
 */
export const LIVE_MESSAGE_TYPES = {
  snapshot: 'opening',
  player: 'bus',
  playing: 'bus',
  removed: 'bus',
  deleted: 'bus',
  reply: 'bus',
  note: 'bus',
  party: 'party-state',
  answered: 'party-delta',
  presence: 'party-delta',
} as const satisfies Record<LiveMessage['type'] | PartyLiveMessage['type'], LiveMessageKind>;

export type LiveMessageKind = 'opening' | 'bus' | 'party-state' | 'party-delta';
type TypesOfKind<Kind extends LiveMessageKind> = {
  [K in keyof typeof LIVE_MESSAGE_TYPES]: (typeof LIVE_MESSAGE_TYPES)[K] extends Kind ? K : never;
}[keyof typeof LIVE_MESSAGE_TYPES];
/** The types of a game's channel. */
export type LiveMessageType = TypesOfKind<'opening' | 'bus'>;
/** The types of a party's channel. */
export type PartyLiveMessageType = TypesOfKind<'party-state' | 'party-delta'>;
/** The types a write publishes on the bus. */
export type BusMessageType = TypesOfKind<'bus'>;
/** A message a write publishes on the bus: the live channel passes it on as it is. */
export type BusMessage = Extract<LiveMessage, { type: BusMessageType }>;
export const BUS_MESSAGE_TYPES = (Object.keys(LIVE_MESSAGE_TYPES) as (keyof typeof LIVE_MESSAGE_TYPES)[]).filter(
  (type): type is BusMessageType => LIVE_MESSAGE_TYPES[type] === 'bus',
);

/** The types of a party's channel, as a list (a bus between instances carries them: server/events/bus.ts PartyEvent). */
export const PARTY_MESSAGE_TYPES = (Object.keys(LIVE_MESSAGE_TYPES) as (keyof typeof LIVE_MESSAGE_TYPES)[]).filter(
  (type): type is PartyLiveMessageType =>
    LIVE_MESSAGE_TYPES[type] === 'party-state' || LIVE_MESSAGE_TYPES[type] === 'party-delta',
);

/** A friend playing round by round: `round` rounds stored of the game's `rounds`. */
export interface Playing {
  playerID: string;
  playerName: string;
  round: number;
  rounds: number;
}

/** A friend shown playing fades out when their latest round is this old (ms). */
export const PLAYING_FADES_AFTER_MS = 10 * 60 * 1000;

/**
 * Friends playing that a snapshot lists at most (the rest are only counted, `morePlaying`): 3,000
 * throw-away plays of one game once made every new socket's snapshot 311 KiB.
 */
export const PLAYING_SHOWN = 50;

export const LIVE_PATH_PREFIX = `${API_PREFIX}/live/`;
/** Close code used when the game does not exist (or no longer does). */
export const LIVE_CLOSE_UNKNOWN_GAME = 4404;

/** A board with `player` (a newer friend, or one sent again) in its place by the scoreboard's order (shared/scoreboard.ts). */
export function insertPlayer(players: readonly Player[], player: Player): Player[] {
  const rest = players.filter((p) => p.playerID !== player.playerID);
  const at = scoreboardPosition(rest, player.score, (p) => p.score);
  return [...rest.slice(0, at), player, ...rest.slice(at)];
}
