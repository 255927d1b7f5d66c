import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createGame, testApp } from '../testing/app.js';
import { Cards } from './og-cards.js';
import { RenderPool } from './og-pool.js';
import { CardStore, diskBytes } from './og-store.js';
import type { GamePreview } from './preview.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wavelength-card-store-test-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Every card file in the folder and what it takes on disk, read from the disk itself. */
function onDisk(dir: string): { cards: string[]; bytes: number } {
  const cards: string[] = [];
  let bytes = 0;
  for (const folder of readdirSync(dir)) {
    for (const name of readdirSync(join(dir, folder))) {
      cards.push(`${folder}/${name}`);
      bytes += diskBytes(statSync(join(dir, folder, name)).size);
    }
  }
  return { cards: cards.sort(), bytes };
}

/** A card-sized PNG stand-in. */
const png = (kib = 130) => randomBytes(kib * 1024);
const CARD = diskBytes(130 * 1024);

/** Lays down a card as an earlier process left it, last used `minutesAgo`. */
function leftCard(dir: string, folder: string, key: string, minutesAgo: number, kib = 130) {
  mkdirSync(join(dir, folder), { recursive: true });
  const path = join(dir, folder, `${key}.png`);
  writeFileSync(path, png(kib));
  const when = new Date(Date.now() - minutesAgo * 60_000);
  utimesSync(path, when, when);
}

describe('the card store bound (OG_CARDS_MAX_MB)', () => {
  it('deletes the least recently used cards once a write passes the bound', async () => {
    const store = new CardStore(tempDir(), { maxBytes: 3 * CARD });
    await store.write('GameA', 'a', png());
    await store.write('GameB', 'b', png());
    await store.write('GameC', 'c', png());
    expect(onDisk(store.dir).cards).toEqual(['GameA/a.png', 'GameB/b.png', 'GameC/c.png']);

    // A was read since: B is now the least recently used.
    expect(await store.read('GameA', 'a')).toBeDefined();
    await store.write('GameD', 'd', png());
    expect(onDisk(store.dir).cards).toEqual(['GameA/a.png', 'GameC/c.png', 'GameD/d.png']);
    // Its game's folder went with it.
    expect(existsSync(join(store.dir, 'GameB'))).toBe(false);
    expect(await store.read('GameB', 'b')).toBeUndefined();

    // However many more are written, the folder stays within the bound, counted as the disk holds it.
    for (let i = 0; i < 20; i++) await store.write(`Game${i}`, 'k', png());
    const disk = onDisk(store.dir);
    expect(disk.bytes).toBeLessThanOrEqual(3 * CARD);
    expect(store.bytes).toBe(disk.bytes);
    expect(disk.cards).toEqual(['Game17/k.png', 'Game18/k.png', 'Game19/k.png']);
    expect(store.evictions).toBe(21);
  });

  it('keeps a card larger than the bound until the next one is written', async () => {
    const store = new CardStore(tempDir(), { maxBytes: CARD });
    await store.write('Big', 'k', png(400));
    expect(onDisk(store.dir).cards).toEqual(['Big/k.png']);
    await store.write('Small', 'k', png());
    expect(onDisk(store.dir).cards).toEqual(['Small/k.png']);
  });

  it('counts a removed game out, and has no bound at 0', async () => {
    const bounded = new CardStore(tempDir(), { maxBytes: 2 * CARD });
    await bounded.write('GameA', 'a', png());
    await bounded.write('GameB', 'b', png());
    await bounded.remove('GameA');
    expect(bounded.bytes).toBe(CARD);
    // With A's bytes counted out, C fits beside B.
    await bounded.write('GameC', 'c', png());
    expect(onDisk(bounded.dir).cards).toEqual(['GameB/b.png', 'GameC/c.png']);

    const unbounded = new CardStore(tempDir(), { maxBytes: 0 });
    for (let i = 0; i < 5; i++) await unbounded.write(`Game${i}`, 'k', png());
    expect(onDisk(unbounded.dir).cards).toHaveLength(5);
    expect(unbounded.evictions).toBe(0);
  });

  it('counts the cards already on disk at start-up, oldest first, and applies the bound to them', async () => {
    const dir = tempDir();
    leftCard(dir, 'Old', 'k', 300);
    leftCard(dir, 'Older', 'k', 400);
    leftCard(dir, 'Recent', 'k', 5);
    leftCard(dir, 'Newer', 'k', 60);
    leftCard(dir, '~generic', 'g', 30);
    // A write cut short an hour and more ago, and one another instance may be making now.
    writeFileSync(join(dir, 'Old', '.k.abcdef.tmp'), png(10));
    utimesSync(
      join(dir, 'Old', '.k.abcdef.tmp'),
      new Date(Date.now() - 2 * 3_600_000),
      new Date(Date.now() - 2 * 3_600_000),
    );
    writeFileSync(join(dir, 'Recent', '.k.123456.tmp'), png(10));

    const store = new CardStore(dir, { maxBytes: 3 * CARD });
    await store.settled();
    expect(onDisk(dir).cards).toEqual(['Newer/k.png', 'Recent/.k.123456.tmp', 'Recent/k.png', '~generic/g.png']);
    expect(store.size).toBe(3);
    expect(store.bytes).toBe(3 * CARD);

    // From here on it counts its own writes: the least recent of the scanned cards goes next.
    await store.write('Fresh', 'k', png());
    expect(onDisk(dir).cards).toEqual(['Fresh/k.png', 'Recent/.k.123456.tmp', 'Recent/k.png', '~generic/g.png']);
  });

  it('deletes a long backlog a slice at a time, letting writes through between slices', async () => {
    const dir = tempDir();
    for (let i = 0; i < 350; i++) leftCard(dir, `Left${i}`, 'k', 1000 - i, 1);
    const small = diskBytes(1024);
    const store = new CardStore(dir, { maxBytes: 50 * small });
    await store.scanned();
    await store.write('Fresh', 'k', png(1));
    // The write waited for one slice of 100 deletions (and made 100 of its own), not for all 300.
    expect(readdirSync(dir).length).toBeGreaterThan(100);
    expect(readdirSync(dir)).toContain('Fresh');
    await store.settled();
    expect(onDisk(dir).bytes).toBeLessThanOrEqual(50 * small);
    expect(readdirSync(dir)).toContain('Fresh');
    expect(store.evictions).toBe(301);
  });

  it('remembers across a restart which cards were read from disk lately', async () => {
    const dir = tempDir();
    leftCard(dir, 'Read', 'k', 300);
    leftCard(dir, 'Unread', 'k', 200);
    const first = new CardStore(dir, { maxBytes: 0 });
    expect(await first.read('Read', 'k')).toBeDefined();
    await first.settled();
    await expect.poll(() => statSync(join(dir, 'Read', 'k.png')).mtimeMs).toBeGreaterThan(Date.now() - 60_000);

    const second = new CardStore(dir, { maxBytes: CARD });
    await second.settled();
    expect(onDisk(dir).cards).toEqual(['Read/k.png']);
  });
});

