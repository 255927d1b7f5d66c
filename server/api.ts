import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { API_PREFIX } from '../shared/api.js';
import type { AdminAuth } from './admin/auth.js';
import type { Moderation } from './admin/moderation.js';
import { adminRoutes, reportRoutes } from './admin/routes.js';
import type { CircleCache } from './circle/cache.js';
import { circleRoutes } from './circle/routes.js';
import type { Config } from './config.js';
import { comparisonRoutes } from './games/comparison.js';
import { isGameCreator } from './games/creator.js';
import { creatorRoutes } from './games/creator-routes.js';
import { gameRoutes } from './games/routes.js';
import { apiCors } from './http/cors.js';
import { openApiRoute } from './http/openapi.js';
import type { Rooms } from './live/rooms.js';
import { liveRoutes } from './live/routes.js';
import { noteRoutes } from './notes/routes.js';
import type { Metrics } from './ops/metrics.js';
import { type PartyWing, registerParty } from './party/index.js';
import type { PartyModeration } from './party/moderation.js';
import type { PushNotifier } from './push/notifier.js';
import type { VapidKeys } from './push/repository.js';
import { pushRoutes } from './push/routes.js';
import { questionRoutes } from './questions/routes.js';
import type { QuestionTexts } from './questions/translations.js';
import { roundRoutes } from './rounds/routes.js';
import { shareRoutes } from './share/routes.js';
import type { Storage } from './storage/index.js';

export interface ApiOptions {
  config: Config;
  storage: Pick<Storage, 'games' | 'questions' | 'push' | 'reports' | 'circle' | 'rounds' | 'replies' | 'notes'>;
  /** The game cache every route reads games through, and the live channel's rooms. */
  rooms: Rooms;
  texts: QuestionTexts;
  circles: CircleCache;
  metrics: Pick<Metrics, 'gameCreated' | 'responseLogged'>;
  /** Web Push: the server's key pair (none when PUSH_SERVICE_HOSTS=none) and who sends. */
  push: { keys: VapidKeys | undefined; notifier: PushNotifier | undefined };
  /** Moderation: the admin's token check (none without ADMIN_TOKEN) and its actions. */
  admin: { auth: AdminAuth | undefined; moderation: Moderation; parties: PartyModeration };
  livePingIntervalMs?: number;
  /** The party wing (made in app.ts, where the admin's page holds it too). */
  party: PartyWing;
  /** What else goes when retention deletes a party (its story cards). */
  onPartyDeleted?: (partyId: string) => Promise<void>;
  /** Storage.settle: the parties' retention purge waits for it between batches. */
  settle?: () => Promise<void>;
}

/**
 * The API under `/prod` (API_PREFIX) as one scope: its CORS and rate limit, then every feature's
 * routes. A new feature's routes are registered here. Returns the rate limit's hook (when
 * RATE_LIMIT_PER_MINUTE is on), so that `/og/…` requests count in the same budget.
 */
export async function registerApi(
  app: FastifyInstance,
  options: ApiOptions,
): Promise<onRequestHookHandler | undefined> {
  const { config, storage, rooms, texts, circles, metrics } = options;
  const { games, questions } = storage;
  let rateLimited: onRequestHookHandler | undefined;
  await app.register(
    async (api) => {
      // Before the rate limit, so that a 429 carries CORS headers too and the page can read it.
      if (config.ALLOWED_ORIGINS.length > 0) {
        await api.register(apiCors, { allowedOrigins: config.ALLOWED_ORIGINS });
      }
      if (config.RATE_LIMIT_PER_MINUTE > 0) {
        await api.register(rateLimit, {
          max: config.RATE_LIMIT_PER_MINUTE,
          timeWindow: '1 minute',
          errorResponseBuilder: (_request, context) => ({
            statusCode: 429,
            code: 'rate_limited',
            message: `Too many requests; try again in ${Math.ceil(context.ttl / 1000)} s.`,
          }),
        });
        rateLimited = api.rateLimit();
      }
      await api.register(questionRoutes, { questions, questionsPerGame: config.QUESTIONS_PER_GAME, texts });
      await api.register(gameRoutes, {
        games,
        questions,
        cache: rooms,
        texts,
        questionsPerGame: config.QUESTIONS_PER_GAME,
        maxPlayersPerGame: config.MAX_PLAYERS_PER_GAME,
        playsPerNetwork: config.PLAYS_PER_ADDRESS_PER_GAME,
        replies: storage.replies,
        onGameCreated: metrics.gameCreated,
        onResponseLogged: metrics.responseLogged,
        onFriendFinished:
          options.push.notifier &&
          ((gameId, name, score, subscriptions) =>
            options.push.notifier?.friendFinished(gameId, name, score, subscriptions)),
      });
      await api.register(roundRoutes, {
        games,
        rounds: storage.rounds,
        cache: rooms,
        maxPlayersPerGame: config.MAX_PLAYERS_PER_GAME,
        playsPerNetwork: config.PLAYS_PER_ADDRESS_PER_GAME,
      });
      await api.register(comparisonRoutes, { games, cache: rooms, texts });
      await api.register(creatorRoutes, { games, cache: rooms, coCreatorsPerGame: config.CO_CREATORS_PER_GAME });
      await api.register(shareRoutes, { replies: storage.replies, games, cache: rooms });
      await api.register(noteRoutes, {
        notes: storage.notes,
        games,
        cache: rooms,
        onNoteLeft: options.push.notifier && ((gameId, name) => options.push.notifier?.noteLeft(gameId, name)),
      });
      await api.register(reportRoutes, { reports: storage.reports, cache: rooms });
      await api.register(adminRoutes, options.admin);
      await api.register(openApiRoute);
      await api.register(circleRoutes, {
        findGame: (gameId) => rooms.findGame(gameId),
        games,
        circles,
        networks: storage.circle,
        unfinished: storage.rounds,
      });
      await api.register(pushRoutes, {
        push: storage.push,
        games,
        findGame: (gameId) => rooms.findGame(gameId),
        keys: options.push.keys,
        hosts: config.PUSH_SERVICE_HOSTS,
      });
      await api.register(liveRoutes, {
        rooms,
        allowedOrigins: config.ALLOWED_ORIGINS,
        pingIntervalMs: options.livePingIntervalMs ?? 30_000,
        maxSocketsPerAddress: config.LIVE_SOCKETS_PER_ADDRESS,
        isCreator: async (gameId, userId) => {
          const game = await rooms.findGame(gameId);
          return game !== undefined && isGameCreator(games, game, userId);
        },
      });
      await registerParty(api, options.party, {
        config,
        livePingIntervalMs: options.livePingIntervalMs,
        onDeleted: options.onPartyDeleted,
        settle: options.settle,
      });
    },
    { prefix: API_PREFIX },
  );
  return rateLimited;
}
