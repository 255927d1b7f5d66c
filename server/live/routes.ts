import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { gameIdSchema } from '../../shared/api.js';
import { errorBody, unknownGame } from '../errors.js';
import { PING_SLICES, SpreadPinger } from './pinger.js';
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

/** Same origin as the page the server itself serves, or one listed in ALLOWED_ORIGINS. */
export function originAllowed(request: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  // Only browsers send Origin, and only browsers carry a visitor's identity; other clients are fine.
  if (origin === undefined) return true;
  if (allowedOrigins.includes(origin)) return true;
  try {
    // request.host is X-Forwarded-Host when the request came through a trusted proxy.
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

export const liveRoutes: FastifyPluginAsync<LiveRoutesOptions> = async (app, options) => {
  const { rooms, allowedOrigins, pingIntervalMs, maxSocketsPerAddress, isCreator } = options;
  // Sockets opened by a creator of their game, decided before the upgrade.
  const creators = new WeakSet<FastifyRequest>();
  // Every socket pinged once per interval, a slice at a time (see SpreadPinger).
  const pinger = new SpreadPinger<WebSocket>();
  // Live sockets open (or opening) per client address.
  const socketsPerAddress = new Map<string, number>();

  /** Counts a socket against its address until its connection closes. */
  function holdAddress(request: FastifyRequest): void {
    const address = request.ip;
    const connection = request.raw.socket as typeof request.raw.socket | null;
    // Already gone: its 'close' has been and will not come again.
    if (!connection || connection.destroyed) return;
    socketsPerAddress.set(address, (socketsPerAddress.get(address) ?? 0) + 1);
    connection.once('close', () => {
      const left = (socketsPerAddress.get(address) ?? 1) - 1;
      if (left > 0) socketsPerAddress.set(address, left);
      else socketsPerAddress.delete(address);
    });
  }

  const pings = setInterval(() => pinger.tick(), pingIntervalMs / PING_SLICES);
  pings.unref();
  app.addHook('onClose', async () => clearInterval(pings));

  app.get<{ Params: { gameId: string }; Querystring: { userId?: string } }>(
    '/live/:gameId',
    {
      websocket: true,
      // Runs before the upgrade, so a refusal is a plain HTTP answer.
      preValidation: async (request, reply) => {
        if (maxSocketsPerAddress > 0 && (socketsPerAddress.get(request.ip) ?? 0) >= maxSocketsPerAddress) {
          return reply.status(429).send({
            code: 'too_many_live_connections',
            message: 'Too many live connections from your address; close some and try again.',
          });
        }
        if (!originAllowed(request, allowedOrigins)) {
          return reply
            .status(403)
            .send({ code: 'origin_not_allowed', message: 'This origin may not open a live connection.' });
        }
        const { gameId } = request.params;
        if (!gameIdSchema.safeParse(gameId).success || !(await rooms.gameExists(gameId))) {
          throw unknownGame();
        }
        // A plain GET (a browser tab, a probe) is told what the address wants, and holds no socket.
        if (!request.ws) {
          return reply
            .status(426)
            .header('Upgrade', 'websocket')
            .send(
              errorBody(
                'upgrade_required',
                'This address is a live WebSocket channel; open it with a WebSocket upgrade.',
              ),
            );
        }
        // Counted from here, before the upgrade, so that sockets opened at once are all counted.
        holdAddress(request);
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
      socket.on('close', () => {
        room.leave(socket);
        pinger.delete(socket);
      });
      await room.join(socket, creators.has(request));
    },
  );
};
