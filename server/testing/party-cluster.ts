/**
 * Two (or more) real server processes on one new PostgreSQL database and one bus, and phones that
 * play a party on them and move to a live instance when theirs dies: for the party-clock failover
 * test (server/party/failover.postgres.test.ts), the cross-instance kick test
 * (server/party/kick-instances.postgres.test.ts) and bench (bench/party-failover.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { WebSocket } from 'ws';
import { PARTY_CLOSE_KICKED, PARTY_CLOSE_UNKNOWN } from '../../shared/party.js';
import { ROOT_DIR } from '../paths.js';
import { createTestDatabase, type TestDatabase } from './postgres.js';
import { freePort, type ServerProcess, spawnServer, waitForHealth } from './process.js';

const ENTRY = `${ROOT_DIR}/bench/kill-instance.ts`;

export interface PartyCluster {
  database: TestDatabase;
  /** The instances by slot; undefined while one is down. */
  servers: (ServerProcess | undefined)[];
  /** Starts slot `index` (again). */
  start(index: number): Promise<ServerProcess>;
  /** SIGKILL: no shutdown, no lease given up. */
  kill(index: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * `count` instances on a new database (`given`, or a test one), over LISTEN/NOTIFY or (with
 * `redisUrl`) Redis on a channel of their own.
 */
export async function partyCluster(count: number, redisUrl?: string, given?: TestDatabase): Promise<PartyCluster> {
  const database = given ?? (await createTestDatabase());
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '4',
    ...(redisUrl ? { BUS_URL: redisUrl } : {}),
    KILL_BUS_CHANNEL: `wl_party_${randomBytes(6).toString('hex')}`,
    RATE_LIMIT_PER_MINUTE: '0',
    LIVE_SOCKETS_PER_ADDRESS: '0',
    LOG_LEVEL: process.env.PARTY_CLUSTER_LOG_LEVEL ?? 'error',
  };
  const servers: (ServerProcess | undefined)[] = Array.from({ length: count }, () => undefined);
  const start = async (index: number) => {
    // Node itself, with no wrapper: SIGKILL must reach the instance.
    const server = spawnServer([process.execPath, '--import', 'tsx', ENTRY], {
      ...env,
      PORT: String(await freePort()),
    });
    servers[index] = server;
    await waitForHealth(server, 60_000);
    return server;
  };
  const cluster: PartyCluster = {
    database,
    servers,
    start,
    async kill(index) {
      const server = servers[index];
      servers[index] = undefined;
      server?.proc.kill('SIGKILL');
      await server?.exited;
    },
    async close() {
      await Promise.all(servers.map((server) => server?.stop()));
      await database.drop();
    },
  };
  try {
    await Promise.all(servers.map((_, index) => start(index)));
  } catch (error) {
    await cluster.close();
    throw error;
  }
  return cluster;
}

