import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardsDir, loadConfig } from '../config.js';
import { DAY_MS } from '../games/retention.js';
import { createGame, persistentTestDatabase, testApp } from '../testing/app.js';
import { pngSize } from '../testing/web.js';
import { Cards } from './og-cards.js';
import { QUEUE_PER_WORKER, RenderPool } from './og-pool.js';
import { CardStore } from './og-store.js';
import type { GamePreview } from './preview.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.useRealTimers();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wavelength-cards-test-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function open(env: Record<string, string>, options: Parameters<typeof testApp>[1] = {}) {
  const app = await testApp({ QUESTIONS_PER_GAME: '3', ...env }, options);
  cleanups.push(() => app.close());
  return app;
}

const card = (app: FastifyInstance, gameId: string) => app.inject({ method: 'GET', url: `/og/${gameId}.png` });
/** The files stored for a game's cards. */
const storedCards = (dataDir: string, gameId: string) => {
  const folder = join(dataDir, 'og-cards', gameId);
  return existsSync(folder) ? readdirSync(folder) : [];
};

describe('link-preview cards under load', () => {
  it('are rendered once per game, in a worker thread, however many ask at once, and kept on disk across restarts', async () => {
    const dataDir = tempDir();
    const database = await persistentTestDatabase(dataDir);
    cleanups.push(() => database.drop());
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir };
    const first = await open(env);
    const { gameId } = await createGame(first, 'spectrum', undefined, 'Ana');

    const answers = await Promise.all([card(first, gameId), card(first, gameId), card(first, gameId)]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('public, max-age=86400');
      expect(answer.rawPayload.equals(answers[0].rawPayload)).toBe(true);
    }
    expect(pngSize(answers[0].rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(first.cards.pool.renders).toBe(1);
    // The layout and the encoding ran in the pool's thread, never on the event loop's.
    expect([...first.cards.pool.renderThreads]).not.toContain(threadId);
    expect(storedCards(dataDir, gameId)).toHaveLength(1);
    await first.close();

    // A new process (or a memory that other cards have churned through) reads it from disk.
    const second = await open(env);
    const again = await card(second, gameId);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(answers[0].rawPayload)).toBe(true);
    expect(second.cards.pool.renders).toBe(0);
  });

  it('answer the generic card with no-store once the render queue is full', async () => {
    const dataDir = tempDir();
    const app = await open({ OG_RENDER_CONCURRENCY: '1', DATA_DIR: dataDir });
    const { gameId } = await createGame(app, 'classic', undefined, 'Bo');
    const generic = await app.inject({ method: 'GET', url: '/og-image.png' });
    expect(generic.statusCode).toBe(200);

    // One rendering and QUEUE_PER_WORKER waiting: the pool takes no more (closing the app ends them).
    for (let i = 0; i <= QUEUE_PER_WORKER; i++) {
      void app.cards.pool.render({ creatorName: `Filler ${i}`, edition: 'spectrum' }).catch(() => {});
    }
    const overflow = await card(app, gameId);
    expect(overflow.statusCode).toBe(200);
    expect(overflow.headers['content-type']).toBe('image/png');
    expect(overflow.headers['cache-control']).toBe('no-store');
    expect(overflow.rawPayload.equals(generic.rawPayload)).toBe(true);
    // Nothing was stored in the game's name: its own card is made once the queue has room.
    expect(storedCards(dataDir, gameId)).toEqual([]);
  });

  it('count against the rate limit of the API, in the same budget', async () => {
    const app = await open({ RATE_LIMIT_PER_MINUTE: '2' });
    expect((await card(app, 'NoSuchGame123456')).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/prod/get-questions?gametype=spectrum' })).statusCode).toBe(200);
    const limited = await card(app, 'NoSuchGame123456');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many requests; try again in \d+ s\.$/);
    expect((await app.inject({ method: 'GET', url: '/prod/get-questions?gametype=spectrum' })).statusCode).toBe(429);
  });

  it("are removed from disk when the creator deletes the game, and the game's link is a 404", async () => {
    const dataDir = tempDir();
    const app = await open({ DATA_DIR: dataDir });
    const { gameId, creatorId } = await createGame(app, 'spectrum', undefined, 'Cy');
    expect((await card(app, gameId)).statusCode).toBe(200);
    expect(storedCards(dataDir, gameId)).toHaveLength(1);

    const deleted = await app.inject({
      method: 'POST',
      url: '/prod/delete-game',
      payload: { gameId, userId: creatorId },
    });
    expect(deleted.statusCode).toBe(200);
    await app.cards.store.settled();
    expect(existsSync(join(dataDir, 'og-cards', gameId))).toBe(false);
    expect((await card(app, gameId)).statusCode).toBe(404);
  });

  it('are removed from disk with the games the retention purge deletes', async () => {
    const dataDir = tempDir();
    const database = await persistentTestDatabase(dataDir);
    cleanups.push(() => database.drop());
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir };
    vi.useFakeTimers({ toFake: ['Date'] });
    const T0 = Date.parse('2025-01-01T00:00:00.000Z');
    vi.setSystemTime(T0);
    const first = await open(env);
    const { gameId } = await createGame(first, 'classic', undefined, 'Di');
    expect((await card(first, gameId)).statusCode).toBe(200);
    expect(storedCards(dataDir, gameId)).toHaveLength(1);
    await first.close();

    const later = await open({ ...env, GAME_RETENTION_DAYS: '1' }, { now: () => T0 + 2 * DAY_MS });
    await later.cards.store.settled();
    expect(existsSync(join(dataDir, 'og-cards', gameId))).toBe(false);
  });
});

