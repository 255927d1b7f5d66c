import { isIP } from 'node:net';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { MAX_QUESTIONS_PER_GAME } from '../shared/product.js';
import { parseBusUrl } from './events/bus-url.js';
import { DEFAULT_PUSH_SERVICE_HOSTS, PUSH_HOST_PATTERN } from './http/push-hosts.js';
import { SEED_DIR } from './paths.js';

const integer = (min: number, max: number) =>
  z.string().regex(/^\d+$/, { error: 'must be a whole number' }).transform(Number).pipe(z.number().min(min).max(max));

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: `false`, a number of hops, or the proxies'
 * addresses. `true` means one hop: trusting every hop would make the leftmost X-Forwarded-For
 * entry, which the client writes itself, the client's address.
 */
function parseTrustProxy(value: string, context: z.RefinementCtx): false | number | string[] {
  if (value === 'false' || value === '0') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  context.addIssue({
    code: 'custom',
    message: 'must be false, true (one hop), a number of hops, or a comma-separated list of proxy addresses/CIDRs',
  });
  return z.NEVER;
}

/** TRUST_PROXY as Fastify takes it; a hop count becomes a function because Fastify reads a bare number as "trust nobody". */
export function fastifyTrustProxy(
  trust: false | number | string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

const configSchema = z
  .object({
    PORT: integer(0, 65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: z
      .string()
      .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, { error: 'must be sqlite:<path>, sqlite::memory: or postgres://…' })
      .default('sqlite:./data/wavelength.db'),
    /**
     * PostgreSQL only: what carries game events between instances. Unset: LISTEN/NOTIFY on the
     * database itself; redis:// or rediss://: one Redis; redis+cluster://host:port,host:port (or
     * rediss+cluster://): a Redis Cluster, named by some of its nodes. Either way sharded pub/sub,
     * one channel per game (events/redis-bus.ts).
     */
    BUS_URL: z
      .string()
      .refine((url) => parseBusUrl(url) !== undefined, {
        error: 'must be redis://host:port, rediss://host:port or redis+cluster://host:port,host:port (or unset)',
      })
      .optional(),
    /** PostgreSQL connections each instance keeps in its pool (the live listener has its own). */
    DATABASE_POOL_SIZE: integer(1, 1000).default(10),
    /**
     * PostgreSQL only: how long a request waits for a database connection (a new one, or a free one
     * of the pool) before it answers 503; also bounds /healthz while the database cannot be reached.
     */
    DATABASE_CONNECT_TIMEOUT_MS: integer(100, 600_000).default(10_000),
    QUESTIONS_PER_GAME: integer(1, MAX_QUESTIONS_PER_GAME).default(10),
    GA_MEASUREMENT_ID: z
      .string()
      .regex(/^[A-Z0-9-]{4,32}$/, { error: 'must look like G-XXXXXXX' })
      .optional(),
    RATE_LIMIT_PER_MINUTE: integer(0, 1_000_000).default(300),
    /**
     * Where the server keeps files besides the database (rendered link-preview cards, in og-cards/).
     * See dataDir for the default.
     */
    DATA_DIR: z.string().min(1).optional(),
    /** Link-preview cards rendered at once, each in its own worker thread. */
    OG_RENDER_CONCURRENCY: integer(1, 64).default(1),
    /** Stored link-preview cards' bound in MiB; past it the least recently used go (0: no bound). */
    OG_CARDS_MAX_MB: integer(0, 1_000_000).default(256),
    /** A folder holding spectrum.json and classic.json that replaces the built-in banks in seed/. */
    QUESTIONS_DIR: z.string().optional(),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL like https://wavelength.example' })
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
    MAX_PLAYERS_PER_GAME: integer(1, 1_000_000).default(1000),
    /** Players (seats) one party takes at most; one more is 409 party_full. */
    PARTY_MAX_PLAYERS: integer(2, 1000).default(50),
    /** Responses one client address (its network: an IPv6 address's /64) may store per game; 0 = no cap. */
    PLAYS_PER_ADDRESS_PER_GAME: integer(0, 1_000_000).default(20),
    /** Browsers that may claim one game through its private creator link (0: the link makes nobody a creator). */
    CO_CREATORS_PER_GAME: integer(0, 10_000).default(20),
    GAME_RETENTION_DAYS: integer(0, 100_000).default(0),
    /** A friend's unfinished play (answer-round) with no round stored for this many days is deleted; 0 keeps them. */
    UNFINISHED_PLAY_DAYS: integer(0, 100_000).default(7),
    /**
     * The push services (`host`, `*.domain`, `host:port`) creators' subscriptions may point at: the
     * server sends to no other address, whatever a client hands it. `none`: Web Push is off.
     */
    PUSH_SERVICE_HOSTS: z
      .string()
      .optional()
      .transform((list) =>
        list === undefined
          ? [...DEFAULT_PUSH_SERVICE_HOSTS]
          : list.trim() === 'none'
            ? []
            : list
                .split(',')
                .map((host) => host.trim().toLowerCase())
                .filter(Boolean),
      )
      .pipe(
        z.array(
          z.string().regex(PUSH_HOST_PATTERN, {
            error:
              'must be none, or a comma-separated list of hosts like fcm.googleapis.com, *.notify.windows.com or host:port',
          }),
        ),
      ),
    LIVE_SOCKETS_PER_ADDRESS: integer(0, 1_000_000).default(50),
    REQUEST_TIMEOUT_MS: integer(100, 600_000).default(30_000),
    /** Turns on /admin and /prod/admin/… (moderation); unset, there is no admin at all (404). */
    ADMIN_TOKEN: z
      .string()
      .min(16, { error: 'must be at least 16 characters long (make one with: openssl rand -hex 24)' })
      .regex(/^\S+$/, { error: 'must not contain spaces' })
      .optional(),
    ALLOWED_ORIGINS: z
      .string()
      .default('')
      .transform((list) =>
        list
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ error: 'must be a comma-separated list of origins like https://example.com' })))
      // What browsers send in Origin: scheme, host and port, no path or trailing slash.
      .transform((urls) => urls.map((url) => new URL(url).origin)),
  })
  .superRefine((config, context) => {
    if (config.BUS_URL && config.DATABASE_URL.startsWith('sqlite:')) {
      context.addIssue({
        code: 'custom',
        path: ['BUS_URL'],
        message:
          'carries events between instances on one PostgreSQL database; SQLite is one instance, so leave it unset',
      });
    }
  });

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {}

