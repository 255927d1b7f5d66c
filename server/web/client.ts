import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, onRequestHookHandler } from 'fastify';
import type { Cards } from '../cards/og-cards.js';
import { ogImageRoutes } from '../cards/og-image.js';
import type { FindPreview } from '../cards/preview.js';
import { publicOrigin } from '../http/public-origin.js';
import { acceptedEncoding, compress } from './compress.js';
import { escapeHtml, injectTags, isGamePage, joinGameId, previewTags } from './meta.js';
import { gamePageId, pageLanguage, withHtmlLang } from './page-language.js';
import { screenPreloads } from './preload.js';

type SendIndex = (reply: FastifyReply) => Promise<FastifyReply>;

interface ClientOptions {
  dir: string;
  gaMeasurementId?: string;
  /** The address people open (PUBLIC_URL, no trailing slash); else each request's own. */
  publicUrl?: string;
  /** A game's creator and edition for its link preview. */
  findPreview: FindPreview;
  /** Link-preview cards (og-cards.ts). */
  cards: Cards;
  /** The API's rate limit, which `/og/…` counts against too. */
  rateLimit?: onRequestHookHandler;
}

/**
 * Serves the built client: hashed assets precompressed (brotli, gzip) and cached for a year;
 * index.html never cached, with run-time settings (analytics id) and the page's link-preview tags
 * written into it, and returned for every client route (the caller's not-found handler uses the
 * returned function). The link-preview images are served even without a built client.
 * Returns undefined if the client has not been built.
 */
export async function registerClient(app: FastifyInstance, options: ClientOptions): Promise<SendIndex | undefined> {
  await app.register(ogImageRoutes, {
    findPreview: options.findPreview,
    cards: options.cards,
    rateLimit: options.rateLimit,
  });

  const indexPath = join(options.dir, 'index.html');
  if (!existsSync(indexPath)) return undefined;
  const indexHtml = readFileSync(indexPath, 'utf8').replace(
    '<meta name="ga-measurement-id" content="" />',
    `<meta name="ga-measurement-id" content="${escapeHtml(options.gaMeasurementId ?? '')}" />`,
  );

  const preloads = screenPreloads(options.dir);

  await app.register(fastifyStatic, {
    root: options.dir,
    index: false,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    // index.html goes through sendIndex, which fills in the run-time settings.
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders(res, path) {
      const hashed = path.startsWith(join(options.dir, 'assets'));
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  const sendIndex: SendIndex = async (reply) => {
    const { request } = reply;
    const path = request.url.split('?')[0];
    const gameId = joinGameId(path);
    // Every page of a game is in the game's language; only its join link previews the game itself.
    const pageGameId = gamePageId(path);
    const preview =
      pageGameId === undefined
        ? undefined
        : await options.findPreview(pageGameId).catch((error: unknown) => {
            // Without its game the page still works: it gets the generic tags.
            request.log.warn({ err: error }, 'link preview lookup failed');
            return undefined;
          });
    const lang = pageLanguage(preview, request.headers['accept-language']);
    const tags = previewTags({
      origin: publicOrigin(request, options.publicUrl),
      path,
      game: gameId !== undefined && preview ? { id: gameId, preview } : undefined,
      lang,
    });
    // Game pages carry people's names: out of search results (robots.txt still lets crawlers read the tags).
    if (isGamePage(path)) reply.header('X-Robots-Tag', 'noindex');
    const html = withHtmlLang(injectTags(indexHtml, tags, preloads(path)), lang);
    reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding, Accept-Language')
      .type('text/html; charset=utf-8');
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding || request.method === 'HEAD') return reply.send(html);
    return reply.header('Content-Encoding', encoding).send(compress(html, encoding));
  };
  app.get('/', (_request, reply) => sendIndex(reply));
  return sendIndex;
}
