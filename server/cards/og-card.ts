import type { ReactElement } from 'react';
import { DEFAULT_MODE } from '../../shared/modes.js';
import { PRODUCT_NAME } from '../../shared/product.js';
import { AMBER, BG, BG_DEEP, CORAL, dataUri, el, FONT_FAMILY, LOGO, MUTED, TEXT } from './card-kit.js';
import { isDrawableEmoji } from './emoji.js';
import { serverTexts } from './og-texts.js';
import { editionLabel, type GamePreview } from './preview.js';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/**
 * The card's design: stored cards are keyed by it (og-cards.ts), so raise it whenever the card's
 * look changes, or every card already on disk keeps its old look.
 */
export const CARD_DESIGN = 2;

/** The backdrop wave's width; it starts at x = 1200 + 80 − WAVE_WIDTH = 720. */
const WAVE_WIDTH = 560;
/** The subtitle ends before the wave begins: 72 px of padding + 600 < 720. */
const SUBTITLE_WIDTH = 600;

/**
 * The wave again, large and faint, running off the card's bottom right corner: right of the
 * subtitle, which keeps to SUBTITLE_WIDTH, so the wave never runs through its words.
 */
const BACKDROP_WAVE = dataUri(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 300"><defs><linearGradient id="g" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="${CORAL}"/><stop offset="1" stop-color="${AMBER}"/></linearGradient></defs><path d="M20 170c50-120 100-120 150 0s100 120 150 0 100-120 150 0 100 120 150 0" fill="none" stroke="url(#g)" stroke-width="26" stroke-linecap="round" opacity="0.22"/></svg>`,
);

/** Keeps the headline on at most three lines whatever the name's length (at most 40 characters). */
function nameSize(name: string): number {
  const length = [...name].length;
  if (length <= 12) return 96;
  if (length <= 20) return 80;
  if (length <= 30) return 64;
  return 56;
}

/**
 * The card of a game's link preview: the creator's name, what they ask, the edition.
 * `name` is what can be drawn (see drawableName); undefined draws the generic card.
 */
export function card(game: (GamePreview & { name: string }) | undefined): ReactElement {
  const texts = serverTexts(game?.lang).card;
  const headline = game
    ? [
        el(
          'div',
          {
            display: 'flex',
            fontSize: nameSize(game.name),
            fontWeight: 800,
            lineHeight: 1.1,
            backgroundImage: `linear-gradient(90deg, ${CORAL}, ${AMBER})`,
            backgroundClip: 'text',
            color: 'transparent',
            marginBottom: 12,
            // As wide as the name, so the whole gradient shows on a short one.
            alignSelf: 'flex-start',
          },
          game.name,
        ),
        el(
          'div',
          { display: 'flex', fontSize: 60, fontWeight: 800, lineHeight: 1.15 },
          texts.byMode[game.mode ?? DEFAULT_MODE].asks,
        ),
      ]
    : [
        el('div', { display: 'flex', fontSize: 76, fontWeight: 800, lineHeight: 1.1 }, texts.generic[0]),
        el(
          'div',
          {
            display: 'flex',
            fontSize: 76,
            fontWeight: 800,
            lineHeight: 1.1,
            backgroundImage: `linear-gradient(90deg, ${CORAL}, ${AMBER})`,
            backgroundClip: 'text',
            color: 'transparent',
          },
          texts.generic[1],
        ),
      ];

  return el(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      padding: '56px 72px',
      color: TEXT,
      fontFamily: FONT_FAMILY,
      backgroundColor: BG_DEEP,
      backgroundImage: `radial-gradient(circle at 100% 0%, rgba(255, 94, 126, 0.28), rgba(255, 94, 126, 0) 55%), linear-gradient(180deg, ${BG} 0%, ${BG_DEEP} 100%)`,
      position: 'relative',
    },
    [
      el('img', { position: 'absolute', right: -80, bottom: -90, width: WAVE_WIDTH, height: WAVE_WIDTH / 2 }, [], {
        src: BACKDROP_WAVE,
        width: String(WAVE_WIDTH),
        height: String(WAVE_WIDTH / 2),
      }),
      el('div', { display: 'flex', alignItems: 'center', justifyContent: 'space-between' }, [
        el('div', { display: 'flex', alignItems: 'center' }, [
          el('img', { width: 72, height: 72, marginRight: 20 }, [], { src: LOGO, width: '72', height: '72' }),
          el('div', { display: 'flex', fontSize: 44, fontWeight: 800, letterSpacing: -0.5 }, PRODUCT_NAME),
        ]),
        ...(game
          ? [
              el(
                'div',
                {
                  display: 'flex',
                  fontSize: 28,
                  fontWeight: 500,
                  color: TEXT,
                  padding: '10px 26px',
                  borderRadius: 999,
                  border: '2px solid rgba(255, 255, 255, 0.22)',
                  backgroundColor: 'rgba(255, 255, 255, 0.08)',
                },
                editionLabel(game.edition, game.lang, game.pack),
              ),
            ]
          : []),
      ]),
      el('div', { display: 'flex', flexDirection: 'column', flexGrow: 1, justifyContent: 'center' }, headline),
      el(
        'div',
        { display: 'flex', fontSize: 32, fontWeight: 500, color: MUTED, maxWidth: SUBTITLE_WIDTH },
        game ? texts.byMode[game.mode ?? DEFAULT_MODE].footer : texts.genericFooter,
      ),
    ],
  );
}

// Code points the shipped subsets draw: Latin (with extended and Vietnamese), combining marks,
// Greek, Cyrillic, general punctuation and currency signs.
const DRAWABLE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: combining marks are listed on purpose; each grapheme is tested whole.
  /^[\u0020-\u007e\u00a0-\u024f\u0300-\u036f\u0370-\u03ff\u0400-\u052f\u1e00-\u1eff\u2000-\u206f\u20a0-\u20c0]+$/;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * The part of a name the card can draw, its fonts and its emoji pictures (emoji.ts): other
 * characters (CJK…) are left out rather than drawn as empty boxes. Empty if nothing is left.
 */
export function drawableName(name: string): string {
  const kept = [...graphemes.segment(name)]
    .map((part) => part.segment)
    .filter((part) => DRAWABLE.test(part) || isDrawableEmoji(part));
  return kept.join('').replace(/\s+/g, ' ').trim();
}
