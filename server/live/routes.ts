import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { gameIdSchema } from '../../shared/api.js';
import { LIVE_CLOSE_UNKNOWN_GAME, type LiveMessage } from '../../shared/live.js';
import { unknownGame } from '../errors.js';
import type { GameEvent, GameEventBus } from '../events/bus.js';
import type { GameCache } from '../games/cache.js';
import { SlicedFanOut } from './fan-out.js';
import { TextFrame } from './frame.js';
import { serializeLive, writeLive } from './send.js';

export interface LiveRoutesOptions {
  /** Scoreboards kept fresh by the bus: snapshots come from there. */
  cache: GameCache;
  bus: GameEventBus;
  /** Origins besides the server's own that may open a socket (a browser always sends Origin). */
  allowedOrigins: readonly string[];
  pingIntervalMs: number;
  /** Open live sockets one client address may hold (LIVE_SOCKETS_PER_ADDRESS); 0 means no limit. */
  maxSocketsPerAddress: number;
  /** A socket's send-buffer cap in bytes (see `liveBufferLimit`). */
  maxBufferedBytes: number;
  /** Sockets written per turn of the event loop (FAN_OUT_SLICE). */
  fanOutSlice?: number;
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
  /** Framed once (UTF-8 and the WebSocket header) for all the sockets. */
  data: TextFrame;
  /** After `deleted` the socket is closed: the game is gone. */
  last: boolean;
}

function outgoing(event: LiveMessage): Outgoing {
  return { data: new TextFrame(serializeLive(event)), last: event.type === 'deleted' };
}

const DELETED = outgoing({ type: 'deleted' });

/** One socket's place among its game's watchers: what arrives before its snapshot is written waits in `queue`. */
interface Watch {
  queue: Outgoing[] | null;
}

/** The sockets watching one game: one bus subscription and one cache pin for all of them. */
interface Watchers {
  sockets: Map<WebSocket, Watch>;
  unsubscribe: () => void;
  unpin: () => void;
}

export const liveRoutes: FastifyPluginAsync<LiveRoutesOptions> = async (app, options) => {
  const { cache, bus, allowedOrigins, pingIntervalMs, maxSocketsPerAddress, maxBufferedBytes } = options;
  const alive = new WeakSet<WebSocket>();
  // One bus subscription per watched game, however many sockets watch it: an event is serialized
  // once and written to all of them.
  const watched = new Map<string, Watchers>();
  // Live sockets open (or opening) per client address.
  const socketsPerAddress = new Map<string, number>();
  // Events reach sockets after the publishing request has answered, a slice of sockets at a time.
  const fanOut = new SlicedFanOut<WebSocket>(options.fanOutSlice);

  function send(socket: WebSocket, { data, last }: Outgoing): void {
    writeLive(socket, data, maxBufferedBytes);
    if (last) socket.close(LIVE_CLOSE_UNKNOWN_GAME, 'This game was deleted.');
  }

  /** The game's snapshot message from the scoreboard cache; undefined if the game is gone. */
  async function snapshotOf(gameId: string): Promise<string | undefined> {
    return (await cache.scoreboard(gameId))?.snapshot;
  }

  /** Writes the snapshot and then what queued meanwhile, unless a newer snapshot replaced this watch. */
  function ready(watchers: Watchers, socket: WebSocket, watch: Watch, snapshot: string | undefined): void {
    const queue = watch.queue;
    if (watchers.sockets.get(socket) !== watch || !queue) return;
    watch.queue = null;
    if (snapshot === undefined) {
      send(socket, DELETED);
      return;
    }
    writeLive(socket, snapshot, maxBufferedBytes);
    for (const message of queue) send(socket, message);
  }

  /**
   * After the bus says events may have been missed: every socket of the game gets a fresh snapshot
   * (which replaces the client's list), and what arrives meanwhile waits behind it.
   */
  async function resnapshot(gameId: string, watchers: Watchers): Promise<void> {
    const fresh = new Map<WebSocket, Watch>();
    for (const socket of watchers.sockets.keys()) {
      const watch: Watch = { queue: [] };
      watchers.sockets.set(socket, watch);
      fresh.set(socket, watch);
    }
    cache.evict(gameId);
    let snapshot: string | undefined;
    try {
      snapshot = await snapshotOf(gameId);
    } catch {
      // Not known to be up to date: the clients reconnect (and get a snapshot then).
      for (const socket of fresh.keys()) socket.close(1011, 'Please reconnect.');
      return;
    }
    fanOut.push([...fresh.keys()], (socket) => ready(watchers, socket, fresh.get(socket) as Watch, snapshot));
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

  function deliver(gameId: string, watchers: Watchers, event: GameEvent): void {
    if (event.type === 'resync') {
      void resnapshot(gameId, watchers);
      return;
    }
    const message = outgoing(event);
    // The sockets watching now; one that opens later reads a snapshot that has this event.
    fanOut.push([...watchers.sockets.keys()], (socket) => {
      const watch = watchers.sockets.get(socket);
      if (!watch) return;
      if (watch.queue) watch.queue.push(message);
      else send(socket, message);
    });
  }

  /** Adds a socket to its game's watchers (its snapshot still to come); returns the function that removes it. */
  function watch(gameId: string, socket: WebSocket) {
    let watchers = watched.get(gameId);
    if (!watchers) {
      const created: Watchers = { sockets: new Map(), unsubscribe: () => {}, unpin: cache.pin(gameId) };
      created.unsubscribe = bus.subscribe(gameId, (event) => deliver(gameId, created, event));
      watchers = created;
      watched.set(gameId, watchers);
    }
    const current = watchers;
    const { sockets } = current;
    const first: Watch = { queue: [] };
    sockets.set(socket, first);
    return {
      async open() {
        ready(current, socket, first, await snapshotOf(gameId));
      },
      leave() {
        sockets.delete(socket);
        if (sockets.size > 0 || watched.get(gameId) !== current) return;
        current.unsubscribe();
        current.unpin();
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
        if (!gameIdSchema.safeParse(gameId).success || !(await cache.gameExists(gameId))) {
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
      await watcher.open();
    },
  );
};
