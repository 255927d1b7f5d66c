import type { ReactElement } from 'react';
import type { Language } from '../../shared/languages.js';
import { modeOf } from '../../shared/modes.js';
import type { GameMode } from '../../shared/product.js';
import { PRODUCT_NAME } from '../../shared/product.js';
import { scoreText } from '../../shared/score-text.js';
import type { CircleBand } from '../../shared/trust.js';
import { AMBER, BG, BG_DEEP, CORAL, el, FONT_FAMILY, LOGO, MUTED, type Style, TEXT } from './card-kit.js';
import { drawableName } from './og-card.js';
import { qrDataUri } from './qr.js';
import { storyTexts } from './story-texts.js';

/** A phone story's size. */
export const STORY_WIDTH = 1080;
export const STORY_HEIGHT = 1920;
/** Stored story cards are keyed by it (story-cards.ts): raise it whenever their look changes. */
export const STORY_DESIGN = 1;
/** The QR code's drawn size: about 100 modules with its quiet zone, so 5 px or more a module. */
export const QR_SIZE = 560;

/**
 * A guess game's card says so (`mode: 'guess'`); an alike game's leaves the mode out, so the cards
 * stored before there were modes keep their keys (story-cards.ts hashes the whole story).
 */
type ModeOfStory = { mode?: GameMode };

/** A friend's result: both names, the score, the game's link. Never an answer. */
export interface ResultStory extends ModeOfStory {
  kind: 'result';
  lang: Language;
  creatorName: string;
  playerName: string;
  score: number;
  link: string;
}

/** The creator's card: the first three on the scoreboard (fewer when fewer played). */
export interface TopStory extends ModeOfStory {
  kind: 'top';
  lang: Language;
  creatorName: string;
  top: { playerName: string; score: number }[];
  link: string;
}

/**
 * A finished party's story card: its podium (guess: the first three and their points) or its
 * closest pairs (alike: names and band), never an answer or a question; then the way to play,
 * with the site's address as text and QR code.
 */
export interface PartyStory {
  kind: 'party';
  /** A guess party's card shows its podium; an alike party's its closest pairs. */
  guess: boolean;
  lang: Language;
  /** guess: the first three by points. Empty for alike. */
  top: { playerName: string; points: number }[];
  /** alike: the closest pairs, closest first (at most three). Empty for guess. */
  pairs: { a: string; b: string; band: CircleBand }[];
  link: string;
}

/** A game's story cards (a party's is drawn by party-story.ts). */
export type GameStory = ResultStory | TopStory;
export type StoryCard = GameStory | PartyStory;

export const gradientText: Style = {
  backgroundImage: `linear-gradient(90deg, ${CORAL}, ${AMBER})`,
  backgroundClip: 'text',
  color: 'transparent',
};

/** The name as the card's font can draw it, or the language's "someone". */
function shownName(name: string, someone: string): string {
  return drawableName(name) || someone;
}

/**
 * A guess game's titles are sentences ("How well Bo knows Ada"): wrapped into lines of even length,
 * never one word alone on the second. (Alike cards keep their look, and so their stored keys.)
 */
const balancedIn = (story: GameStory): Style => (modeOf(story.mode).story.balanceTitles ? { textWrap: 'balance' } : {});

/** The card's words: its game's mode, in its language. */
const textsOf = (story: GameStory) => storyTexts(story.lang, story.mode);

/** Keeps a name line within two lines at most 40 characters long. */
function namesSize(text: string): number {
  const length = [...text].length;
  if (length <= 16) return 104;
  if (length <= 28) return 84;
  if (length <= 44) return 68;
  return 56;
}

/** A story card's headline: sized to its length, balanced lines in a guess game, in the gradient. */
function storyTitle(story: GameStory, title: string, extra: Style = {}) {
  return el(
    'div',
    {
      display: 'flex',
      fontSize: namesSize(title),
      fontWeight: 800,
      lineHeight: 1.1,
      textAlign: 'center',
      ...extra,
      ...balancedIn(story),
      ...gradientText,
    },
    title,
  );
}

/** The link without its scheme, as people read and type it. */
export const linkText = (link: string) => link.replace(/^https?:\/\//, '');

export function frame(children: ReactElement[]): ReactElement {
  return el(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      width: STORY_WIDTH,
      height: STORY_HEIGHT,
      padding: '120px 96px 96px',
      color: TEXT,
      fontFamily: FONT_FAMILY,
      backgroundColor: BG_DEEP,
      // The preview card's glow, drawn with linear gradients: a radial one over a story's 2 million
      // pixels costs resvg about 0.4 s of CPU, a linear one about 0.02 s.
      backgroundImage: `linear-gradient(215deg, rgba(255, 94, 126, 0.34) 0%, rgba(255, 94, 126, 0) 40%), linear-gradient(35deg, rgba(255, 181, 71, 0.16) 0%, rgba(255, 181, 71, 0) 35%), linear-gradient(180deg, ${BG} 0%, ${BG_DEEP} 100%)`,
    },
    children,
  );
}

