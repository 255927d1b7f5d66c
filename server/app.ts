import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PREFIX } from '../shared/api.js';
import { AdminAuth } from './admin/auth.js';
import { Moderation } from './admin/moderation.js';
import { adminPage } from './admin/page.js';
import { registerApi } from './api.js';
import { type Cards, openCards } from './cards/og-cards.js';
import { openStoryCards } from './cards/story-cards.js';
import { storyRoutes } from './cards/story-routes.js';
import { CircleCache } from './circle/cache.js';
import { type Config, cardsDir, fastifyTrustProxy, questionsDir } from './config.js';
import { clientErrorHandler, frameworkErrorHandler, NOTHING_HERE, registerErrorHandler } from './errors.js';
import { InProcessEventBus } from './events/bus.js';
import { registerRetention } from './games/retention.js';
import { BODY_LIMIT_BYTES } from './http/limits.js';
import { registerOpenApi } from './http/openapi.js';
import { CardOrigin, ownOrigins } from './http/public-origin.js';
import { securityHeaders, securityHeadersFor } from './http/security.js';
import { dropIncompleteRequestsOnClose, requestTimeoutOptions } from './http/timeouts.js';
import { Rooms } from './live/rooms.js';
import { liveBufferLimit } from './live/send.js';
import { liveSocketErrorHandler } from './live/socket-errors.js';
import { healthRoute } from './ops/health.js';
import { RequestLog } from './ops/logging.js';
import { registerMetrics } from './ops/metrics.js';
import { createPartyWing, type PartyClock } from './party/index.js';
import { CLIENT_DIR } from './paths.js';
import { type NotifierOptions, PushNotifier } from './push/notifier.js';
import { makeVapidKeys, type PushSend, webPushSender } from './push/sender.js';
import { loadQuestionBank } from './questions/bank.js';
import { QuestionTexts } from './questions/translations.js';
import { openStorage, type Storage } from './storage/index.js';
import { registerClient } from './web/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's database and its repositories, closed with the app. */
    storage: Storage;
    /** Link-preview cards: their store and render pool, closed with the app. */
    cards: Cards;
  }
}

/** A live socket never needs to send us anything; anything bigger than this closes it. */
const LIVE_MAX_PAYLOAD_BYTES = 1024;

export interface AppOptions {
  config: Config;
  logger?: FastifyServerOptions['logger'];
  /** Where the built client lives; defaults to dist/client. */
  clientDir?: string;
  /** This instance's event bus (with PostgreSQL, the one the bus between instances feeds). */
  bus?: InProcessEventBus;
  /** The Redis channel between instances (BUS_URL); tests give each their own. */
  busChannel?: string;
  livePingIntervalMs?: number;
  /** Web Push's sender, quiet time and send limits; tests record pushes instead of sending them, and wait less. */
  push?: { send?: PushSend } & Pick<NotifierOptions, 'quietMs' | 'sendDeadlineMs' | 'breaker' | 'perOrigin'>;
  /** The clock of the retention purge (ms since the epoch); tests move it instead of waiting. */
  now?: () => number;
  /** The time source of party clocks; tests drive parties with a fake one. */
  partyClock?: PartyClock;
}

