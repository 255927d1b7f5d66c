import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { gameIdSchema } from '../../shared/api.js';
import { LIVE_CLOSE_UNKNOWN_GAME, type LiveMessage } from '../../shared/live.js';
import { unknownGame } from '../errors.js';
import type { GameEvent, GameEventBus } from '../events/bus.js';
import type { GameRepository } from '../games/repository.js';
import { sendLive, writeLive } from './send.js';

export interface LiveRoutesOptions {
  games: GameRepository;
  bus: GameEventBus;
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

/** An event as it goes out on the live channel: serialized once for every socket of its game. */
interface Outgoing {
  data: string;
  /** After `deleted` the socket is closed: the game is gone. */
  last: boolean;
}

function outgoing(message: LiveMessage): Outgoing {
  return { data: JSON.stringify(message), last: message.type === 'deleted' };
}

function send(socket: WebSocket, { data, last }: Outgoing): void {
  writeLive(socket, data);
  if (last) socket.close(LIVE_CLOSE_UNKNOWN_GAME, 'This game was deleted.');
}

/** The sockets watching one game. A socket still waiting for its snapshot queues what arrives meanwhile. */
interface Watchers {
  sockets: Map<WebSocket, Outgoing[] | null>;
  unsubscribe: () => void;
}

export const liveRoutes: FastifyPluginAsync<LiveRoutesOptions> = async (app, options) => {
  const { games, bus, allowedOrigins, pingIntervalMs } = options;
  const alive = new WeakSet<WebSocket>();
  // One bus subscription per watched game, however many sockets watch it: an event is serialized
  // once and written to all of them.
  const watched = new Map<string, Watchers>();

  function deliver(watchers: Watchers, event: GameEvent): void {
    const message = outgoing(event);
    for (const [socket, queue] of watchers.sockets) {
      if (queue) queue.push(message);
      else send(socket, message);
    }
  }

  /**
   * Events may have been missed (the bus reconnected): every socket of the game gets a fresh
   * snapshot. As on open, sockets hold what arrives meanwhile until their snapshot is out.
   */
  async function resync(gameId: string, watchers: Watchers): Promise<void> {
    const held = new Set<WebSocket>();
    for (const [socket, queue] of watchers.sockets) {
      if (queue) continue;
      watchers.sockets.set(socket, []);
      held.add(socket);
    }
    let snapshot: Outgoing | undefined;
    try {
      snapshot = outgoing({ type: 'snapshot', players: await games.listPlayers(gameId) });
    } catch (error) {
      app.log.warn({ err: error, gameId }, 'live resync failed; closing the sockets so that clients reconnect');
    }
    for (const [socket, queue] of watchers.sockets) {
      if (!snapshot) {
        socket.close(1011, 'Please reconnect.');
      } else if (held.has(socket)) {
        watchers.sockets.set(socket, null);
        send(socket, snapshot);
        for (const message of queue ?? []) send(socket, message);
      } else {
        // Still waiting for its first snapshot, which may predate the gap: this one follows it.
        queue?.push(snapshot);
      }
    }
  }

  /** Adds a socket to its game's watchers (its snapshot still to come); returns the function that removes it. */
  function watch(gameId: string, socket: WebSocket): { ready: () => void; leave: () => void } {
    let watchers = watched.get(gameId);
    if (!watchers) {
      const created: Watchers = { sockets: new Map(), unsubscribe: () => {} };
      created.unsubscribe = bus.subscribe(gameId, (event) => {
        if (event.type === 'resync') void resync(gameId, created);
        else deliver(created, event);
      });
      watchers = created;
      watched.set(gameId, watchers);
    }
    const { sockets, unsubscribe } = watchers;
    sockets.set(socket, []);
    return {
      ready() {
        const queue = sockets.get(socket);
        if (!queue) return;
        sockets.set(socket, null);
        for (const message of queue) send(socket, message);
      },
      leave() {
        sockets.delete(socket);
        if (sockets.size > 0 || watched.get(gameId) !== watchers) return;
        unsubscribe();
        watched.delete(gameId);
      },
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
        if (!gameIdSchema.safeParse(gameId).success || !(await games.gameExists(gameId))) {
          throw unknownGame();
        }
      },
    },
    async (socket, request) => {
      const { gameId } = request.params;
      alive.add(socket);
      socket.on('pong', () => alive.add(socket));
      socket.on('error', (error) => request.log.debug({ err: error }, 'live socket error'));
      // Watch first, then read the snapshot: an event landing in between is queued and sent
      // after the snapshot (clients place a player by id, so a repeat is harmless).
      const watcher = watch(gameId, socket);
      socket.on('close', watcher.leave);
      const players = await games.listPlayers(gameId);
      sendLive(socket, { type: 'snapshot', players });
      watcher.ready();
    },
  );
};
