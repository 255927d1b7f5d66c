import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { renderAsync } from '@resvg/resvg-js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import satori, { type Font } from 'satori';
import { displayName } from '../../shared/product.js';
import { LruCache } from './lru.js';
import type { FindPreview, GamePreview } from './meta.js';
import { CARD_HEIGHT, CARD_WIDTH, card, drawableName, FONT_SUBSETS, FONT_WEIGHTS, fontFamilyName } from './og-card.js';

const require = createRequire(import.meta.url);

let fonts: Promise<Font[]> | undefined;

/** Inter (SIL OFL, from @fontsource/inter), read once on the first render. The machine may have no fonts. */
function loadFonts(): Promise<Font[]> {
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
 * turns its text into paths (so no name ever sits in the SVG as markup); resvg rasterises it on
 * libuv's thread pool rather than the event loop.
 */
export async function renderOgImage(game: GamePreview | undefined): Promise<Buffer> {
  const name = game ? drawableName(displayName(game.creatorName)) : '';
  const svg = await satori(card(game ? { ...game, name: name || 'A friend' } : undefined), {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: await loadFonts(),
  });
  const image = await renderAsync(svg, { fitTo: { mode: 'original' } });
  return image.asPng();
}

export interface OgImageOptions {
  findPreview: FindPreview;
  /** How many rendered images stay in memory (each is about 50 KiB). */
  cacheSize?: number;
}

export const OG_CACHE_CONTROL = 'public, max-age=86400';

/**
 * `GET /og/{gameId}.png`: the game's card (404 `{message}` for an unknown game, so a deleted game's
 * card is not made again); `GET /og-image.png`: the generic card of every other page.
 * Each image is rendered once, then served from a small LRU keyed by what it shows.
 */
export async function ogImageRoutes(app: FastifyInstance, options: OgImageOptions): Promise<void> {
  const cache = new LruCache<string, Promise<Buffer>>(options.cacheSize ?? 200);

  // The promise is cached, so simultaneous first requests (a link dropped in a busy chat) render once.
  function cachedRender(key: string, game: GamePreview | undefined): Promise<Buffer> {
    let png = cache.get(key);
    if (!png) {
      png = renderOgImage(game);
      cache.set(key, png);
      png.catch(() => cache.delete(key));
    }
    return png;
  }

  // Chat apps' web clients may show the card straight from here, so other origins may load it.
  const sendPng = (png: Buffer, reply: FastifyReply) =>
    reply
      .header('Cache-Control', OG_CACHE_CONTROL)
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .type('image/png')
      .send(png);

  app.get('/og-image.png', async (_request, reply) => sendPng(await cachedRender('generic', undefined), reply));

  app.get<{ Params: { file: string } }>('/og/:file', async (request, reply) => {
    const { file } = request.params;
    const gameId = file.endsWith('.png') ? file.slice(0, -'.png'.length) : '';
    const game = gameId ? await options.findPreview(gameId) : undefined;
    if (!game) return reply.status(404).send({ message: 'There is no such game.' });
    const key = JSON.stringify([gameId, game.creatorName, game.edition]);
    return sendPng(await cachedRender(key, game), reply);
  });
}