export function brand(): ReactElement {
  return el('div', { display: 'flex', alignItems: 'center' }, [
    el('img', { width: 88, height: 88, marginRight: 24 }, [], { src: LOGO, width: '88', height: '88' }),
    el('div', { display: 'flex', fontSize: 56, fontWeight: 800, letterSpacing: -0.5 }, PRODUCT_NAME),
  ]);
}

/** The invitation, the QR code on white and the link as text: what a viewer of the story acts on. */
function invitation(story: GameStory): ReactElement {
  const texts = textsOf(story);
  const creator = drawableName(story.creatorName) || undefined;
  return el('div', { display: 'flex', flexDirection: 'column', alignItems: 'center' }, [
    el(
      'div',
      { display: 'flex', fontSize: 52, fontWeight: 800, lineHeight: 1.15, textAlign: 'center', marginBottom: 40 },
      texts.headline(creator),
    ),
    el('div', { display: 'flex', padding: 20, borderRadius: 36, backgroundColor: '#ffffff' }, [
      el('img', { width: QR_SIZE, height: QR_SIZE }, [], {
        src: qrDataUri(story.link, QR_SIZE),
        width: String(QR_SIZE),
        height: String(QR_SIZE),
      }),
    ]),
    el('div', { display: 'flex', fontSize: 32, fontWeight: 500, color: MUTED, marginTop: 36 }, texts.scan),
    el(
      'div',
      { display: 'flex', fontSize: 36, fontWeight: 800, marginTop: 12, textAlign: 'center' },
      linkText(story.link),
    ),
  ]);
}

/**
 * A friend's result as a 1080×1920 story: names (an alike game's "Compatibility score" over both, a
 * guess game's "How well Bo knows Ada"), score, caption, then the way to play.
 */
export function resultStory(story: ResultStory): ReactElement {
  const texts = textsOf(story);
  const { kicker, title } = texts.result(
    drawableName(story.playerName) || undefined,
    drawableName(story.creatorName) || undefined,
  );
  return frame([
    brand(),
    el(
      'div',
      { display: 'flex', flexDirection: 'column', alignItems: 'center', flexGrow: 1, justifyContent: 'center' },
      [
        ...(kicker === undefined
          ? []
          : [el('div', { display: 'flex', fontSize: 40, fontWeight: 500, color: MUTED, marginBottom: 16 }, kicker)]),
        storyTitle(story, title),
        el(
          'div',
          { display: 'flex', fontSize: 220, fontWeight: 800, lineHeight: 1, letterSpacing: -6, marginTop: 24 },
          scoreText(story.score, story.lang),
        ),
        el(
          'div',
          { display: 'flex', fontSize: 60, fontWeight: 800, marginTop: 16, textAlign: 'center', color: AMBER },
          texts.caption(story.score),
        ),
      ],
    ),
    invitation(story),
  ]);
}

/** The creator's card: the top three (or that no one played yet), then the way to play. */
export function topStory(story: TopStory): ReactElement {
  const texts = textsOf(story);
  const creator = drawableName(story.creatorName) || undefined;
  const title = texts.topTitle(creator, Math.min(3, story.top.length));
  const rows =
    story.top.length === 0
      ? [el('div', { display: 'flex', fontSize: 48, fontWeight: 500, color: MUTED }, texts.nobodyYet)]
      : story.top.slice(0, 3).map((player, index) =>
          el(
            'div',
            {
              display: 'flex',
              alignItems: 'center',
              width: '100%',
              padding: '28px 40px',
              marginTop: index === 0 ? 0 : 24,
              borderRadius: 32,
              backgroundColor: index === 0 ? 'rgba(255, 181, 71, 0.16)' : 'rgba(255, 255, 255, 0.07)',
              border: index === 0 ? `3px solid ${AMBER}` : '3px solid rgba(255, 255, 255, 0.12)',
            },
            [
              el(
                'div',
                { display: 'flex', fontSize: 64, fontWeight: 800, width: 90, color: index === 0 ? AMBER : MUTED },
                String(index + 1),
              ),
              el(
                'div',
                {
                  display: 'flex',
                  flexGrow: 1,
                  fontSize: 56,
                  fontWeight: 800,
                  overflow: 'hidden',
                  whiteSpace: 'nowrap',
                  textOverflow: 'ellipsis',
                },
                shownName(player.playerName, texts.someoneFriend),
              ),
              el(
                'div',
                { display: 'flex', fontSize: 56, fontWeight: 800, marginLeft: 24 },
                scoreText(player.score, story.lang),
              ),
            ],
          ),
        );
  return frame([
    brand(),
    el(
      'div',
      { display: 'flex', flexDirection: 'column', alignItems: 'center', flexGrow: 1, justifyContent: 'center' },
      [storyTitle(story, title, { marginBottom: 56 }), ...rows],
    ),
    invitation(story),
  ]);
}

export function storyCard(story: GameStory): ReactElement {
  return story.kind === 'result' ? resultStory(story) : topStory(story);
}
