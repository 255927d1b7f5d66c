import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { gameIdSchema } from '../../shared/api.js';
import { unknownGame } from '../errors.js';
import type { GameRepository } from '../games/repository.js';
import type { ScoreBus } from './bus.js';
import { sendLive } from './send.js';

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
      const unsubscribe = bus.subscribe(gameId, (player) => sendLive(socket, { type: 'player', player }));
      socket.on('close', unsubscribe);
      socket.on('error', (error) => request.log.debug({ err: error }, 'live socket error'));
      sendLive(socket, { type: 'snapshot', players: games.listPlayers(gameId) });
    },
  );
};
