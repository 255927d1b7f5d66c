/**
 * Every text the server writes (link previews, preview cards) and the score captions both sides
 * show, as catalogue messages with explicit ids: the `.po` catalogues (client/locales/screens/)
 * hold their translations, extracted from this file by `npm run extract` like every other message.
 * No Lingui macro here: the server reads them (server/texts/), where no macro is compiled. The
 * client reads them with `i18n._` from the same catalogues. Messages here use plain `{name}`
 * placeholders only (no plural or select), which the server fills in itself; a test checks that
 * and that every language translates every one.
 */

import type { Pack } from './packs.js';

/** A catalogue message: its id in the catalogues and its English. */
export interface Text {
  readonly id: string;
  readonly message: string;
}

/** Texts of the link previews (pages' meta tags) and the preview cards. */
export const CARD_TEXTS = {
  genericTitle: /*i18n*/ { id: 'card.generic-title', message: '{product}: how in tune are your friends with you?' },
  genericDescription: /*i18n*/ {
    id: 'card.generic-description',
    message: 'Answer a few quick questions, share the link, and see how in tune your friends are with you.',
  },
  gameTitle: /*i18n*/ { id: 'card.game-title', message: '{name} wants to know how in tune you are' },
  /** Without a name the creator is "your friend", as on every screen (never "Anonymous"). */
  gameTitleUnnamed: /*i18n*/ {
    id: 'card.game-title-unnamed',
    message: 'Your friend wants to know how in tune you are',
  },
  gameDescription: {
    spectrum: /*i18n*/ {
      id: 'card.game-description.spectrum',
      message:
        'Answer the same questions as {name} in {product} Spectrum and get your compatibility score from 0 to 10.',
    },
    classic: /*i18n*/ {
      id: 'card.game-description.classic',
      message:
        'Answer the same questions as {name} in {product} Classic and get your compatibility score from 0 to 10.',
    },
  },
  gameDescriptionUnnamed: {
    spectrum: /*i18n*/ {
      id: 'card.game-description-unnamed.spectrum',
      message:
        'Answer the same questions as your friend in {product} Spectrum and get your compatibility score from 0 to 10.',
    },
    classic: /*i18n*/ {
      id: 'card.game-description-unnamed.classic',
      message:
        'Answer the same questions as your friend in {product} Classic and get your compatibility score from 0 to 10.',
    },
  },
  /** The card's badge, and what the preview image's alt text ends with. */
  edition: {
    spectrum: /*i18n*/ { id: 'card.edition.spectrum', message: 'Spectrum edition' },
    classic: /*i18n*/ { id: 'card.edition.classic', message: 'Classic edition' },
  },
  imageAlt: /*i18n*/ { id: 'card.image-alt', message: '{title}: {product} {edition}' },
  /** What follows the creator's name on a game's card. */
  asks: /*i18n*/ { id: 'card.asks', message: 'wants to know how in tune you are' },
  /** The generic card's two lines (the second one in the gradient). */
  generic: [
    /*i18n*/ { id: 'card.generic.1', message: 'How in tune are your' },
    /*i18n*/ { id: 'card.generic.2', message: 'friends with you?' },
  ],
  gameFooter: /*i18n*/ { id: 'card.game-footer', message: 'Answer the same questions and get your score out of 10.' },
  genericFooter: /*i18n*/ { id: 'card.generic-footer', message: 'Answer a few quick questions and share the link.' },
  /** The name drawn when nothing of the creator's can be (empty, or only characters the font lacks). */
  someone: /*i18n*/ { id: 'card.someone', message: 'Your friend' },
} as const;

/** The caption of each score level 1..10 (index 0 is level 1). */
export const SCORE_CAPTIONS: readonly Text[] = [
  /*i18n*/ { id: 'caption.1', message: 'Opposite Poles Attract!' },
  /*i18n*/ { id: 'caption.2', message: 'Different Beats!' },
  /*i18n*/ { id: 'caption.3', message: 'Merging Paths!' },
  /*i18n*/ { id: 'caption.4', message: 'Bridging Views!' },
  /*i18n*/ { id: 'caption.5', message: 'Syncing Up!' },
  /*i18n*/ { id: 'caption.6', message: 'Getting in Tune!' },
  /*i18n*/ { id: 'caption.7', message: 'Melodic Match!' },
  /*i18n*/ { id: 'caption.8', message: 'In Perfect Rhythm!' },
  /*i18n*/ { id: 'caption.9', message: 'Kindred Spirits!' },
  /*i18n*/ { id: 'caption.10', message: 'A Match Made in Heaven!' },
];

