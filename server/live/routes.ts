import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { gameIdSchema } from '../../shared/api.js';
import { unknownGame } from '../errors.js';
import type { GameRepository } from '../games/repository.js';
import type { ScoreBus } from './bus.js';
import { broadcastLive, sendLive } from './send.js';

export interface LiveRoutesOptions {
  games: GameRepository;
  bus: ScoreBus;
  /** Origins besides the server's own that may open a socket (a browser always sends Origin). */
  allowedOrigins: readonly string[];
  pingIntervalMs: number;
}

/** Same origin as the page the server itself serves, or one listed in ALLOWED_ORIGINS. */
function originAllowed(request: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  // Only browsers send Origin, and only browsers carry a visitor's identity; other clients are fine.
  if (origin === undefined) return true;
  if (allowedOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

export const liveRoutes: FastifyPluginAsync<LiveRoutesOptions> = async (app, options) => {
  const { games, bus, allowedOrigins, pingIntervalMs } = options;
  const alive = new WeakSet<WebSocket>();
  // One bus subscription per watched game, however many sockets watch it: a score is serialized
  // once and written to all of them.
  const watched = new Map<string, { sockets: Set<WebSocket>; unsubscribe: () => void }>();

  /** Adds a socket to its game's watchers; returns the function that removes it. */
  function watch(gameId: string, socket: WebSocket): () => void {
    let game = watched.get(gameId);
    if (!game) {
      const sockets = new Set<WebSocket>();
      const unsubscribe = bus.subscribe(gameId, (player) => broadcastLive(sockets, { type: 'player', player }));
      game = { sockets, unsubscribe };
      watched.set(gameId, game);
    }
    const { sockets, unsubscribe } = game;
    sockets.add(socket);
    return () => {
      sockets.delete(socket);
      if (sockets.size > 0) return;
      unsubscribe();
      watched.delete(gameId);
    };
  }

  // A socket that has not answered the previous ping is gone (phone asleep, network lost).
  const pinger = setInterval(() => {
    for (const socket of app.websocketServer.clients) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, pingIntervalMs);
  pinger.unref();
  app.addHook('onClose', async () => clearInterval(pinger));

  app.get<{ Params: { gameId: string } }>(
    '/live/:gameId',
    {
      websocket: true,
      // Runs before the upgrade, so a refusal is a plain HTTP answer.
      preValidation: async (request, reply) => {
        if (!originAllowed(request, allowedOrigins)) {
          return reply.status(403).send({ message: 'This origin may not open a live connection.' });
        }
        const { gameId } = request.params;
        if (!gameIdSchema.safeParse(gameId).success || !games.gameExists(gameId)) {
          throw unknownGame();
        }
      },
    },
    (socket, request) => {
      const { gameId } = request.params;
      alive.add(socket);
      socket.on('pong', () => alive.add(socket));
      // Subscribe and read the snapshot in the same tick: no score can fall between the two.
      socket.on('close', watch(gameId, socket));
      socket.on('error', (error) => request.log.debug({ err: error }, 'live socket error'));
      sendLive(socket, { type: 'snapshot', players: games.listPlayers(gameId) });
    },
  );
};
