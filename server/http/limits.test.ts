import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { testApp } from '../testing/app.js';
import { BODY_LIMIT_BYTES } from './limits.js';

let app: FastifyInstance;
afterEach(() => app?.close());

/** A JSON body of exactly `bytes` bytes. */
const bodyOf = (bytes: number) => `{"userName":"${'x'.repeat(bytes - '{"userName":""}'.length)}"}`;

describe('the request body limit', () => {
  it('refuses one byte over BODY_LIMIT_BYTES with a 413 that names that limit', async () => {
    app = await testApp();
    const post = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/prod/create-game',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const atLimit = await post(bodyOf(BODY_LIMIT_BYTES));
    expect(atLimit.statusCode).toBe(400);
    const over = await post(bodyOf(BODY_LIMIT_BYTES + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      code: 'body_too_large',
      message: `The request body is too large (${BODY_LIMIT_BYTES / 1024} KiB at most).`,
    });
  });
});