/** Builds the whole product as a Fastify app (API, live channel, client) without listening. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const security = { analytics: config.GA_MEASUREMENT_ID !== undefined };
  // For the answers written before Fastify's hooks run (a connection error has no address: the page set).
  const headersFor = securityHeadersFor(security);
  const app = Fastify({
    logger: options.logger ?? false,
    // One line per request (method, URL, status, ms) instead of Fastify's two.
    logController: new RequestLog(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    // Closing waits for in-flight requests; keep-alive sockets are closed once idle.
    forceCloseConnections: 'idle',
    ...requestTimeoutOptions(config.REQUEST_TIMEOUT_MS),
    frameworkErrors: frameworkErrorHandler(headersFor),
    clientErrorHandler: clientErrorHandler(headersFor('/')),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  dropIncompleteRequestsOnClose(app);

  // Read and checked once: seeded into the database, and kept in memory for its translations.
  const bank = loadQuestionBank(questionsDir(config), { questionsPerGame: config.QUESTIONS_PER_GAME });
  const storage = await openStorage(config, {
    bus: options.bus ?? new InProcessEventBus(),
    bank,
    busChannel: options.busChannel,
    log: (message, err) => app.log.warn({ err }, message),
  });
  app.decorate('storage', storage as Storage);
  app.addHook('onClose', () => storage.close());
  const { games, bus } = storage;
  // Each game's live state (its definition, scoreboard, sockets and events) in one room; every
  // route reads games through the rooms.
  const rooms = new Rooms(games, bus, {
    maxBufferedBytes: liveBufferLimit(config.MAX_PLAYERS_PER_GAME),
    playing: storage.rounds,
  });
  const texts = new QuestionTexts(bank);
  // Before the retention purge at start-up, so that the cards of the games it deletes go too.
  const cards = openCards({
    dir: cardsDir(config),
    concurrency: config.OG_RENDER_CONCURRENCY,
    maxBytes: config.OG_CARDS_MAX_MB * 1024 * 1024,
    bus,
    log: (message, err) => app.log.warn({ err }, message),
  });
  app.decorate('cards', cards.cards);
  app.addHook('onClose', () => cards.close());
  // Story cards share the preview cards' pool and store (server/cards/).
  const stories = openStoryCards({
    store: cards.cards.store,
    pool: cards.cards.pool,
    bus,
    log: (message, err) => app.log.warn({ err }, message),
  });
  app.addHook('onClose', async () => stories.close());
  const circles = new CircleCache(storage.circle, bus);
  // Web Push: one key pair for every instance, made by the first that starts.
  const pushKeys = config.PUSH_SERVICE_HOSTS.length > 0 ? await storage.push.vapidKeys(makeVapidKeys) : undefined;
  const notifier = pushKeys
    ? new PushNotifier({
        repository: storage.push,
        send:
          options.push?.send ??
          webPushSender({
            keys: pushKeys,
            subject: vapidSubject(config.PUBLIC_URL),
            timeoutMs: 5000,
            hosts: config.PUSH_SERVICE_HOSTS,
          }),
        hosts: config.PUSH_SERVICE_HOSTS,
        quietMs: options.push?.quietMs,
        sendDeadlineMs: options.push?.sendDeadlineMs,
        breaker: options.push?.breaker,
        perOrigin: options.push?.perOrigin,
        gameOf: (gameId) => rooms.findGame(gameId),
        log: (message, err) => app.log.warn({ err }, message),
      })
    : undefined;
  if (notifier) app.addHook('preClose', () => notifier.close());
  await registerRetention(app, {
    games,
    days: config.GAME_RETENTION_DAYS,
    plays: { rounds: storage.rounds, days: config.UNFINISHED_PLAY_DAYS },
    now: options.now,
    settle: storage.settle,
  });

  await app.register(securityHeaders, security);

  await app.register(websocket, {
    options: { maxPayload: LIVE_MAX_PAYLOAD_BYTES, perMessageDeflate: false },
    errorHandler: liveSocketErrorHandler,
    // Tell live clients we are going away (1001) so they reconnect to the next instance.
    preClose(done) {
      for (const socket of app.websocketServer.clients) socket.close(1001, 'Server shutting down');
      app.websocketServer.close();
      done();
    },
  });

  const metrics = registerMetrics(app, () => app.websocketServer.clients.size, storage.busConnected, storage.metrics);

  await app.register(healthRoute, { ping: storage.ping });
  // Moderation: the admin's API (below, under /prod) and its page (no ADMIN_TOKEN: neither exists).
  const adminAuth = config.ADMIN_TOKEN === undefined ? undefined : new AdminAuth(config.ADMIN_TOKEN);
  const moderation = new Moderation(
    games,
    storage.reports,
    (gameId) => rooms.findGame(gameId),
    storage.rounds,
    storage.notes,
  );
  const party = createPartyWing(
    { config, storage, questions: storage.questions, texts, clock: options.partyClock },
    (message, error) => app.log.warn({ err: error }, message),
  );
  await app.register(adminPage, { auth: adminAuth, moderation, parties: party.moderation });
  // Before the API's routes, which it documents.
  await registerOpenApi(app);

  const rateLimited = await registerApi(app, {
    config,
    storage,
    rooms,
    texts,
    circles,
    metrics,
    push: { keys: pushKeys, notifier },
    admin: { auth: adminAuth, moderation, parties: party.moderation },
    livePingIntervalMs: options.livePingIntervalMs,
    party,
    // A party's story cards (its folder in the card store) go with it.
    onPartyDeleted: (partyId) => cards.cards.remove(partyId),
    settle: storage.settle,
  });

  await app.register(storyRoutes, {
    stories: stories.stories,
    games: rooms,
    origin: new CardOrigin(config.PUBLIC_URL, ownOrigins(config.HOST, config.PORT), (origin) =>
      app.log.warn(
        { origin },
        'story cards link to the first address a card was asked at, for as long as this process runs; set PUBLIC_URL to choose it',
      ),
    ),
    // A party's podium card reads the party as stored (its own repository over the same database).
    findParty: (partyId) => party.repository.load(partyId),
    rateLimit: rateLimited,
  });
  const sendIndex = await registerClient(app, {
    dir: options.clientDir ?? CLIENT_DIR,
    gaMeasurementId: config.GA_MEASUREMENT_ID,
    publicUrl: config.PUBLIC_URL,
    findPreview: async (gameId) => rooms.findGame(gameId),
    cards: cards.cards,
    rateLimit: rateLimited,
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const isClientRoute =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith(`${API_PREFIX}/`) &&
      path !== API_PREFIX &&
      !path.startsWith('/assets/');
    if (sendIndex && isClientRoute) return sendIndex(reply);
    return reply.status(404).send(NOTHING_HERE);
  });

  return app;
}

/** Who push services may contact about our pushes (VAPID's subject): the public address if it is https. */
function vapidSubject(publicUrl: string | undefined): string {
  return publicUrl?.startsWith('https://') ? publicUrl : 'mailto:wavelength@localhost';
}
