import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { gameIdSchema } from '../../shared/api.js';
import { LIVE_CLOSE_UNKNOWN_GAME, type LiveMessage } from '../../shared/live.js';
import { unknownGame } from '../errors.js';
import type { GameEvent, GameEventBus } from '../events/bus.js';
import type { GameRepository } from '../games/repository.js';
import { serializeLive, writeLive } from './send.js';

export interface LiveRoutesOptions {
  games: GameRepository;
  bus: GameEventBus;
  /** Origins besides the server's own that may open a socket (a browser always sends Origin). */
  allowedOrigins: readonly string[];
  pingIntervalMs: number;
  /** Open live sockets one client address may hold (LIVE_SOCKETS_PER_ADDRESS); 0 means no limit. */
  maxSocketsPerAddress: number;
  /** A socket's send-buffer cap in bytes (see `liveBufferLimit`). */
  maxBufferedBytes: number;
}

/** Same origin as the page the server itself serves, or one listed in ALLOWED_ORIGINS. */
function originAllowed(request: FastifyRequest, allowedOrigins: readonly string[]): boolean {
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

/** An event as it goes out on the live channel: serialized once for every socket of its game. */
interface Outgoing {
  data: string;
  /** After `deleted` the socket is closed: the game is gone. */
  last: boolean;
}

function outgoing(message: LiveMessage): Outgoing {
  return { data: serializeLive(message), last: message.type === 'deleted' };
}

/**
 * The sockets watching one game. A socket still waiting for its snapshot queues what arrives
 * meanwhile. The snapshot is read and serialized once for all the sockets that open while the
 * scoreboard stays unchanged; any event of the game discards it.
 */
interface Watchers {
  sockets: Map<WebSocket, Outgoing[] | null>;
  unsubscribe: () => void;
  snapshot?: Promise<string>;
}

export const liveRoutes: FastifyPluginAsync<LiveRoutesOptions> = async (app, options) => {
  const { games, bus, allowedOrigins, pingIntervalMs, maxSocketsPerAddress, maxBufferedBytes } = options;
  const alive = new WeakSet<WebSocket>();
  // One bus subscription per watched game, however many sockets watch it: an event is serialized
  // once and written to all of them.
  const watched = new Map<string, Watchers>();
  // Live sockets open (or opening) per client address.
  const socketsPerAddress = new Map<string, number>();

  function send(socket: WebSocket, { data, last }: Outgoing): void {
    writeLive(socket, data, maxBufferedBytes);
    if (last) socket.close(LIVE_CLOSE_UNKNOWN_GAME, 'This game was deleted.');
  }

  /** The game's snapshot message, shared by every socket that asks before the next event. */
  function snapshotOf(gameId: string, watchers: Watchers): Promise<string> {
    if (watchers.snapshot) return watchers.snapshot;
    const reading = games.listPlayers(gameId).then((players) => serializeLive({ type: 'snapshot', players }));
    watchers.snapshot = reading;
    // A failed read is not kept: the next socket tries again.
    reading.catch(() => {
      if (watchers.snapshot === reading) watchers.snapshot = undefined;
    });
    return reading;
  }

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

  function deliver(watchers: Watchers, event: GameEvent): void {
    watchers.snapshot = undefined;
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
    watchers.snapshot = undefined;
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
  function watch(gameId: string, socket: WebSocket) {
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
      snapshot: () => snapshotOf(gameId, watchers),
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
        if (maxSocketsPerAddress > 0 && (socketsPerAddress.get(request.ip) ?? 0) >= maxSocketsPerAddress) {
          return reply
            .status(429)
            .send({ message: 'Too many live connections from your address; close some and try again.' });
        }
        if (!originAllowed(request, allowedOrigins)) {
          return reply.status(403).send({ message: 'This origin may not open a live connection.' });
        }
        const { gameId } = request.params;
        if (!gameIdSchema.safeParse(gameId).success || !(await games.gameExists(gameId))) {
          throw unknownGame();
        }
        // Counted from here, before the upgrade, so that sockets opened at once are all counted.
        holdAddress(request);
      },
    },
    async (socket, request) => {
      const { gameId } = request.params;
      alive.add(socket);
      socket.on('pong', () => alive.add(socket));
      // Watch first, then read the snapshot: an event landing in between is queued and sent
      // after the snapshot (clients place a player by id, so a repeat is harmless).
      const watcher = watch(gameId, socket);
      socket.on('close', watcher.leave);
      writeLive(socket, await watcher.snapshot(), maxBufferedBytes);
      watcher.ready();
    },
  );
};
