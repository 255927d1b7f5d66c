import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { LANGUAGES, type Language } from '../../shared/languages.js';
import { modeUnlessDefault } from '../../shared/modes.js';
import type { GameMode } from '../../shared/product.js';
import { badRequest, errorBody, notFound, unknownGame } from '../errors.js';
import type { GameCache } from '../games/cache.js';
import type { CardOrigin } from '../http/public-origin.js';
import { RenderQueueFull } from './og-pool.js';
import type { StoryCard } from './story-card.js';
import type { StoryCards } from './story-cards.js';

export interface StoryRoutesOptions {
  stories: StoryCards;
  /** Games and their scoreboards (removed friends left out), as every route reads them. */
  games: GameCache;
  /** The origin of the join link drawn on the card: PUBLIC_URL, never a Host a client chose (see CardOrigin). */
  origin: CardOrigin;
  /** The API's rate limit, which `/og/…` counts against too. */
  rateLimit?: onRequestHookHandler;
}

/** Story cards change as friends play or are removed: a minute of caching at most. */
export const STORY_CACHE_CONTROL = 'public, max-age=60';
const PNG_FILE = /^([A-Za-z0-9_-]{1,64})\.png$/;

const noSuchPlayer = () => notFound('unknown_friend', 'There is no such player in this game.');

/**
 * `GET /og/result/{gameId}/{playerID}.png` (a friend's result) and `GET /og/top/{gameId}.png` (the
 * creator's top three): 1080×1920 story cards with the join link as text and as a QR code, in
 * `?lang=` or else the game's language. 404 for an unknown game or a friend not on its scoreboard
 * (never was, or removed). When the render queue is full: 503 with Retry-After.
 */
export async function storyRoutes(app: FastifyInstance, options: StoryRoutesOptions): Promise<void> {
  const { stories, games } = options;
  const onRequest = options.rateLimit ? [options.rateLimit] : [];

  const languageOf = (lang: string | undefined, fallback: Language): Language => {
    if (lang === undefined) return fallback;
    if (!(LANGUAGES as readonly string[]).includes(lang)) {
      throw badRequest('validation_failed', `lang must be one of ${LANGUAGES.join(', ')}.`);
    }
    return lang as Language;
  };

  const send = async (reply: FastifyReply, gameId: string, story: StoryCard, playerID?: string) => {
    try {
      const png = await stories.card(gameId, story, playerID);
      return reply
        .header('Cache-Control', STORY_CACHE_CONTROL)
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .type('image/png')
        .send(png);
    } catch (error) {
      if (!(error instanceof RenderQueueFull)) throw error;
      return reply
        .status(503)
        .header('Retry-After', '5')
        .header('Cache-Control', 'no-store')
        .send(errorBody('cards_busy', 'Too many cards are being drawn right now; try again in a few seconds.'));
    }
  };

  const gameOf = async (gameId: string) => {
    const [game, board] = await Promise.all([games.findGame(gameId), games.scoreboard(gameId)]);
    if (!game || !board) throw unknownGame();
    return { game, board };
  };

  // A guess game's cards speak of guessing; the mode is part of the story, so of its stored key too.
  const modeOf = (game: { mode: GameMode }) => modeUnlessDefault(game.mode);

  const linkOf = (request: FastifyRequest, gameId: string) => `${options.origin.of(request)}/join/${gameId}`;

  app.get<{ Params: { gameId: string; file: string }; Querystring: { lang?: string } }>(
    '/og/result/:gameId/:file',
    { onRequest },
    async (request, reply) => {
      const { gameId, file } = request.params;
      const playerID = PNG_FILE.exec(file)?.[1];
      if (!playerID) throw noSuchPlayer();
      const { game, board } = await gameOf(gameId);
      const player = board.players.find((p) => p.playerID === playerID);
      if (!player) throw noSuchPlayer();
      const story: StoryCard = {
        kind: 'result',
        lang: languageOf(request.query.lang, game.lang),
        ...modeOf(game),
        creatorName: game.creatorName,
        playerName: player.playerName,
        score: player.score,
        link: linkOf(request, gameId),
      };
      return send(reply, gameId, story, playerID);
    },
  );

  app.get<{ Params: { file: string }; Querystring: { lang?: string } }>(
    '/og/top/:file',
    { onRequest },
    async (request, reply) => {
      const gameId = PNG_FILE.exec(request.params.file)?.[1];
      if (!gameId) throw unknownGame();
      const { game, board } = await gameOf(gameId);
      const story: StoryCard = {
        kind: 'top',
        lang: languageOf(request.query.lang, game.lang),
        ...modeOf(game),
        creatorName: game.creatorName,
        top: board.players.slice(0, 3).map(({ playerName, score }) => ({ playerName, score })),
        link: linkOf(request, gameId),
      };
      return send(reply, gameId, story);
    },
  );
}
