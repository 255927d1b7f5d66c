import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { modeUnlessDefault } from '../../shared/modes.js';
import type { GameEventBus } from '../events/bus.js';
import { LruCache } from '../lru.js';
import { CARD_DESIGN } from './og-card.js';
import { RenderPool } from './og-pool.js';
import { CardStore } from './og-store.js';
import type { GamePreview } from './preview.js';

/** Cards also kept in memory, by game (each 118–148 KiB, about 26 MiB in all): a link shared in a busy chat is read once. */
const MEMORY_CARDS = 200;

/** Exactly what a card shows, and nothing else of the game (no answers ever reach a worker). */
export function previewOf(game: GamePreview): GamePreview {
  return {
    creatorName: game.creatorName,
    edition: game.edition,
    lang: game.lang ?? 'en',
    ...modeUnlessDefault(game.mode),
    ...(game.pack === undefined ? {} : { pack: game.pack }),
  };
}

/**
 * Names one look of one card: what it shows (its language too) and the design it is drawn with.
 * An English card's key leaves the language out, so the cards stored before there were languages stay valid.
 */
export function cardKey(preview: GamePreview | undefined): string {
  const language = preview?.lang === undefined || preview.lang === 'en' ? [] : [preview.lang];
  // Alike leaves the mode out, so the cards stored before there were modes stay valid.
  const mode = Object.values(modeUnlessDefault(preview?.mode));
  // A game without a pack leaves it out, so the cards stored before there were packs stay valid.
  const pack = preview?.pack === undefined ? [] : [`pack:${preview.pack}`];
  const shown = preview ? [preview.creatorName, preview.edition, ...language, ...mode, ...pack] : [];
  return createHash('sha256')
    .update(JSON.stringify([CARD_DESIGN, ...shown]))
    .digest('base64url')
    .slice(0, 22);
}

/** One card being read from disk or rendered; every request for it waits on the same one. */
interface Flight {
  folder: string;
  png: Promise<Buffer>;
  /** The game was deleted meanwhile: the card is not stored. */
  removed: boolean;
}

type Log = (message: string, error: unknown) => void;

/**
 * Link-preview cards: from memory, else from disk, else rendered once by the pool and stored.
 * Concurrent requests for one card share one read and one render; a card on disk is never
 * rendered again, however many other cards pass through memory.
 */
export class Cards {
  readonly #memory = new LruCache<string, { key: string; png: Buffer }>(MEMORY_CARDS);
  readonly #flights = new Map<string, Flight>();
  #generic: Buffer | undefined;

  constructor(
    readonly store: CardStore,
    readonly pool: RenderPool,
    private readonly log: Log,
  ) {}

  /** The game's card; throws RenderQueueFull if it must be rendered and the pool is full. */
  async forGame(gameId: string, preview: GamePreview): Promise<Buffer> {
    const key = cardKey(preview);
    const folder = this.store.folderOf(gameId);
    const held = this.#memory.get(gameId);
    if (held?.key === key) {
      // Kept on disk as long as it is asked for, however long memory serves it.
      this.store.touch(folder, key);
      return held.png;
    }
    const flight = this.#flight(folder, key, preview);
    const png = await flight.png;
    if (!flight.removed) this.#memory.set(gameId, { key, png });
    return png;
  }

  /** The generic card, rendered once, ahead of the queue: it is what an overflow gets. */
  async generic(): Promise<Buffer> {
    this.#generic ??= await this.#flight(this.store.folderOf(undefined), cardKey(undefined), undefined).png;
    return this.#generic;
  }

  /** Forgets and deletes a game's cards (the game was deleted). */
  remove(gameId: string): Promise<void> {
    this.#memory.delete(gameId);
    const folder = this.store.folderOf(gameId);
    for (const flight of this.#flights.values()) if (flight.folder === folder) flight.removed = true;
    return this.store.remove(folder);
  }

  #flight(folder: string, key: string, preview: GamePreview | undefined): Flight {
    const id = `${folder}/${key}`;
    const current = this.#flights.get(id);
    if (current) return current;
    const flight: Flight = { folder, removed: false, png: Promise.resolve(Buffer.alloc(0)) };
    flight.png = this.#load(flight, key, preview).finally(() => this.#flights.delete(id));
    this.#flights.set(id, flight);
    return flight;
  }

  async #load(flight: Flight, key: string, preview: GamePreview | undefined): Promise<Buffer> {
    const stored = await this.store.read(flight.folder, key).catch((error: unknown) => {
      this.log('reading a stored link-preview card failed; rendering it', error);
      return undefined;
    });
    if (stored) return stored;
    const png = await this.pool.render(preview, { first: preview === undefined });
    if (!flight.removed) {
      // Served even if it cannot be stored (a full or read-only disk): it is rendered again next time.
      await this.store.write(flight.folder, key, png).catch((error: unknown) => {
        this.log('storing a link-preview card failed', error);
      });
    }
    return png;
  }
}

interface OpenCardsOptions {
  /** Where cards are stored (cardsDir); undefined: a temporary folder, removed on close. */
  dir: string | undefined;
  /** OG_CARDS_MAX_MB in bytes: the stored cards' bound (0: none). */
  maxBytes: number;
  /** OG_RENDER_CONCURRENCY: worker threads rendering at once. */
  concurrency: number;
  /** Deleted games' cards are removed as the bus announces them, whichever instance deleted them. */
  bus: GameEventBus;
  log: Log;
}

/** The cards of one app, and how to close them (the render threads, the bus subscription). */
export function openCards(options: OpenCardsOptions): { cards: Cards; close(): Promise<void> } {
  const temporary = options.dir === undefined;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'wavelength-cards-'));
  const store = new CardStore(dir, { maxBytes: options.maxBytes, log: options.log });
  const cards = new Cards(store, new RenderPool(options.concurrency), options.log);
  const unsubscribe = options.bus.subscribeAll((gameId, event) => {
    if (event.type !== 'deleted') return;
    cards.remove(gameId).catch((error: unknown) => options.log("removing a deleted game's card failed", error));
  });
  return {
    cards,
    async close() {
      unsubscribe();
      await cards.pool.close();
      await cards.store.settled();
      if (temporary) rmSync(dir, { recursive: true, force: true });
    },
  };
}
