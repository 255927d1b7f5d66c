import type { ReactElement } from 'react';
import { PRODUCT_NAME } from '../../shared/product.js';
import { scoreNumber } from '../../shared/score-text.js';
import { STORY_TEXTS, PARTY_STORY_TEXTS as TEXTS, type Text } from '../../shared/texts.js';
import type { CircleBand } from '../../shared/trust.js';
import { serverText } from '../texts/texts.js';
import { AMBER, el, MUTED, type Style } from './card-kit.js';
import { drawableName } from './og-card.js';
import { qrDataUri } from './qr.js';
import { brand, frame, gradientText, linkText, type PartyStory } from './story-card.js';

/** The QR code on a party's card: smaller than a game's, as its link is the site's short address. */
const PARTY_QR_SIZE = 420;

const BANDS: Record<CircleBand, Text> = {
  'in-tune': TEXTS.bandInTune,
  close: TEXTS.bandClose,
  apart: TEXTS.bandApart,
};

const rowStyle = (first: boolean, index: number): Style => ({
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  padding: '28px 40px',
  marginTop: index === 0 ? 0 : 24,
  borderRadius: 32,
  backgroundColor: first ? 'rgba(255, 181, 71, 0.16)' : 'rgba(255, 255, 255, 0.07)',
  border: first ? `3px solid ${AMBER}` : '3px solid rgba(255, 255, 255, 0.12)',
});

const nameStyle: Style = {
  display: 'flex',
  flexGrow: 1,
  fontSize: 56,
  fontWeight: 800,
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
};

export function partyStory(story: PartyStory): ReactElement {
  const say = (text: Text, values: Record<string, string> = {}) => serverText(story.lang, text, values);
  const name = (raw: string) => drawableName(raw) || say(STORY_TEXTS.someoneFriend);
  const { guess } = story;
  const rows = guess
    ? story.top.map((player, index) =>
        el('div', rowStyle(index === 0, index), [
          el(
            'div',
            { display: 'flex', fontSize: 64, fontWeight: 800, width: 90, color: index === 0 ? AMBER : MUTED },
            String(index + 1),
          ),
          el('div', nameStyle, name(player.playerName)),
          el(
            'div',
            { display: 'flex', fontSize: 44, fontWeight: 800, marginLeft: 24, color: MUTED },
            say(TEXTS.points, { points: scoreNumber(player.points, story.lang) }),
          ),
        ]),
      )
    : story.pairs.map((pair, index) =>
        el('div', { ...rowStyle(index === 0, index), flexDirection: 'column', alignItems: 'flex-start' }, [
          el('div', { ...nameStyle, width: '100%' }, `${name(pair.a)} & ${name(pair.b)}`),
          el('div', { display: 'flex', fontSize: 44, fontWeight: 800, color: AMBER }, say(BANDS[pair.band])),
        ]),
      );
  return frame([
    brand(),
    el(
      'div',
      { display: 'flex', flexDirection: 'column', alignItems: 'center', flexGrow: 1, justifyContent: 'center' },
      [
        el(
          'div',
          { display: 'flex', fontSize: 40, fontWeight: 500, color: MUTED, marginBottom: 16 },
          say(TEXTS.kicker, { product: PRODUCT_NAME }),
        ),
        el(
          'div',
          {
            display: 'flex',
            fontSize: 96,
            fontWeight: 800,
            lineHeight: 1.1,
            textAlign: 'center',
            marginBottom: 56,
            ...gradientText,
          },
          say(guess ? TEXTS.guessTitle : TEXTS.alikeTitle),
        ),
        ...rows,
      ],
    ),
    el('div', { display: 'flex', flexDirection: 'column', alignItems: 'center' }, [
      el(
        'div',
        { display: 'flex', fontSize: 52, fontWeight: 800, lineHeight: 1.15, textAlign: 'center', marginBottom: 40 },
        say(TEXTS.headline),
      ),
      el('div', { display: 'flex', padding: 20, borderRadius: 36, backgroundColor: '#ffffff' }, [
        el('img', { width: PARTY_QR_SIZE, height: PARTY_QR_SIZE }, [], {
          src: qrDataUri(story.link, PARTY_QR_SIZE),
          width: String(PARTY_QR_SIZE),
          height: String(PARTY_QR_SIZE),
        }),
      ]),
      el('div', { display: 'flex', fontSize: 32, fontWeight: 500, color: MUTED, marginTop: 36 }, say(STORY_TEXTS.scan)),
      el('div', { display: 'flex', fontSize: 36, fontWeight: 800, marginTop: 12 }, linkText(story.link)),
    ]),
  ]);
}
