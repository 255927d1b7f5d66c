import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a player's private id (a bearer value): never written to logs. */
const PRIVATE_PARAMS = ['userId', 'playerId'];

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  for (const name of PRIVATE_PARAMS) if (params.has(name)) params.set(name, 'REDACTED');
  return `${url.slice(0, queryAt)}?${params.toString()}`;
}

/** pino options for the server: request lines without private ids. */
export function loggerOptions(level: string) {
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
  };
}
