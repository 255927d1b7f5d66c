import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { LANGUAGES, type Language } from '../../shared/languages.js';
import { modeUnlessDefault } from '../../shared/modes.js';
import { aboutSubject } from '../../shared/party.js';
import type { GameMode } from '../../shared/product.js';
import { badRequest, errorBody, notFound, unknownGame } from '../errors.js';
import type { GameCache } from '../games/cache.js';
import type { CardOrigin } from '../http/public-origin.js';
import type { StoredParty } from '../party/repository.js';
import { finalOf, pointsOf } from '../party/results.js';
import { seated } from '../party/view.js';
import { RenderQueueFull } from './og-pool.js';
import type { StoryCard } from './story-card.js';
import type { StoryCards } from './story-cards.js';

export interface StoryRoutesOptions {
  stories: StoryCards;
  /** Games and their scoreboards (removed friends left out), as every route reads them. */
  games: GameCache;
  /** The origin of the join link drawn on the card: PUBLIC_URL, never a Host a client chose (see CardOrigin). */
  origin: CardOrigin;
  /** A party as stored (server/party/), for its podium card; without it there is no party card. */
  findParty?: (partyId: string) => Promise<StoredParty | undefined>;
  /** The API's rate limit, which `/og/…` counts against too. */
  rateLimit?: onRequestHookHandler;
}

/** Story cards change as friends play or are removed: a minute of caching at most. */
export const STORY_CACHE_CONTROL = 'public, max-age=60';
const PNG_FILE = /^([A-Za-z0-9_-]{1,64})\.png$/;

/** How many rows a party's card shows: a podium's three, or the three closest pairs. */
const PARTY_ROWS = 3;

const noFinishedParty = () => notFound('unknown_party', 'This party does not exist. Check the link you followed.');

const noSuchPlayer = () => notFound('unknown_friend', 'There is no such player in this game.');

/**
 * `GET /og/result/{gameId}/{playerID}.png` (a friend's result) and `GET /og/top/{gameId}.png` (the
 * creator's top three): 1080×1920 story cards with the join link as text and as a QR code, in
 * `?lang=` or else the game's language. 404 for an unknown game or a friend not on its scoreboard
 * (never was, or removed). When the render queue is full: 503 with Retry-After. `GET
 * /og/party/{partyId}.png`: a finished party's podium (guess) or closest pairs (alike), 404 until
 * it has finished, in `?lang=` or else the host's language.
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

  // A party's cards are kept in a folder of the party's id (ids are random, so never a game's).
  const send = async (reply: FastifyReply, folderId: string, story: StoryCard, playerID?: string) => {
    try {
      const png = await stories.card(folderId, story, playerID);
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

  const { findParty } = options;
  if (!findParty) return;
  app.get<{ Params: { file: string }; Querystring: { lang?: string } }>(
    '/og/party/:file',
    { onRequest },
    async (request, reply) => {
      const partyId = PNG_FILE.exec(request.params.file)?.[1];
      if (!partyId) throw noFinishedParty();
      const party = await findParty(partyId);
      if (party?.state.phase !== 'finished') throw noFinishedParty();
      const seats = seated(party);
      const points = pointsOf(party);
      const names = new Map(party.players.map((seat) => [seat.playerID, seat.name]));
      const final = finalOf(party, seats);
      const guess = aboutSubject(party.state.format);
      const story: StoryCard = {
        kind: 'party',
        guess,
        lang: languageOf(request.query.lang, party.state.lang),
        top: guess
          ? seats
              .map((seat) => ({ playerName: seat.name, points: points.get(seat.playerID) ?? 0 }))
              .sort((a, b) => b.points - a.points)
              .slice(0, PARTY_ROWS)
          : [],
        pairs: final.pairs
          .slice(0, PARTY_ROWS)
          .map(({ a, b, band }) => ({ a: names.get(a) ?? '', b: names.get(b) ?? '', band })),
        link: options.origin.of(request),
      };
      return send(reply, partyId, story);
    },
  );
}
