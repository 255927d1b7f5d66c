import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { endpoints } from '../../shared/api.js';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { PRODUCT_NAME } from '../../shared/product.js';
import { ROOT_DIR } from '../paths.js';

/** Where the API lives: every call of the table is `${API_PREFIX}/${name}`. */
const API_PREFIX = '/prod';

/** Every error of the API, whatever its status (see `registerErrorHandler`). */
const errorReply = {
  description:
    'An error: a stable snake_case code to act on and translate by, and a plain English sentence, never a stack trace.',
  type: 'object',
  properties: {
    code: { type: 'string', enum: ERROR_CODES },
    message: { type: 'string' },
  },
  required: ['code', 'message'],
  additionalProperties: false,
};

type Transform = typeof jsonSchemaTransform;

/** Only the calls of the endpoint table are documented (not pages, files, metrics or the live channel). */
const tableOnly: Transform = (input) => {
  const name = input.url.startsWith(`${API_PREFIX}/`) ? input.url.slice(API_PREFIX.length + 1) : '';
  if (!Object.hasOwn(endpoints, name)) return { schema: { hide: true }, url: input.url };
  const { schema, url } = jsonSchemaTransform(input);
  const response = { ...(schema.response as Record<string, unknown>), default: errorReply };
  // The admin's calls take ADMIN_TOKEN as a bearer token (server/admin/).
  const security = name.startsWith('admin/') ? { security: [{ adminToken: [] }] } : {};
  return { schema: { ...schema, operationId: name, response, ...security }, url };
};

/**
 * Collects the routes for the API's OpenAPI document, generated from the endpoint table's zod
 * schemas (the same ones that validate and serialize). Register it before the routes: it sees
 * the routes registered after it. Nothing is generated until the document is first asked for.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const { version } = JSON.parse(readFileSync(join(ROOT_DIR, 'package.json'), 'utf8')) as { version: string };
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_NAME} API`,
        version,
        description: 'Every call is under /prod, JSON in and out. The live channel (a WebSocket) is not listed.',
      },
      components: {
        securitySchemes: {
          adminToken: {
            type: 'http',
            scheme: 'bearer',
            description: "The server's ADMIN_TOKEN. Without ADMIN_TOKEN the admin's calls answer 404.",
          },
        },
      },
    },
    transform: tableOnly,
  });
}

/**
 * `GET /openapi.json` under the API's prefix, so that the API's security headers, CORS and rate
 * limit apply to it as to every other call. The document is built once, on the first request.
 */
export const openApiRoute: FastifyPluginAsync = async (api) => {
  let document: string | undefined;
  api.get('/openapi.json', async (_request, reply) => {
    document ??= JSON.stringify(api.swagger());
    return reply.type('application/json; charset=utf-8').send(document);
  });
};