export async function post(server: ServerProcess, path: string, payload: object) {
  const response = await fetch(`${server.url}/prod/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A party made on `server` by `hostUserId` (Ada, Spectrum): its partyId. */
export async function createParty(server: ServerProcess, hostUserId: string, settings: object): Promise<string> {
  const created = await post(server, 'create-party', {
    userId: hostUserId,
    userName: 'Ada',
    gameType: 'Spectrum',
    ...settings,
  });
  if (created.status !== 200) throw new Error(`create-party: ${created.status} ${JSON.stringify(created.body)}`);
  return String(created.body.partyId);
}

/** The answers stored for a party, as `round/playerID`. */
export async function storedAnswers(cluster: PartyCluster, partyId: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: cluster.database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ round: number; player_id: string }>(
      'SELECT round, player_id FROM party_answers WHERE party_id = $1 ORDER BY round, player_id',
      [partyId],
    );
    return rows.map((row) => `${row.round}/${row.player_id}`);
  } finally {
    await client.end();
  }
}

export type PartyFrame = Record<string, unknown> & { type: string; seq: number; phase?: string; round?: number };

/**
 * A player's phone: one socket at a time, on the instance it is given; when that socket drops
 * (its instance died), it opens one on a live instance and says hello again, as the client does;
 * and, as the client does, not after a close that says it was kicked or the party is gone.
 */
export class Phone {
  /** Every frame, with the socket it came on (0, 1, … one per connection). */
  readonly frames: { socket: number; at: number; message: PartyFrame }[] = [];
  /** The close code of each socket that closed, in order. */
  readonly closes: number[] = [];
  private sockets = 0;
  private socket: WebSocket | undefined;
  private closed = false;
  private waiters: (() => void)[] = [];

  constructor(
    readonly name: string,
    readonly partyId: string,
    /** The instances to try, in order, when a socket must be opened. */
    private readonly live: () => ServerProcess[],
    readonly userId: string = randomUUID(),
  ) {}

  /** Opens a socket on `server` and says hello. */
  connect(server: ServerProcess): Promise<void> {
    const index = this.sockets++;
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/prod/party-live/${this.partyId}`);
      this.socket = socket;
      socket.on('open', () => {
        socket.send(JSON.stringify({ type: 'hello', userId: this.userId }));
        resolve();
      });
      socket.on('message', (data) => {
        this.frames.push({ socket: index, at: Date.now(), message: JSON.parse(String(data)) as PartyFrame });
        this.wake();
      });
      socket.on('error', reject);
      socket.on('close', (code) => {
        this.closes.push(code);
        this.wake();
        if (this.closed || this.socket !== socket) return;
        if (code === PARTY_CLOSE_KICKED || code === PARTY_CLOSE_UNKNOWN) return;
        void this.reconnect();
      });
    });
  }

  private async reconnect(): Promise<void> {
    for (let attempt = 0; !this.closed; attempt++) {
      const servers = this.live();
      const server = servers[attempt % Math.max(1, servers.length)];
      if (server) {
        try {
          await this.connect(server);
          return;
        } catch {
          // Not listening (it is the dead one, or not up yet): the next one.
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  private wake(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** `look()` once it is defined (looked at again after every frame and close), within `timeoutMs`. */
  private async until<T>(look: () => T | undefined, timeoutMs: number, what: () => string): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = look();
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${this.name}: ${what()} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The first frame from index `from` on that matches, within `timeoutMs`. */
  next(match: (message: PartyFrame) => boolean, timeoutMs: number, from = 0): Promise<PartyFrame> {
    return this.until(
      () => this.frames.slice(from).find((frame) => match(frame.message))?.message,
      timeoutMs,
      () => {
        const last = this.frames.at(-1)?.message;
        const was = last ? `${last.type} ${last.seq} ${last.round ?? ''}/${last.phase ?? ''}` : 'none';
        return `no such frame (the last: ${was})`;
      },
    );
  }

  /** The close code of its `index`-th socket to close (0: the first), within `timeoutMs`. */
  closeCode(index: number, timeoutMs: number): Promise<number> {
    return this.until(
      () => this.closes[index],
      timeoutMs,
      () => `no close number ${index + 1}`,
    );
  }

  /** `round/phase` each time a `party` frame shows another one than the frame before. */
  phases(): string[] {
    const phases: string[] = [];
    for (const { message } of this.frames) {
      if (message.type !== 'party') continue;
      const phase = `${message.round}/${message.phase}`;
      if (phases.at(-1) !== phase) phases.push(phase);
    }
    return phases;
  }

  /**
   * Whether seqs only grew: a small message's is above the last one seen; a whole state (`party`:
   * an opening, a hello, a sync, on this socket or a new one) may repeat it, never go below.
   */
  seqsInOrder(): boolean {
    let last = -1;
    for (const { message } of this.frames) {
      if (message.type === 'party' ? message.seq < last : message.seq <= last) return false;
      last = message.seq;
    }
    return true;
  }

  /** Closes its socket and opens one on `server` (a player who reloads on another instance). */
  async moveTo(server: ServerProcess): Promise<void> {
    const socket = this.socket;
    this.socket = undefined;
    socket?.close();
    await this.connect(server);
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
  }
}
