import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** A failure the caller caused, with the status and the plain sentence they get back. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 403 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** The 404 of every call that names a game that is not there. */
export const unknownGame = () => notFound('This game does not exist. Check the link you followed.');

/** Fastify's own client-error codes, mapped to the contract's statuses and sentences. */
const FASTIFY_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large (64 KiB at most).' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty; send a JSON object.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 400,
    message: 'Send the request body as JSON (Content-Type: application/json).',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'The Content-Length header does not match the body.' },
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

/** The one error handler: every failure becomes `{message}` with the right status, never a stack. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (error.validation) {
      return reply.status(400).send({ message: describeValidation(error) });
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
