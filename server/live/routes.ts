import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { gameIdSchema } from '../../shared/api.js';
import { unknownGame } from '../errors.js';
import { LiveGate } from './gate.js';
import type { Rooms } from './rooms.js';

interface LiveRoutesOptions {
  /** Each game's room owns its sockets, its snapshot and the order of its events (room.ts). */
  rooms: Rooms;
  /** Origins besides the server's own that may open a socket (a browser always sends Origin). */
  allowedOrigins: readonly string[];
  pingIntervalMs: number;
  /** Open live sockets one client address may hold (LIVE_SOCKETS_PER_ADDRESS); 0 means no limit. */
  maxSocketsPerAddress: number;
  /**
   * Whether `userId` is a creator (or co-creator) of the game: a socket opened with the creator's
   * `?userId=` hears what only creators may (`reply`). Without it, no socket does.
   */
  isCreator?: (gameId: string, userId: string) => Promise<boolean>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const liveRoutes: FastifyPluginAsync<LiveRoutesOptions> = async (app, options) => {
  const { rooms, allowedOrigins, pingIntervalMs, maxSocketsPerAddress, isCreator } = options;
  // Sockets opened by a creator of their game, decided before the upgrade.
  const creators = new WeakSet<FastifyRequest>();
  const gate = new LiveGate(app, { allowedOrigins, maxSocketsPerAddress, pingIntervalMs });
  const { pinger } = gate;

  app.get<{ Params: { gameId: string }; Querystring: { userId?: string } }>(
    '/live/:gameId',
    {
      websocket: true,
      // Runs before the upgrade, so a refusal is a plain HTTP answer.
      preValidation: async (request, reply) => {
        const refused = gate.refuse(request, reply);
        if (refused) return refused;
        await gate.turn();
        const { gameId } = request.params;
        if (!gameIdSchema.safeParse(gameId).success || !(await rooms.gameExists(gameId))) {
          throw unknownGame();
        }
        const admitted = gate.admit(request, reply);
        if (admitted) return admitted;
        // A creator's screen names its private id (never logged: logging.ts hides it); anyone else's is an ordinary socket.
        const userId = request.query.userId;
        if (isCreator && typeof userId === 'string' && UUID.test(userId)) {
          if (await isCreator(gameId, userId.toLowerCase())) creators.add(request);
        }
      },
    },
    async (socket, request) => {
      const { gameId } = request.params;
      pinger.add(socket);
      socket.on('pong', () => pinger.pong(socket));
      // The room has the socket from here on: it writes the snapshot, then the events after it.
      const room = rooms.room(gameId);
      socket.on('close', () =>
        gate.afterClose(() => {
          room.leave(socket);
          pinger.delete(socket);
        }),
      );
      await room.join(socket, creators.has(request));
    },
  );
};
