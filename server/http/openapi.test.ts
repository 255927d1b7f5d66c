import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { endpoints } from '../../shared/api.js';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { testApp } from '../testing/app.js';

let app: FastifyInstance;
afterEach(() => app?.close());

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
}

interface ErrorReplyDocument {
  content: Record<string, { schema: { required: string[]; properties: { code: { enum: string[] } } } }>;
}

async function fetchDocument(): Promise<OpenApiDocument> {
  const answer = await app.inject({ method: 'GET', url: '/prod/openapi.json' });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  return answer.json();
}

describe('GET /prod/openapi.json', () => {
  it('lists every call of the endpoint table, with its method, and nothing else', async () => {
    app = await testApp();
    const document = await fetchDocument();
    const listed = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({ path, method, id: operation.operationId })),
    );
    const table = Object.entries(endpoints).map(([name, { method }]) => ({
      path: `/prod/${name}`,
      method: method.toLowerCase(),
      id: name,
    }));
    expect(listed).toEqual(expect.arrayContaining(table));
    expect(listed).toHaveLength(table.length);
    for (const { path, method } of table) {
      expect(Object.keys(document.paths[path][method].responses)).toEqual(['200', 'default']);
    }
  });

  it("says the admin's calls take ADMIN_TOKEN as a bearer token, and no other call does", async () => {
    app = await testApp();
    const document = (await fetchDocument()) as OpenApiDocument & {
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(document.components.securitySchemes.adminToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const operation of Object.values(operations) as { security?: unknown }[]) {
        expect(operation.security, path).toEqual(path.startsWith('/prod/admin/') ? [{ adminToken: [] }] : undefined);
      }
    }
  });

  it('lists every error code on the error reply of every call', async () => {
    app = await testApp();
    const document = (await fetchDocument()) as unknown as {
      paths: Record<string, Record<string, { responses: { default: ErrorReplyDocument } }>>;
    };
    for (const operations of Object.values(document.paths)) {
      for (const { responses } of Object.values(operations)) {
        const schema = responses.default.content['application/json'].schema;
        expect(schema.required).toEqual(['code', 'message']);
        expect(schema.properties.code.enum).toEqual([...ERROR_CODES]);
      }
    }
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('is a valid OpenAPI 3 document', async () => {
    app = await testApp();
    const document = await fetchDocument();
    expect(document.openapi).toMatch(/^3\./);
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it("carries the API's security headers, as every other API GET", async () => {
    app = await testApp();
    const document = await app.inject({ method: 'GET', url: '/prod/openapi.json' });
    const other = await app.inject({ method: 'GET', url: '/prod/get-questions?gametype=classic' });
    const security = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(headers).filter(([name]) => !['content-length', 'date', 'connection', 'etag'].includes(name)),
      );
    expect(security(document.headers)).toEqual(security(other.headers));
    expect(document.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('counts against the rate limit, as every other API call', async () => {
    app = await testApp({ RATE_LIMIT_PER_MINUTE: '2' });
    await app.inject({ method: 'GET', url: '/prod/get-questions?gametype=classic' });
    expect((await app.inject({ method: 'GET', url: '/prod/openapi.json' })).statusCode).toBe(200);
    const limited = await app.inject({ method: 'GET', url: '/prod/openapi.json' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'rate_limited', message: expect.stringMatching(/^Too many requests/) });
  });

  it('answers an origin of ALLOWED_ORIGINS with CORS, as every other API call', async () => {
    app = await testApp({ ALLOWED_ORIGINS: 'https://other.example' });
    const answer = await app.inject({
      method: 'GET',
      url: '/prod/openapi.json',
      headers: { origin: 'https://other.example' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('https://other.example');
  });
});
