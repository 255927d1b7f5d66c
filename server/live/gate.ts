/**
 * What every live WebSocket address (a game's `/live/{gameId}`, a party's `/party-live/{partyId}`)
 * checks before its upgrade, so a refusal is a plain HTTP answer: sockets per client address
 * (429), the page's origin (403), a plain GET (426); and the pinger that keeps its sockets honest.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { errorBody } from '../errors.js';
import { TurnPacer } from './pacer.js';
import { PING_SLICES, SpreadPinger } from './pinger.js';

/**
 * Sockets (of games and parties alike) that go on to be looked up, upgraded and sent their state
 * in one turn of the event loop: a reconnect storm's thousands are spread over turns (pacer.ts),
 * about 10 ms of work each, so that no request waits long behind them. One for the process: the
 * event loop is the process's.
 */
const OPENS_PER_TURN = 16;
const opens = new TurnPacer(OPENS_PER_TURN);

/** Closed sockets (of games and parties alike) whose bookkeeping runs per turn (see `afterClose`). */
const CLOSES_PER_TURN = 64;
const closes = new TurnPacer(CLOSES_PER_TURN);

export interface LiveGateOptions {
  /** Origins besides the server's own that may open a socket (a browser always sends Origin). */
  allowedOrigins: readonly string[];
  /** Open sockets one client address may hold on this address; 0 means no limit. */
  maxSocketsPerAddress: number;
  pingIntervalMs: number;
}

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

export class LiveGate {
  /** Every socket pinged once per interval, a slice at a time (see SpreadPinger). */
  readonly pinger = new SpreadPinger<WebSocket>();
  /** Live sockets open (or opening) per client address. */
  private readonly socketsPerAddress = new Map<string, number>();
  private readonly log: FastifyInstance['log'];

  constructor(
    app: FastifyInstance,
    private readonly options: LiveGateOptions,
  ) {
    this.log = app.log;
    const pings = setInterval(() => this.pinger.tick(), options.pingIntervalMs / PING_SLICES);
    pings.unref();
    app.addHook('onClose', async () => clearInterval(pings));
  }

  /** Waits for this socket's turn to be looked up and opened (see OPENS_PER_TURN). */
  turn(): Promise<void> {
    return opens.turn();
  }

  /**
   * Runs a closed socket's bookkeeping (leaving its room and pinger; a party's `presence` to the
   * others) in a later turn, CLOSES_PER_TURN per turn. When a network drop closes thousands of
   * sockets at once, Node and ws close them all in the turns that read their ends, and ours came
   * on top of that, writing `presence` to phones whose own end was not read yet (each such write
   * an EPIPE error). Paced, it runs after those ends are read, so it writes only to sockets still
   * open, and a phone that is already back is not announced as gone.
   */
  afterClose(work: () => void): void {
    closes
      .turn()
      .then(work)
      .catch((error: unknown) => this.log.warn({ err: error }, 'live socket close'));
  }

  /** Before anything is looked up: too many sockets from this address, or a foreign page. */
  refuse(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
    const { maxSocketsPerAddress, allowedOrigins } = this.options;
    if (maxSocketsPerAddress > 0 && (this.socketsPerAddress.get(request.ip) ?? 0) >= maxSocketsPerAddress) {
      return reply
        .status(429)
        .send(
          errorBody(
            'too_many_live_connections',
            'Too many live connections from your address; close some and try again.',
          ),
        );
    }
    if (!originAllowed(request, allowedOrigins)) {
      return reply.status(403).send(errorBody('origin_not_allowed', 'This origin may not open a live connection.'));
    }
    return undefined;
  }

  /**
   * Once what the socket is for exists: a plain GET (a browser tab, a probe) is told what the
   * address wants and holds no socket; an upgrade is counted against its address from here,
   * before the upgrade, so that sockets opened at once are all counted.
   */
  admit(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
    if (!request.ws) {
      return reply
        .status(426)
        .header('Upgrade', 'websocket')
        .send(
          errorBody('upgrade_required', 'This address is a live WebSocket channel; open it with a WebSocket upgrade.'),
        );
    }
    this.hold(request);
    return undefined;
  }

  /** Counts a socket against its address until its connection closes. */
  private hold(request: FastifyRequest): void {
    const address = request.ip;
    const connection = request.raw.socket as typeof request.raw.socket | null;
    // Already gone: its 'close' has been and will not come again.
    if (!connection || connection.destroyed) return;
    this.socketsPerAddress.set(address, (this.socketsPerAddress.get(address) ?? 0) + 1);
    connection.once('close', () => {
      const left = (this.socketsPerAddress.get(address) ?? 1) - 1;
      if (left > 0) this.socketsPerAddress.set(address, left);
      else this.socketsPerAddress.delete(address);
    });
  }
}