/** A pool that renders nothing: each card is its preview's text, made at once, and counted. */
class CountingPool extends RenderPool {
  readonly rendered: (GamePreview | undefined)[] = [];
  #gate: { reached(): void; open: Promise<void> } | undefined;

  constructor() {
    super(1);
  }

  /** Renders from now on wait for `release`; `arrived` resolves when the first one starts. */
  holdRenders() {
    let release = () => {};
    let reached = () => {};
    const open = new Promise<void>((resolve) => {
      release = resolve;
    });
    const arrived = new Promise<void>((resolve) => {
      reached = resolve;
    });
    this.#gate = { reached, open };
    return { arrived, release };
  }

  override async render(preview: GamePreview | undefined): Promise<Buffer> {
    this.rendered.push(preview);
    if (this.#gate) {
      this.#gate.reached();
      await this.#gate.open;
    }
    return Buffer.from(JSON.stringify(preview ?? 'generic'));
  }
}

function cardsOnDisk() {
  const store = new CardStore(tempDir());
  const pool = new CountingPool();
  cleanups.push(() => pool.close());
  return { store, pool, cards: new Cards(store, pool, () => {}) };
}

describe('the card store', () => {
  it('never renders a card twice, even after more games than memory holds', async () => {
    const { pool, cards } = cardsOnDisk();
    const ana = { creatorName: 'Ana', edition: 'spectrum' } as const;
    const first = await cards.forGame('AnaGame', ana);
    for (let i = 0; i < 250; i++) await cards.forGame(`Game${i}`, { creatorName: `Friend ${i}`, edition: 'classic' });
    expect(pool.rendered).toHaveLength(251);
    expect((await cards.forGame('AnaGame', ana)).equals(first)).toBe(true);
    expect(pool.rendered).toHaveLength(251);
    // A new name is a new card.
    await cards.forGame('AnaGame', { ...ana, creatorName: 'Ana María' });
    expect(pool.rendered).toHaveLength(252);
  });

  it('shares one render among concurrent requests, and stores nothing for a game deleted meanwhile', async () => {
    const { store, pool, cards } = cardsOnDisk();
    const { arrived, release } = pool.holdRenders();
    const preview = { creatorName: 'Ed', edition: 'classic' } as const;
    const waiting = Promise.all([cards.forGame('EdGame', preview), cards.forGame('EdGame', preview)]);
    await arrived;
    const removed = cards.remove('EdGame');
    release();
    const [one, two] = await waiting;
    expect(one.equals(two)).toBe(true);
    expect(pool.rendered).toHaveLength(1);
    await removed;
    await store.settled();
    expect(existsSync(join(store.dir, 'EdGame'))).toBe(false);
  });

  it('keeps odd ids inside its folder', () => {
    const store = new CardStore('/cards');
    expect(store.folderOf('AbC_-123')).toBe('AbC_-123');
    expect(store.folderOf('../../etc')).toMatch(/^~[0-9a-f]{64}$/);
    expect(store.folderOf(undefined)).toBe('~generic');
  });
});

describe('DATA_DIR', () => {
  it("defaults to the SQLite file's folder, ./data with PostgreSQL, and a temporary folder in memory", () => {
    expect(cardsDir(loadConfig({ DATABASE_URL: 'sqlite:/srv/db/games.db' }))).toBe('/srv/db/og-cards');
    expect(cardsDir(loadConfig({ DATABASE_URL: 'postgres://db/wavelength' }))).toBe(join('data', 'og-cards'));
    expect(cardsDir(loadConfig({ DATABASE_URL: 'sqlite::memory:' }))).toBeUndefined();
    expect(cardsDir(loadConfig({ DATABASE_URL: 'sqlite::memory:', DATA_DIR: '/srv/data' }))).toBe('/srv/data/og-cards');
    expect(loadConfig({}).OG_RENDER_CONCURRENCY).toBe(1);
    expect(() => loadConfig({ OG_RENDER_CONCURRENCY: '0' })).toThrow(/^Invalid OG_RENDER_CONCURRENCY="0"/);
  });
});