/** Each says what its caption means without repeating the caption's words. */
export const SCORE_DESCRIPTIONS: readonly Text[] = [
  /*i18n*/ {
    id: 'caption.1.description',
    message:
      'You two see the world from far ends of the dial. That is not a bad thing: every conversation between you is a chance to discover something completely new.',
  },
  /*i18n*/ {
    id: 'caption.2.description',
    message:
      'Your instincts rarely line up, and it shows. That keeps things lively, and there is plenty left to learn about each other.',
  },
  /*i18n*/ {
    id: 'caption.3.description',
    message:
      'You cross each other here and there. You share a few instincts, and the rest is fertile ground for friendly debate.',
  },
  /*i18n*/ {
    id: 'caption.4.description',
    message:
      'Where you differ, you are curious rather than surprised, and you keep finding common ground. That is a great start.',
  },
  /*i18n*/ {
    id: 'caption.5.description',
    message: 'Half the time you land on the same wavelength, and the other half makes for good stories.',
  },
  /*i18n*/ {
    id: 'caption.6.description',
    message: 'Your tastes and habits line up more often than not, with just enough surprises to keep it interesting.',
  },
  /*i18n*/ {
    id: 'caption.7.description',
    message: 'You often think alike, and when you do not, you can usually guess what the other would say.',
  },
  /*i18n*/ {
    id: 'caption.8.description',
    message: 'You agree on most things, big and small, and it is easy to see why you get along.',
  },
  /*i18n*/ {
    id: 'caption.9.description',
    message:
      "You answer like two people who have shared a lot of time, meals and laughs. Finishing each other's sentences is probably a habit.",
  },
  /*i18n*/ {
    id: 'caption.10.description',
    message: 'You are on exactly the same wavelength: same instincts, same tastes, same view of the world.',
  },
];

/** A guess game's own card and preview texts ("How well do you know me?"). */
export const GUESS_CARD_TEXTS = {
  gameTitle: /*i18n*/ { id: 'card.guess.game-title', message: 'How well do you know {name}?' },
  gameTitleUnnamed: /*i18n*/ { id: 'card.guess.game-title-unnamed', message: 'How well do you know your friend?' },
  gameDescription: /*i18n*/ {
    id: 'card.guess.game-description',
    message: 'Guess how {name} answered in {product}, see at once if you were right, and get your score from 0 to 10.',
  },
  gameDescriptionUnnamed: /*i18n*/ {
    id: 'card.guess.game-description-unnamed',
    message:
      'Guess how your friend answered in {product}, see at once if you were right, and get your score from 0 to 10.',
  },
  /** What follows the creator's name on a guess game's card. */
  asks: /*i18n*/ { id: 'card.guess.asks', message: 'asks: how well do you know me?' },
  gameFooter: /*i18n*/ { id: 'card.guess.game-footer', message: 'Guess the answers and get your score out of 10.' },
} as const;

/** A guess game's caption of each score level 1..10: how well the friend knows the creator. */
export const GUESS_CAPTIONS: readonly Text[] = [
  /*i18n*/ { id: 'guess-caption.1', message: 'Total Strangers?' },
  /*i18n*/ { id: 'guess-caption.2', message: 'Just Met?' },
  /*i18n*/ { id: 'guess-caption.3', message: 'Casual Acquaintance' },
  /*i18n*/ { id: 'guess-caption.4', message: 'Getting to Know Them' },
  /*i18n*/ { id: 'guess-caption.5', message: 'Halfway There' },
  /*i18n*/ { id: 'guess-caption.6', message: 'Good Friend' },
  /*i18n*/ { id: 'guess-caption.7', message: 'Close Friend' },
  /*i18n*/ { id: 'guess-caption.8', message: 'Inner Circle' },
  /*i18n*/ { id: 'guess-caption.9', message: 'Best Friend Material' },
  /*i18n*/ { id: 'guess-caption.10', message: 'Mind Reader!' },
];

