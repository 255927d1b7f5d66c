/**
 * Every address the client links or navigates to, one helper per page of the route table
 * (shared/routes.ts; paths.test.ts checks each lands on its route). Ids are %-encoded.
 */
import { type Edition, NEW_GAME_ID } from '../shared/product.js';
import type { Failure } from './i18n/failure.js';

const id = encodeURIComponent;

export const landingPath = (edition: Edition) => `/${edition}`;

/** Router state a screen leaves when it sends the user to the landing after a failure, or with good news. */
export interface LandingState {
  error?: Failure;
  /** Good news from the screen before ("Game deleted."). */
  notice?: Failure;
  /** "Make your own — Ada will see it": the new game is for this creator ('' when they typed no name). */
  replyFor?: string;
}

/** The question screen; a creator's game in the making is `NEW_GAME_ID`. */
export const gamePath = (edition: Edition, gameId: string) => `/${edition}/game/${id(gameId)}`;

export const newGamePath = (edition: Edition) => gamePath(edition, NEW_GAME_ID);

export const endScreenPath = (gameId: string) => `/endscreen/${id(gameId)}`;

export const scoreboardPath = (gameId: string) => `/scoreboard/${id(gameId)}`;

export const joinPath = (gameId: string) => `/join/${id(gameId)}`;

export const resultPath = (gameId: string) => `/result/${id(gameId)}`;
/**
 * Router state a screen leaves when it sends the friend to their result: `alreadyPlayed` when
 * this browser's answers were already in (another tab, a second Play).
 */
export interface ResultState {
  alreadyPlayed?: boolean;
}

/** The end screen, reached by claiming a creator link: it says this device is now a creator. */
export interface EndScreenState {
  claimed?: boolean;
}

/** The creator's view of one friend's answers beside their own. */
export const comparisonPath = (gameId: string, playerID: string) => `/comparison/${id(gameId)}/${id(playerID)}`;

/** A creator's private link: the key is the fragment, which never reaches a server or a log. */
export const creatorPath = (gameId: string, key: string) => `/creator/${id(gameId)}#${key}`;

/** A party (shared/party.ts): typing a code on a phone, or on a TV or laptop that becomes the shared screen. */
export const partyJoinPath = '/party';
export const tvPath = '/tv';
/** A player's phone in the party; the shared screen's QR links here and joins without a code. */
export const partyPath = (partyId: string) => `/party/${id(partyId)}`;
export const partyScreenPath = (partyId: string) => `/party/${id(partyId)}/screen`;
export const partyResultsPath = (partyId: string) => `/party/${id(partyId)}/results`;

/** An address to share, on this page's origin. */
export const absoluteUrl = (path: string, origin = window.location.origin) => `${origin}${path}`;
