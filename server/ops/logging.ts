import type { Writable } from 'node:stream';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';

/** Query parameters that carry a player's private id (a bearer value): never written to logs. */
const PRIVATE_PARAMS = ['userId', 'playerId'];

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const query = url.slice(queryAt + 1);
  // Most queries (every hot read's) name no private id even once decoded: no parse, no rewrite.
  if (!query.includes('%') && !PRIVATE_PARAMS.some((name) => query.includes(name))) return url;
  const params = new URLSearchParams(query);
  for (const name of PRIVATE_PARAMS) if (params.has(name)) params.set(name, 'REDACTED');
  return `${url.slice(0, queryAt)}?${params.toString()}`;
}

/** The message of the one line an answered request writes (its fields: method, url, status, ms). */
export const REQUEST_MESSAGE = 'request';

/**
 * Fastify's request lines, one per request: instead of "incoming request" and "request completed",
 * a single line once the answer is sent, with the method, the URL (private ids hidden), the status,
 * the milliseconds it took and the client's address. A route's `logLevel` still applies (/healthz
 * and /metrics log at warn, so not at all at the default level).
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  // The completion line says 404 already.
  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      remoteAddress: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, REQUEST_MESSAGE);
    else reply.log.info(line, REQUEST_MESSAGE);
  }
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every pino line has, or that the readable line shows in its own place. */
const SHOWN_APART = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err']);

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

const clock = (time: number | undefined) => new Date(time ?? Date.now()).toTimeString().slice(0, 8);

/**
 * One pino JSON line as a person reads it in a terminal: `14:03:07 GET /join/abc 200 3.1 ms` for a
 * request, `14:03:07 WARN message key=value …` otherwise (info without its level), an error's
 * stack on the lines below. A line that is not JSON is passed through as it is.
 */
export function readableLine(json: string): string {
  let record: LogRecord;
  try {
    record = JSON.parse(json) as LogRecord;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = clock(record.time);
  const level = record.level ?? 30;
  const label = level === 30 ? '' : `${LEVELS[level] ?? `LEVEL ${level}`} `;
  if (record.msg === REQUEST_MESSAGE && typeof record.method === 'string') {
    const head = `${time} ${label}${record.method} ${record.url} ${record.status} ${record.ms} ms`;
    return `${head}${record.err ? `\n${errorText(record.err)}` : ''}\n`;
  }
  const fields = Object.entries(record)
    .filter(([key]) => !SHOWN_APART.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const head = [`${time} ${label}${record.msg ?? ''}`.trimEnd(), ...fields].join(' ');
  return `${head}${record.err ? `\n${errorText(record.err)}` : ''}\n`;
}

function errorText(err: NonNullable<LogRecord['err']>): string {
  const text = err.stack ?? `${err.type ?? 'Error'}: ${err.message ?? ''}`;
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}

/** A pino destination that writes each line readably (readableLine) to `out`. */
export function readableStream(out: Pick<Writable, 'write'>): { write(line: string): void } {
  return {
    write(line: string) {
      out.write(readableLine(line));
    },
  };
}

/**
 * Where JSON lines go outside a terminal: file descriptor `fd` (stdout), written asynchronously.
 * pino's default destination writes each line with its own synchronous system call on the
 * request's thread, which at the default level (one line per request) cost the hot calls more
 * than their own work (npm run bench). Here lines gather in a buffer, written (by libuv's thread
 * pool) once 4 KiB have gathered or 250 ms have passed: a busy server writes twenty lines at once.
 * pino flushes what is left synchronously when the process exits (a crash included).
 */
export function jsonDestination(fd = 1) {
  const destination = pino.destination({ dest: fd, sync: false, minLength: JSON_BUFFER_BYTES });
  // A quiet server's lines do not wait for the buffer to fill.
  const timer = setInterval(() => destination.flush(), JSON_FLUSH_MS).unref();
  destination.once('close', () => clearInterval(timer));
  return destination;
}

/** Lines are written once this many bytes have gathered, */
const JSON_BUFFER_BYTES = 4096;
/** or at the latest this many ms after they were logged. */
const JSON_FLUSH_MS = 250;

export interface LoggerSettings {
  level: string;
  /** Human-readable lines (a terminal); JSON lines otherwise. */
  readable?: boolean;
  /** Where the lines go; stdout by default. */
  out?: Pick<Writable, 'write'>;
}

/** pino options for the server: one line per request without private ids, JSON or readable. */
export function loggerOptions({ level, readable = false, out }: LoggerSettings) {
  return {
    level,
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
    hooks: {
      // Fastify logs "Server listening at …" at info on every start; main.ts prints its own line.
      logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
        if (typeof args[0] === 'string' && args[0].startsWith('Server listening at ')) return;
        method.apply(this, args);
      },
    },
    // Without `out`, JSON goes to stdout through jsonDestination.
    stream: readable ? readableStream(out ?? process.stdout) : (out ?? jsonDestination()),
  };
}