const SECRETS = new Set(['ADMIN_TOKEN']);

/** Parses the environment once. A bad value throws one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  // An empty variable counts as unset, as in most shells and compose files.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = configSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    // A secret is never repeated, not even a wrong one (the line goes to logs).
    const value = SECRETS.has(name) ? '(hidden)' : JSON.stringify(env[name] ?? '');
    throw new ConfigError(`Invalid ${name}=${value}: ${issue.message}`);
  }
  return result.data;
}

/** The folder of question banks the server serves: QUESTIONS_DIR, else the built-in seed/. */
export function questionsDir(config: Config): string {
  return config.QUESTIONS_DIR ?? SEED_DIR;
}

/**
 * The folder the server keeps files in besides the database: DATA_DIR, else the SQLite file's
 * folder, else (PostgreSQL) ./data, where the default SQLite file lives. Undefined for an
 * in-memory SQLite database without DATA_DIR: then nothing is kept past the process.
 */
export function dataDir(config: Config): string | undefined {
  if (config.DATA_DIR) return config.DATA_DIR;
  if (!config.DATABASE_URL.startsWith('sqlite:')) return 'data';
  const file = config.DATABASE_URL.slice('sqlite:'.length);
  return file === ':memory:' ? undefined : dirname(file);
}

/** Where rendered link-preview cards are stored (undefined: a temporary folder). */
export function cardsDir(config: Config): string | undefined {
  const dir = dataDir(config);
  return dir === undefined ? undefined : join(dir, 'og-cards');
}
