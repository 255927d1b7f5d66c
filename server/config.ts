import { z } from 'zod';
import { MAX_QUESTIONS_PER_GAME } from '../shared/product.js';

const integer = (min: number, max: number) =>
  z.string().regex(/^\d+$/, { error: 'must be a whole number' }).transform(Number).pipe(z.number().min(min).max(max));

const configSchema = z.object({
  PORT: integer(0, 65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, { error: 'must be sqlite:<path>, sqlite::memory: or postgres://…' })
    .default('sqlite:./data/wavelength.db'),
  /** PostgreSQL connections each instance keeps in its pool (the live listener has its own). */
  DATABASE_POOL_SIZE: integer(1, 1000).default(10),
  QUESTIONS_PER_GAME: integer(1, MAX_QUESTIONS_PER_GAME).default(10),
  GA_MEASUREMENT_ID: z
    .string()
    .regex(/^[A-Z0-9-]{4,32}$/, { error: 'must look like G-XXXXXXX' })
    .optional(),
  RATE_LIMIT_PER_MINUTE: integer(0, 1_000_000).default(300),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  MAX_PLAYERS_PER_GAME: integer(1, 1_000_000).default(1000),
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ error: 'must be a comma-separated list of origins like https://example.com' }))),
});

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment once. A bad value throws one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  // An empty variable counts as unset, as in most shells and compose files.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = configSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`);
  }
  return result.data;
}
