import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type EndpointDefinition,
  type EndpointName,
  endpoints,
  type ParsedRequestOf,
  type ReplyOf,
} from '../../shared/api.js';

/** Handles one call of the API table: gets the validated query or body, returns the 200 reply. */
export type EndpointHandler<K extends EndpointName> = (
  input: ParsedRequestOf<K>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<ReplyOf<K>>;

/**
 * Registers one call of `shared/api.ts` under the plugin's prefix: its method and path, its
 * request schema (validation, 400 on failure) and its reply schema (serialization).
 */
export function endpoint<K extends EndpointName>(app: FastifyInstance, name: K, handler: EndpointHandler<K>): void {
  const definition: EndpointDefinition = endpoints[name];
  const isGet = definition.method === 'GET';
  app.route({
    method: definition.method,
    url: `/${name}`,
    schema: {
      ...(definition.method === 'GET' ? { querystring: definition.query } : { body: definition.body }),
      response: { 200: definition.reply },
    },
    // Fastify has validated (and transformed) the query or body with the table's schema above.
    handler: (request, reply) => handler((isGet ? request.query : request.body) as ParsedRequestOf<K>, request, reply),
  });
}
