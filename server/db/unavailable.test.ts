import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../errors.js';
import { DATABASE_UNAVAILABLE, DatabaseUnavailableError, isDatabaseUnavailable } from './unavailable.js';

/** An error as pg raises it: the server's SQLSTATE in `code`, or Node's code for a socket. */
const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a terminated backend', pgError('terminating connection due to administrator command', '57P01')],
    ['a crash shutdown', pgError('terminating connection because of crash of another server process', '57P02')],
    ['a database starting up', pgError('the database system is starting up', '57P03')],
    ['a connection exception', pgError('connection failure', '08006')],
    ['too many connections', pgError('sorry, too many clients already', '53300')],
    ['a refused connection', pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', pgError('read ECONNRESET', 'ECONNRESET')],
    ['a connection that ended under a query', pgError('Connection terminated unexpectedly')],
    ['the connect timeout', pgError('Connection terminated due to connection timeout')],
    ['a client whose connection failed', pgError('Client has encountered a connection error and is not queryable')],
    ['no connection from the pool', new DatabaseUnavailableError(pgError('timeout exceeded when trying to connect'))],
    ['every address refused', new AggregateError([pgError('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')])],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('duplicate key value violates unique constraint', '23505')],
    ['bad SQL', pgError('syntax error at or near "SELEC"', '42601')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a thrown string', 'Connection terminated unexpectedly'],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('the error handler', () => {
  async function answerTo(error: unknown) {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/', async () => {
      throw error;
    });
    const response = await app.inject({ method: 'GET', url: '/' });
    await app.close();
    return { status: response.statusCode, body: response.json() };
  }

  it('answers 503 "The database is unavailable; try again." when the connection dropped', async () => {
    expect(DATABASE_UNAVAILABLE).toEqual({
      code: 'database_unavailable',
      message: 'The database is unavailable; try again.',
    });
    expect(await answerTo(pgError('terminating connection due to administrator command', '57P01'))).toEqual({
      status: 503,
      body: DATABASE_UNAVAILABLE,
    });
    expect(await answerTo(new DatabaseUnavailableError(pgError('refused', 'ECONNREFUSED')))).toEqual({
      status: 503,
      body: DATABASE_UNAVAILABLE,
    });
  });

  it('still answers 500 for a statement the database refused', async () => {
    expect(await answerTo(pgError('duplicate key value violates unique constraint', '23505'))).toEqual({
      status: 500,
      body: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
    });
  });
});
