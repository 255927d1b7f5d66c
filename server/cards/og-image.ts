import type { FastifyInstance, FastifyReply, onRequestHookHandler } from 'fastify';
import { type Cards, previewOf } from './og-cards.js';
import { RenderQueueFull } from './og-pool.js';
import type { FindPreview } from './preview.js';

interface OgImageOptions {
  findPreview: FindPreview;
  cards: Cards;
  /** The API's rate limit (the same count per address), applied to `/og/…`; none when it is off. */
  rateLimit?: onRequestHookHandler;
}

const OG_CACHE_CONTROL = 'public, max-age=86400';

/**
 * `GET /og/{gameId}.png`: the game's card (404 `{code,message}` for an unknown game, so a deleted game's
 * card is not made again); `GET /og-image.png`: the generic card of every other page. Cards come
 * from og-cards.ts: rendered once, off the event loop. When the render queue is full, a game's
 * link gets the generic card, which no one may keep (`no-store`): the next crawler asks again.
 */
export async function ogImageRoutes(app: FastifyInstance, options: OgImageOptions): Promise<void> {
  const { cards } = options;

  // Chat apps' web clients may show the card straight from here, so other origins may load it.
  const sendPng = (png: Buffer, reply: FastifyReply, cacheControl = OG_CACHE_CONTROL) =>
    reply
      .header('Cache-Control', cacheControl)
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .type('image/png')
      .send(png);

  app.get('/og-image.png', async (_request, reply) => sendPng(await cards.generic(), reply));

  app.get<{ Params: { file: string } }>(
    '/og/:file',
    { onRequest: options.rateLimit ? [options.rateLimit] : [] },
    async (request, reply) => {
      const { file } = request.params;
      const gameId = file.endsWith('.png') ? file.slice(0, -'.png'.length) : '';
      const game = gameId ? await options.findPreview(gameId) : undefined;
      if (!game) return reply.status(404).send({ code: 'unknown_game', message: 'There is no such game.' });
      try {
        return sendPng(await cards.forGame(gameId, previewOf(game)), reply);
      } catch (error) {
        if (!(error instanceof RenderQueueFull)) throw error;
        return sendPng(await cards.generic(), reply, 'no-store');
      }
    },
  );
}
