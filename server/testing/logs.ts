import { Writable } from 'node:stream';

/** One pino log line as JSON. */
interface LogLine {
  level: number;
  msg?: string;
  err?: unknown;
  [field: string]: unknown;
}

/** pino's level number for `error`: lines at or above it are what an operator is paged for. */
export const ERROR_LEVEL = 50;

/** A pino destination that keeps every log line, for tests that check what the server logged. */
export function capturedLogs(level = 'info') {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level, stream } };
}
