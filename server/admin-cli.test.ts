import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand, USAGE } from './admin-cli.js';
import { ROOT_DIR } from './paths.js';
import { createGame, logResponse, newUserId, persistentTestDatabase, testApp } from './testing/app.js';
import { LiveClient } from './testing/live-client.js';
import { testingOnPostgres } from './testing/postgres.js';

let dir: string;
let database: { url: string; drop(): Promise<void> };
let app: FastifyInstance;
let liveBase: string;
let port: number;
const TOKEN = 'cli-admin-token-0123456789abcdef';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wavelength-admin-cli-'));
  database = await persistentTestDatabase(dir);
  app = await testApp({ DATABASE_URL: database.url, QUESTIONS_PER_GAME: '3', ADMIN_TOKEN: TOKEN });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
  liveBase = `ws://127.0.0.1:${port}/prod/live/`;
});
afterAll(async () => {
  await app.close();
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** The command's exit code and what it printed, run against the test app's database. */
async function admin(...args: string[]) {
  return adminIn({ DATABASE_URL: database.url }, ...args);
}

async function adminIn(env: Record<string, string>, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdminCommand(args, env, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const report = (gameId: string, reason: string) =>
  app.inject({ method: 'POST', url: '/prod/report-game', payload: { gameId, reason } });

describe('npm run admin', () => {
  it('lists reported games with their counts and reasons', async () => {
    const game = await createGame(app, 'classic', [1, 2, 3], 'Cli Carla');
    await report(game.gameId, 'spam');
    await report(game.gameId, 'spam');
    await report(game.gameId, 'offensive-questions');
    const { code, out } = await admin('reports');
    expect(code).toBe(0);
    expect(out).toContain(`${game.gameId}  3 reports (offensive-questions 1, spam 2)`);
    expect(out).toContain('Classic by "Cli Carla", 0 friends');
  });

  it('deletes a game with its reports; its open screens are told at once on PostgreSQL', async () => {
    const game = await createGame(app, 'classic', [1, 2, 3]);
    await logResponse(app, game.gameId, newUserId(), [1, 2, 3], 'Bo');
    await report(game.gameId, 'other');
    const watcher = await LiveClient.open(liveBase + game.gameId);
    await watcher.message(0);

    const { code, out } = await admin('delete-game', game.gameId);
    expect(code).toBe(0);
    expect(out).toContain(`Deleted game ${game.gameId}`);
    // Through LISTEN/NOTIFY, as a deletion by another instance. SQLite's server is another process
    // that hears nothing (this environment names no ADMIN_TOKEN to reach it with): it says so.
    if (testingOnPostgres) expect(await watcher.message(1)).toEqual({ type: 'deleted' });
    else expect(out).toContain('learns of it when it restarts');
    watcher.close();
    expect((await admin('reports')).out).not.toContain(game.gameId);
    expect((await admin('find', game.gameId)).out).toBe("No game has that id, and no creator's name contains it.");

    const again = await admin('delete-game', game.gameId);
    expect(again.code).toBe(1);
    expect(again.err).toBe(`There is no game ${game.gameId}.`);
  });

  it("with the server's ADMIN_TOKEN, HOST and PORT, deletes and removes live on SQLite too", async () => {
    const env = { DATABASE_URL: database.url, ADMIN_TOKEN: TOKEN, HOST: '127.0.0.1', PORT: String(port) };
    const game = await createGame(app, 'classic', [1, 2, 3]);
    await logResponse(app, game.gameId, newUserId(), [1, 2, 3], 'Bo');
    const [bo] = (await app.inject({ url: `/prod/get-all-players?gameId=${game.gameId}` })).json().players;
    const watcher = await LiveClient.open(liveBase + game.gameId);
    await watcher.message(0);

    const removed = await adminIn(env, 'remove-player', game.gameId, bo.playerID);
    expect(removed.code).toBe(0);
    expect(await watcher.message(1)).toEqual({ type: 'removed', playerID: bo.playerID });
    const deleted = await adminIn(env, 'delete-game', game.gameId);
    expect(deleted.code).toBe(0);
    expect(await watcher.message(2)).toEqual({ type: 'deleted' });
    watcher.close();
    // The server's own cache knows: the game is gone for the next friend too.
    const join = await app.inject({ method: 'POST', url: '/prod/join-game', payload: { gameId: game.gameId } });
    expect(join.statusCode).toBe(404);
    expect((await adminIn(env, 'delete-game', game.gameId)).err).toBe(`There is no game ${game.gameId}.`);
  });

  it('finds a party and ends it, through the running server when one answers, else in the database', async () => {
    const env = { DATABASE_URL: database.url, ADMIN_TOKEN: TOKEN, HOST: '127.0.0.1', PORT: String(port) };
    const host = { userId: newUserId(), userName: 'Cliparty Host', gameType: 'Spectrum', format: 'alike' };
    const first = (await app.inject({ method: 'POST', url: '/prod/create-party', payload: host })).json();
    const found = await admin('find', 'cliparty');
    expect(found.out).toContain(`party ${first.partyId}  code ${first.code}, Spectrum alike hosted by "Cliparty Host"`);
    const live = await adminIn(env, 'end-party', first.partyId);
    expect(live).toMatchObject({
      code: 0,
      out: `Ended party ${first.partyId} (through the running server: its screens know).`,
    });
    const state = (await app.inject({ url: `/prod/get-party?partyId=${first.partyId}` })).json();
    expect(state.phase).toBe('finished');
    expect((await adminIn(env, 'end-party', first.partyId)).code).toBe(1);

    const second = (await app.inject({ method: 'POST', url: '/prod/create-party', payload: host })).json();
    const direct = await admin('end-party', second.partyId);
    expect(direct.code).toBe(0);
    expect(direct.out.split('\n')[0]).toBe(`Ended party ${second.partyId}.`);
    expect((await admin('end-party', second.partyId)).err).toBe(
      `There is no party ${second.partyId} that has not ended.`,
    );
    expect((await admin('end-party', 'x;')).code).toBe(2);
  });

  it('refuses an unknown command, a missing argument or a bad id with its usage (exit code 2)', async () => {
    for (const args of [[], ['drop-everything'], ['delete-game'], ['reports', 'extra']]) {
      const { code, err } = await admin(...args);
      expect(code, args.join(' ')).toBe(2);
      expect(err).toBe(USAGE);
    }
    const bad = await admin('delete-game', 'x;');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/is not a game id/);
  });

  it('runs as `npm run admin -- reports` from a shell', async () => {
    const run = promisify(execFile);
    const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', 'reports'], {
      cwd: ROOT_DIR,
      env: { ...process.env, DATABASE_URL: database.url },
    });
    expect(stdout).toMatch(/ reports? \(/);
  });
});