/** A pool that renders nothing: each card is 130 KiB of noise, made at once, and counted. */
class NoisePool extends RenderPool {
  made = 0;
  constructor() {
    super(1);
  }
  override async render(): Promise<Buffer> {
    this.made++;
    return png();
  }
}

describe('cards under the bound', () => {
  it('keep the card memory serves on disk, and render an evicted one again when asked', async () => {
    const store = new CardStore(tempDir(), { maxBytes: 2 * CARD });
    const pool = new NoisePool();
    cleanups.push(() => pool.close());
    const cards = new Cards(store, pool, () => {});
    const preview = (name: string): GamePreview => ({ creatorName: name, edition: 'classic' });

    await cards.forGame('GameA', preview('Ana'));
    await cards.forGame('GameB', preview('Bo'));
    // A is served from memory; the store still learns that it was used.
    await cards.forGame('GameA', preview('Ana'));
    await cards.forGame('GameC', preview('Cy'));
    await store.settled();
    expect(onDisk(store.dir).cards.map((card) => card.split('/')[0])).toEqual(['GameA', 'GameC']);
    expect(pool.made).toBe(3);

    // B is gone from disk (and, past the memory's 200 cards, from memory): it is rendered again.
    for (let i = 0; i < 200; i++) await cards.forGame(`Filler${i}`, preview(`Filler ${i}`));
    await cards.forGame('GameB', preview('Bo'));
    expect(pool.made).toBe(204);
    await store.settled();
    expect(onDisk(store.dir).bytes).toBeLessThanOrEqual(2 * CARD);
  });

  it('are bounded by OG_CARDS_MAX_MB (default 256) in the app, from start-up on', async () => {
    expect(loadConfig({}).OG_CARDS_MAX_MB).toBe(256);
    expect(loadConfig({ OG_CARDS_MAX_MB: '0' }).OG_CARDS_MAX_MB).toBe(0);
    expect(() => loadConfig({ OG_CARDS_MAX_MB: '1.5' })).toThrow(/^Invalid OG_CARDS_MAX_MB="1.5"/);

    const dataDir = tempDir();
    const cardsDir = join(dataDir, 'og-cards');
    // 1.5 MiB of cards left by an earlier run, each last used a day ago.
    for (let i = 0; i < 12; i++) leftCard(cardsDir, `Left${i}`, 'k', 24 * 60 - i);
    const app = await testApp({ QUESTIONS_PER_GAME: '3', DATA_DIR: dataDir, OG_CARDS_MAX_MB: '1' });
    cleanups.push(() => app.close());
    const { gameId } = await createGame(app, 'spectrum', undefined, 'Ana');
    expect((await app.inject({ method: 'GET', url: `/og/${gameId}.png` })).statusCode).toBe(200);
    await app.cards.store.settled();

    const disk = onDisk(cardsDir);
    expect(disk.bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(disk.cards).toContain(`${gameId}/${readdirSync(join(cardsDir, gameId))[0]}`);
    // The oldest left cards went first.
    expect(disk.cards).not.toContain('Left0/k.png');
    expect(disk.cards).toContain('Left11/k.png');
  });
});
