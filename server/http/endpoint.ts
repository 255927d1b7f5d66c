import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type EndpointDefinition,
  type EndpointName,
  endpoints,
  type ParsedRequestOf,
  type ReplyOf,
} from '../../shared/api.js';

/**
 * A reply already serialized as JSON (e.g. kept in a cache), typed by the call it answers. The
 * endpoint sends it as it is, so the reply schema's serializer does not run again; whoever builds
 * it writes exactly what the schema would (tests compare with the repository's answer).
 */
export class Serialized<K extends EndpointName> {
  constructor(
    readonly json: string,
    /** Only for typing: which call's reply this is. */
    readonly call?: K,
  ) {}
}

/** Handles one call of the API table: gets the validated query or body, returns the 200 reply. */
type EndpointHandler<K extends EndpointName> = (
  input: ParsedRequestOf<K>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<ReplyOf<K> | Serialized<K>>;

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
    handler: async (request, reply) => {
      const result = await handler((isGet ? request.query : request.body) as ParsedRequestOf<K>, request, reply);
      if (!(result instanceof Serialized)) return result;
      // A string with a JSON content type goes out untouched (Fastify serializes only objects).
      return reply.type('application/json; charset=utf-8').send(result.json);
    },
  });
}
