/**
 * Everything that differs between game modes, one entry per mode (the list is GAME_MODES in
 * shared/product.ts). Every mode decision on the server and the client reads from here; no other
 * product file compares a mode with a literal (server/modes.test.ts checks). A mode added to the
 * list without its entry fails to compile (`satisfies Record<GameMode, …>`, shared/modes.test-d.ts).
 * The client's mode-specific texts and components are its own record beside this one
 * (client/features/modes/), checked the same way. Recipe: docs/architecture.md › "A new mode".
 */
import { DEFAULT_MODE, type Edition, type GameMode } from './product.js';
import {
  CARD_TEXTS,
  GUESS_CAPTIONS,
  GUESS_CARD_TEXTS,
  GUESS_DESCRIPTIONS,
  GUESS_STORY_TEXTS,
  SCORE_CAPTIONS,
  SCORE_DESCRIPTIONS,
  STORY_TEXTS,
  type Text,
} from './texts.js';

export {
  DEFAULT_MODE,
  FLAGGED_MODE,
  GAME_MODES,
  type GameMode,
  modeUnlessDefault,
  SWITCHED_MODE,
} from './product.js';

/** What a mode is and says, besides its client texts (client/features/modes/). */
export interface ModeEntry {
  /** Each round is revealed as soon as it is stored: the game screen shows it (round feedback). */
  revealsEachRound: boolean;
  /** answer-round's reply carries the creator's answer to the round and its points. */
  creatorAnswerWithRound: boolean;
  /**
   * Friends guess the creator's answers, and their score says how well they know the creator
   * (the screens' words say so); otherwise friends answer for themselves: how alike they are.
   */
  friendsGuess: boolean;
  /** Friends are compared with each other at the end (the circle, get-circle, the friends' web). */
  circle: boolean;
  /** The score captions and their descriptions, levels 1..10 (index 0 is level 1). */
  captions: readonly Text[];
  descriptions: readonly Text[];
  /** The link preview's and the preview card's words. */
  card: {
    gameTitle: Text;
    gameTitleUnnamed: Text;
    gameDescription(edition: Edition): Text;
    gameDescriptionUnnamed(edition: Edition): Text;
    /** What follows the creator's name on the card. */
    asks: Text;
    footer: Text;
  };
  /** The story cards' words (server/cards/story-card.ts). */
  story: {
    /**
     * A friend's result: `names`, a kicker over both names ("Compatibility score", "Ada & Bo");
     * `sentence`, one sentence per case of which names can be drawn ("How well Bo knows Ada").
     */
    result:
      | { kind: 'names'; kicker: Text }
      | { kind: 'sentence'; both: Text; friendUnnamed: Text; creatorUnnamed: Text; noNames: Text };
    /** The titles are sentences: wrapped into lines of even length. */
    balanceTitles: boolean;
    headline: Text;
    headlineUnnamed: Text;
    topTitle: Text;
    topTitleUnnamed: Text;
    /** The title when only one or two friends are listed ("Ada's top two"); null: `topTitle` for any count. */
    topTitleFew: { one: Text; oneUnnamed: Text; two: Text; twoUnnamed: Text } | null;
  };
}

export const MODES = {
  alike: {
    revealsEachRound: false,
    creatorAnswerWithRound: false,
    friendsGuess: false,
    circle: true,
    captions: SCORE_CAPTIONS,
    descriptions: SCORE_DESCRIPTIONS,
    card: {
      gameTitle: CARD_TEXTS.gameTitle,
      gameTitleUnnamed: CARD_TEXTS.gameTitleUnnamed,
      gameDescription: (edition) => CARD_TEXTS.gameDescription[edition],
      gameDescriptionUnnamed: (edition) => CARD_TEXTS.gameDescriptionUnnamed[edition],
      asks: CARD_TEXTS.asks,
      footer: CARD_TEXTS.gameFooter,
    },
    story: {
      result: { kind: 'names', kicker: STORY_TEXTS.resultKicker },
      balanceTitles: false,
      headline: STORY_TEXTS.headline,
      headlineUnnamed: STORY_TEXTS.headlineUnnamed,
      topTitle: STORY_TEXTS.topTitle,
      topTitleUnnamed: STORY_TEXTS.topTitleUnnamed,
      topTitleFew: {
        one: STORY_TEXTS.topTitleOne,
        oneUnnamed: STORY_TEXTS.topTitleOneUnnamed,
        two: STORY_TEXTS.topTitleTwo,
        twoUnnamed: STORY_TEXTS.topTitleTwoUnnamed,
      },
    },
  },
  guess: {
    revealsEachRound: true,
    creatorAnswerWithRound: true,
    friendsGuess: true,
    // Everyone guesses the same answers: how alike friends are says nothing.
    circle: false,
    captions: GUESS_CAPTIONS,
    descriptions: GUESS_DESCRIPTIONS,
    card: {
      gameTitle: GUESS_CARD_TEXTS.gameTitle,
      gameTitleUnnamed: GUESS_CARD_TEXTS.gameTitleUnnamed,
      gameDescription: () => GUESS_CARD_TEXTS.gameDescription,
      gameDescriptionUnnamed: () => GUESS_CARD_TEXTS.gameDescriptionUnnamed,
      asks: GUESS_CARD_TEXTS.asks,
      footer: GUESS_CARD_TEXTS.gameFooter,
    },
    story: {
      result: {
        kind: 'sentence',
        both: GUESS_STORY_TEXTS.resultTitle,
        friendUnnamed: GUESS_STORY_TEXTS.resultTitleFriend,
        creatorUnnamed: GUESS_STORY_TEXTS.resultTitleUnnamed,
        noNames: GUESS_STORY_TEXTS.resultTitleNoNames,
      },
      balanceTitles: true,
      // The invitation under a guess game's story cards is the link preview's question.
      headline: GUESS_CARD_TEXTS.gameTitle,
      headlineUnnamed: GUESS_CARD_TEXTS.gameTitleUnnamed,
      topTitle: GUESS_STORY_TEXTS.topTitle,
      topTitleUnnamed: GUESS_STORY_TEXTS.topTitleUnnamed,
      // "Who knows Ada best" fits one friend as well as ten.
      topTitleFew: null,
    },
  },
} satisfies Record<GameMode, ModeEntry>;

/** A mode's entry; a game or card without a mode is the default mode's. */
export const modeOf = (mode: GameMode | undefined): ModeEntry => MODES[mode ?? DEFAULT_MODE];
