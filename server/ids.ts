import { customAlphabet } from 'nanoid';

// nanoid draws from crypto.getRandomValues; 64 URL-safe symbols carry 6 bits each.
const URL_SAFE = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-';

/** A game id: 16 symbols = 96 random bits, unguessable and not sequential. */
export const newGameId = customAlphabet(URL_SAFE, 16);

/** A friend's public id on one game's scoreboard (their userId stays private). */
export const newPlayerId = customAlphabet(URL_SAFE, 12);

/** The secret of a game's private creator link: 22 symbols = 132 random bits. Only its hash is stored. */
export const newCreatorKey = customAlphabet(URL_SAFE, 22);
