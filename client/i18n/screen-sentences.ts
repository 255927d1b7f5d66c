import { msg } from '@lingui/core/macro';
import { messages as english } from '../locales/screens/en.po';
import { addSentences } from './sentences.js';

/**
 * The travelling sentences (see sentences.ts) only the lazy screens show, so their English stays
 * out of the landing page's entry. Loaded with the screens (client/i18n/screens.ts).
 */
addSentences(
  [
    // The server's refusals a player meets while playing, comparing or managing a game.
    msg`Only the creator of this game can do that.`,
    msg`There is no such friend in this game.`,
    msg`This creator link no longer works. Make a new one on the end screen of a device that is creator.`,
    msg`This game has too many creators.`,
    msg`You created this game, so you cannot answer it. Share the link with your friends instead.`,
    msg`You have already played this game; your first answers stand.`,
    msg`This game is full.`,
    msg`There is no score for you in this game yet.`,
    msg`You have not played this game yet, so there is nothing to compare.`,
    msg`This friend is not on the scoreboard of this game.`,
    msg`Only the game's creator can see a friend's answers.`,
    // The screens' fallbacks, for a call that got no sentence back.
    msg`API response not ok`,
    msg`Failed to fetch scores`,
    msg`Failed to join game`,
    msg`Failed to fetch score`,
    msg`Failed to remove the player`,
    msg`Failed to delete the game`,
    msg`Failed to make the link`,
    msg`Failed to open the game`,
    msg`Failed to load this friend's answers`,
    msg`That did not work. Please try again.`,
    msg`We couldn't load this game. Check your connection and try again.`,
    msg`We couldn't start the game. Check your connection and try again.`,
    msg`We couldn't swap this question. Check your connection and try again.`,
    msg`We couldn't save your answers. Check your connection and try again.`,
    msg`This creator link is incomplete: copy all of it, including the part after #.`,
  ],
  english,
);
