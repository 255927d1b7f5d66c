import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '../shared/error-codes.js';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from './db/unavailable.js';
import { BODY_LIMIT_BYTES } from './http/limits.js';

/** The body of an error answer: its stable code and its English sentence (shared/error-codes.ts). */
export const errorBody = (code: ErrorCode, message: string): ErrorBody => ({ code, message });

/** A failure the caller caused, with the status, the code and the plain sentence they get back. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 429,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (code: ErrorCode, message: string) => new HttpError(400, code, message);
export const forbidden = (code: ErrorCode, message: string) => new HttpError(403, code, message);
export const notFound = (code: ErrorCode, message: string) => new HttpError(404, code, message);
export const conflict = (code: ErrorCode, message: string) => new HttpError(409, code, message);
/** The 404 of an address nothing answers. Never repeats the address: it is raw input. */
export const NOTHING_HERE = errorBody('not_found', 'There is nothing at this address.');
/** The 404 of get-score and get-comparison for a friend the creator removed (their response stays, hidden). */
export const removedFriend = () => notFound('removed_friend', 'The creator removed you from this game.');
/** The 404 of every call that names a game that is not there. */
export const unknownGame = () => notFound('unknown_game', 'This game does not exist. Check the link you followed.');
/** The 500 of a failure of ours: never a stack, never the cause. */
const INTERNAL_ERROR = errorBody('internal_error', 'Something went wrong on our side. Please try again.');

/** Fastify's own client-error codes, mapped to the statuses, codes and sentences of the API's error table. */
const FASTIFY_ERRORS: Record<string, { status: number; body: ErrorBody }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    body: errorBody('body_too_large', `The request body is too large (${BODY_LIMIT_BYTES / 1024} KiB at most).`),
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    body: errorBody('invalid_json', 'The request body is not valid JSON.'),
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    body: errorBody('empty_body', 'The request body is empty; send a JSON object.'),
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 400,
    body: errorBody('not_json', 'Send the request body as JSON (Content-Type: application/json).'),
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    body: errorBody('content_length_mismatch', 'The Content-Length header does not match the body.'),
  },
};

function describeValidation(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const where = error.validationContext === 'querystring' ? 'query parameter' : 'field';
    // zod reports a missing field as "expected string, received undefined"; say it plainly.
    const message = /received undefined/.test(first.message) ? 'is required' : first.message;
    return field ? `The ${where} "${field}" ${message}.` : `The request ${message}.`;
  }
  return 'The request is not valid.';
}

/** The one error handler: every failure becomes `{code,message}` with the right status, never a stack. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message));
    }
    if (error.validation) {
      return reply.status(400).send(errorBody('validation_failed', describeValidation(error)));
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send(known.body);
    // The rate limit's 429 (its errorResponseBuilder in app.ts) carries its own code.
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody('rate_limited', error.message));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody('invalid_request', error.message));
    }
    // A restart, a failover, a dropped connection: nothing is wrong with the request; try again.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ reason: error.message }, 'database unavailable');
      return reply.status(503).send(DATABASE_UNAVAILABLE);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(INTERNAL_ERROR);
  });
}

/**
 * Fastify's own routing failures, answered before any hook runs (so `headersFor` gives the
 * security headers of the address): a URL that does not decode, a path parameter over 100 characters.
 */
export function frameworkErrorHandler(headersFor: (url: string) => Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(headersFor(request.url));
    // A refused WebSocket upgrade has no HTTP connection to go back to: close it once answered
    // (Node's server no longer watches it, so nothing else would).
    if (request.headers.upgrade !== undefined) {
      reply.header('Connection', 'close');
      reply.raw.once('finish', () => request.raw.socket.destroy());
    }
    if (error.code === 'FST_ERR_BAD_URL') {
      return reply.status(400).send(errorBody('bad_url', 'The address is not valid (bad URL encoding).'));
    }
    // A parameter this long is no game id, no question id: nothing is there.
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(404).send(NOTHING_HERE);
    request.log.error({ err: error }, 'routing failed');
    return reply.status(500).send(INTERNAL_ERROR);
  };
}

/** What Node's HTTP parser refuses before Fastify sees a request, with its status in the API's error table. */
function describeClientError(code: string): { status: number; body: ErrorBody } {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, body: errorBody('headers_too_large', 'The request headers are too large.') };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      status: 408,
      body: errorBody('request_timeout', 'The request did not arrive in time; please try again.'),
    };
  }
  return { status: 400, body: errorBody('bad_http', 'The request is not valid HTTP.') };
}

/**
 * The Node server's `clientError` (oversized headers, a request that did not arrive within the
 * request timeout, unparsable HTTP): a minimal `{code,message}` answer with the security headers, then
 * the connection is closed.
 */
export function clientErrorHandler(headers: Record<string, string>) {
  return function (this: FastifyInstance, error: ConnectionError, socket: Socket): void {
    // A reset connection is gone: nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, body: answer } = describeClientError(error.code);
    this.log.debug({ code: error.code, status }, 'client error');
    if (socket.writable) {
      const body = JSON.stringify(answer);
      const lines = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: close',
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroySoon();
  };
}
