import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori, { type Font } from 'satori';
import { FONT_SUBSETS, FONT_WEIGHTS, fontFamilyName } from './card-kit.js';
import { loadAdditionalAsset } from './emoji.js';
import { CARD_HEIGHT, CARD_WIDTH, card, drawableName } from './og-card.js';
import { nameInText, serverTexts } from './og-texts.js';
import type { GamePreview } from './preview.js';

const require = createRequire(import.meta.url);

let fonts: Promise<Font[]> | undefined;

/** Inter (SIL OFL, from @fontsource/inter), read once on the first render. The machine may have no fonts. */
export function loadFonts(): Promise<Font[]> {
  fonts ??= Promise.all(
    FONT_SUBSETS.flatMap((subset) =>
      FONT_WEIGHTS.map(async (weight) => ({
        name: fontFamilyName(subset),
        weight,
        style: 'normal' as const,
        data: await readFile(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
      })),
    ),
  ).catch((error: unknown) => {
    fonts = undefined;
    throw error;
  });
  return fonts;
}

/**
 * The 1200×630 PNG of a game's link preview, or the generic one. Satori lays the card out and
 * turns its text into paths (so no name ever sits in the SVG as markup); resvg rasterises and
 * encodes it. All of it is CPU work of about half a second: only the render pool's worker
 * threads call this (og-worker.ts), never the event loop, so resvg runs synchronously there
 * rather than on libuv's thread pool, which file reads and static files share.
 */
export async function renderOgImage(game: GamePreview | undefined): Promise<Buffer> {
  const given = game && nameInText(game.creatorName);
  const name = (given && drawableName(given)) || serverTexts(game?.lang).card.someone(given === undefined);
  const svg = await satori(card(game ? { ...game, name } : undefined), {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: await loadFonts(),
    loadAdditionalAsset,
  });
  return new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng();
}