/** Each says what its guess caption means without repeating the caption's words. */
export const GUESS_DESCRIPTIONS: readonly Text[] = [
  /*i18n*/ {
    id: 'guess-caption.1.description',
    message:
      'You guessed almost nothing right. Time for a long coffee together: there is a whole person here to discover.',
  },
  /*i18n*/ {
    id: 'guess-caption.2.description',
    message: 'A lucky guess or two, but mostly surprises. There is plenty left to learn about how they think.',
  },
  /*i18n*/ {
    id: 'guess-caption.3.description',
    message: 'You know a few of their habits; the rest is still a mystery worth asking about.',
  },
  /*i18n*/ {
    id: 'guess-caption.4.description',
    message: 'More hits than a stranger would get, and every miss is something new you learned today.',
  },
  /*i18n*/ {
    id: 'guess-caption.5.description',
    message: "Every other answer, you knew exactly what they would say. The rest is tomorrow's conversation.",
  },
  /*i18n*/ {
    id: 'guess-caption.6.description',
    message: 'You read them right more often than not, and they still have a few surprises up their sleeve.',
  },
  /*i18n*/ {
    id: 'guess-caption.7.description',
    message: 'You know their tastes and instincts; only the odd answer caught you off guard.',
  },
  /*i18n*/ {
    id: 'guess-caption.8.description',
    message: 'You could answer for them most of the time. Few people know them this well.',
  },
  /*i18n*/ {
    id: 'guess-caption.9.description',
    message: 'You know what they think almost before they do. That takes time, trust and a lot of shared moments.',
  },
  /*i18n*/ {
    id: 'guess-caption.10.description',
    message: 'Every guess landed. You know them inside out, or you two share one brain.',
  },
];

/** The story cards' words (server/cards/story-card.ts): a friend's result and the creator's top three. */
export const STORY_TEXTS = {
  resultKicker: /*i18n*/ { id: 'story.result-kicker', message: 'Compatibility score' },
  headline: /*i18n*/ { id: 'story.headline', message: 'How in tune are you with {name}?' },
  headlineUnnamed: /*i18n*/ { id: 'story.headline-unnamed', message: 'Are you on the same wavelength?' },
  scan: /*i18n*/ { id: 'story.scan', message: 'Scan the code or open the link to play' },
  topTitle: /*i18n*/ { id: 'story.top-title', message: "{name}'s top three" },
  topTitleUnnamed: /*i18n*/ { id: 'story.top-title-unnamed', message: 'The top three' },
  /** Only two friends have played: the title counts them. */
  topTitleTwo: /*i18n*/ { id: 'story.top-title-two', message: "{name}'s top two" },
  topTitleTwoUnnamed: /*i18n*/ { id: 'story.top-title-two-unnamed', message: 'The top two' },
  /** Only one friend has played. */
  topTitleOne: /*i18n*/ { id: 'story.top-title-one', message: "{name}'s top friend" },
  topTitleOneUnnamed: /*i18n*/ { id: 'story.top-title-one-unnamed', message: 'The top friend' },
  nobodyYet: /*i18n*/ { id: 'story.nobody-yet', message: 'No one has played yet' },
  someoneFriend: /*i18n*/ { id: 'story.someone-friend', message: 'A friend' },
  someoneCreator: /*i18n*/ { id: 'story.someone-creator', message: 'Your friend' },
} as const;

/**
 * A guess game's story cards: the friend's result says how well they know the creator (one sentence
 * instead of the alike card's "Compatibility score" over both names), the creator's card who knows
 * them best. The invitation under them is GUESS_CARD_TEXTS.gameTitle, the link preview's question.
 * A name the card cannot draw has its own sentence, so no language has to fit "someone" into one.
 */
export const GUESS_STORY_TEXTS = {
  resultTitle: /*i18n*/ { id: 'story.guess.result-title', message: 'How well {player} knows {creator}' },
  /** The friend's name cannot be drawn. */
  resultTitleFriend: /*i18n*/ { id: 'story.guess.result-title-friend', message: 'How well a friend knows {creator}' },
  /** The creator's name cannot be drawn, or there is none. */
  resultTitleUnnamed: /*i18n*/ {
    id: 'story.guess.result-title-unnamed',
    message: 'How well {player} knows the person behind this game',
  },
  /** Neither name can be drawn. */
  resultTitleNoNames: /*i18n*/ {
    id: 'story.guess.result-title-no-names',
    message: 'How well a friend knows the person behind this game',
  },
  topTitle: /*i18n*/ { id: 'story.guess.top-title', message: 'Who knows {name} best' },
  /** The creator shares their own card: without a name it speaks for them. */
  topTitleUnnamed: /*i18n*/ { id: 'story.guess.top-title-unnamed', message: 'Who knows me best' },
} as const;

