/**
 * Web Push end to end: the built server (as `npm start` runs it) signs and encrypts a push for a
 * creator's subscription and sends it over TLS to a push service stand-in whose certificate it
 * trusts only through NODE_EXTRA_CA_CERTS; the stand-in decrypts it (RFC 8291) like a browser.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../server/paths.js';
import { freePort, type ServerProcess, spawnServer, waitForHealth } from '../server/testing/process.js';
import { type PushServiceStandIn, startPushService } from '../server/testing/push-service.js';

let service: PushServiceStandIn;
let server: ServerProcess;
const databaseFile = join(mkdtempSync(join(tmpdir(), 'wavelength-push-')), 'games.db');

async function call(path: string, body?: object) {
  const response = await fetch(`${server.url}/prod/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, json: await response.json() };
}

beforeAll(async () => {
  if (!existsSync(join(ROOT_DIR, 'dist', 'server', 'main.js'))) {
    throw new Error('dist/ is missing: run `npm run build` (npm test does it for you)');
  }
  service = await startPushService();
  const port = await freePort();
  server = spawnServer(['node', 'dist/server/main.js'], {
    PATH: process.env.PATH,
    PORT: String(port),
    DATABASE_URL: `sqlite:${databaseFile}`,
    LOG_LEVEL: 'warn',
    PUSH_SERVICE_HOSTS: service.host,
    NODE_EXTRA_CA_CERTS: service.certificateFile,
  });
  await waitForHealth(server);
});

afterAll(async () => {
  await server?.stop();
  await service?.close();
});

async function createGame(lang: string) {
  const { json } = await call('get-questions?gametype=classic');
  const userId = crypto.randomUUID();
  const questionSet = json.questions.map((q: { questionID: string }) => q.questionID);
  const created = await call('create-game', {
    userId,
    userName: 'Ada',
    questionSet,
    answerSet: questionSet.map(() => 1),
    lang,
  });
  return { gameId: created.json.gameId as string, creatorId: userId, rounds: questionSet.length as number };
}

describe('a push to a creator, through a real push service over TLS', () => {
  it('arrives signed with the server key, decrypts to the game language text, and opens the scoreboard', async () => {
    const { gameId, creatorId, rounds } = await createGame('es');
    const subscription = service.subscription('ada-phone');
    expect((await call('subscribe-push', { gameId, userId: creatorId, subscription })).json).toEqual({ ok: true });
    const { publicKey } = (await call('push-key')).json;

    const friend = await call('log-response', {
      gameId,
      playerId: crypto.randomUUID(),
      userName: 'Bo',
      responseSet: Array.from({ length: rounds }, () => 1),
    });
    expect(friend.status).toBe(200);
    await service.until(1);
    const [push] = service.received;
    expect(push.path).toBe('/push/ada-phone');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    expect(JSON.parse(subscription.decrypt(push.body))).toEqual({
      title: 'Wavelength',
      body: 'Bo jugó tu juego — 10/10',
      url: `/scoreboard/${gameId}`,
      tag: `game-${gameId}`,
    });
  });

  it("pushes to one push service carry one signed token, not a new signature each (the server's key)", async () => {
    const before = service.received.length;
    for (const [i, lang] of ['en', 'de'].entries()) {
      const { gameId, creatorId, rounds } = await createGame(lang);
      await call('subscribe-push', { gameId, userId: creatorId, subscription: service.subscription(`kept-${i}`) });
      await call('log-response', {
        gameId,
        playerId: crypto.randomUUID(),
        userName: 'Bo',
        responseSet: Array.from({ length: rounds }, () => 1),
      });
      await service.until(before + i + 1);
    }
    const [first, second] = service.received.slice(before).map((push) => push.headers.authorization);
    expect(first).toMatch(/^vapid t=/);
    expect(second).toBe(first);
  });

  it('a push service that hangs delays no answer', async () => {
    const { gameId, creatorId, rounds } = await createGame('en');
    await call('subscribe-push', { gameId, userId: creatorId, subscription: service.subscription('hung-phone') });
    service.setMode('hang');
    const before = service.received.length;
    const answer = () =>
      call('log-response', {
        gameId,
        playerId: crypto.randomUUID(),
        userName: 'Cy',
        responseSet: Array.from({ length: rounds }, () => 1),
      });
    expect((await answer()).status).toBe(200);
    // The stand-in holds this push open and never answers…
    await service.until(before + 1);
    // …while more friends' answers are stored and answered.
    const later = await Promise.all(Array.from({ length: 10 }, answer));
    expect(later.map((reply) => reply.status)).toEqual(later.map(() => 200));
    service.setMode('deliver');
  });

  it('a subscription the push service says is gone is forgotten', async () => {
    const { gameId, creatorId, rounds } = await createGame('en');
    const subscription = service.subscription('old-phone');
    await call('subscribe-push', { gameId, userId: creatorId, subscription });
    service.setMode('gone');
    const before = service.received.length;
    await call('log-response', {
      gameId,
      playerId: crypto.randomUUID(),
      userName: 'Di',
      responseSet: Array.from({ length: rounds }, () => 1),
    });
    await service.until(before + 1);
    service.setMode('deliver');
    const db = new Database(databaseFile, { readonly: true });
    try {
      const count = db.prepare('SELECT count(*) FROM push_subscriptions WHERE endpoint = ?').pluck();
      await expect.poll(() => count.get(subscription.endpoint)).toBe(0);
    } finally {
      db.close();
    }
  });
});