/**
 * A finished party's story card (server/cards/party-story.ts): its podium (guess) or its closest
 * pairs (alike), never an answer; under them the way to play, with the site's address.
 */
export const PARTY_STORY_TEXTS = {
  kicker: /*i18n*/ { id: 'story.party.kicker', message: 'A {product} party' },
  guessTitle: /*i18n*/ { id: 'story.party.guess-title', message: 'Who knows everyone best' },
  alikeTitle: /*i18n*/ { id: 'story.party.alike-title', message: 'The most alike' },
  points: /*i18n*/ { id: 'story.party.points', message: '{points} points' },
  headline: /*i18n*/ { id: 'story.party.headline', message: 'Play together, each on your own phone' },
  bandInTune: /*i18n*/ { id: 'story.party.band.in-tune', message: 'In tune' },
  bandClose: /*i18n*/ { id: 'story.party.band.close', message: 'Close' },
  bandApart: /*i18n*/ { id: 'story.party.band.apart', message: 'Apart' },
} as const;

/** A creator's push notification (server/push/): one friend, or several within a minute. */
export const PUSH_TEXTS = {
  one: /*i18n*/ { id: 'push.one', message: '{name} played your game — {score}' },
  oneUnnamed: /*i18n*/ { id: 'push.one-unnamed', message: 'A friend played your game — {score}' },
  several: /*i18n*/ { id: 'push.several', message: '{count} friends played your game' },
} as const;

/** A pack's name (shared/packs.ts): on the landing's choice, the join screen, cards and the party's screens. */
export const PACK_TEXTS = {
  friends: /*i18n*/ { id: 'pack.friends', message: 'Friends' },
  couples: /*i18n*/ { id: 'pack.couples', message: 'Couples' },
  family: /*i18n*/ { id: 'pack.family', message: 'Family' },
  work: /*i18n*/ { id: 'pack.work', message: 'Work' },
  deep: /*i18n*/ { id: 'pack.deep', message: 'Deep' },
  silly: /*i18n*/ { id: 'pack.silly', message: 'Silly' },
} as const satisfies Record<Pack, Text>;

/** A creator's push when a friend leaves a note (notes: server/notes/); never the note itself. */
export const NOTE_PUSH_TEXTS = {
  one: /*i18n*/ { id: 'push.note', message: '{name} left you a note' },
  oneUnnamed: /*i18n*/ { id: 'push.note-unnamed', message: 'A friend left you a note' },
} as const;

/** Every message of this file, for the server's catalogue and the test that keeps it translated. */
export const SERVER_TEXTS: readonly Text[] = [
  CARD_TEXTS.genericTitle,
  CARD_TEXTS.genericDescription,
  CARD_TEXTS.gameTitle,
  CARD_TEXTS.gameTitleUnnamed,
  ...Object.values(CARD_TEXTS.gameDescription),
  ...Object.values(CARD_TEXTS.gameDescriptionUnnamed),
  ...Object.values(CARD_TEXTS.edition),
  CARD_TEXTS.imageAlt,
  CARD_TEXTS.asks,
  ...CARD_TEXTS.generic,
  CARD_TEXTS.gameFooter,
  CARD_TEXTS.genericFooter,
  CARD_TEXTS.someone,
  ...SCORE_CAPTIONS,
  ...SCORE_DESCRIPTIONS,
  ...Object.values(GUESS_CARD_TEXTS),
  ...GUESS_CAPTIONS,
  ...GUESS_DESCRIPTIONS,
  ...Object.values(STORY_TEXTS),
  ...Object.values(GUESS_STORY_TEXTS),
  ...Object.values(PUSH_TEXTS),
  ...Object.values(PARTY_STORY_TEXTS),
  ...Object.values(PACK_TEXTS),
  ...Object.values(NOTE_PUSH_TEXTS),
];

/** A message with its `{name}` placeholders filled in (a missing value leaves the placeholder). */
export function fillIn(message: string, values: Readonly<Record<string, string>> = {}): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
