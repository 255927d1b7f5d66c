import { createHash } from 'node:crypto';
import type { GameEventBus } from '../events/bus.js';
import type { RenderPool } from './og-pool.js';
import type { CardStore } from './og-store.js';
import { STORY_DESIGN, type StoryCard } from './story-card.js';

type Log = (message: string, error: unknown) => void;

/** A friend's story cards are stored as `r-{playerID}-…`, the creator's as `top-…`: a removal finds them by name. */
export const resultPrefix = (playerID: string) => `r-${playerID}-`;
export const TOP_PREFIX = 'top-';
/** A party's podium card, in the party's own folder. */
export const PARTY_PREFIX = 'party-';

/** Names one look of one story card: what it shows (language and link too) and its design. */
export function storyKey(story: StoryCard, playerID?: string): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([STORY_DESIGN, story]))
    .digest('base64url')
    .slice(0, 22);
  if (story.kind === 'result') return `${resultPrefix(playerID ?? '')}${hash}`;
  return `${story.kind === 'party' ? PARTY_PREFIX : TOP_PREFIX}${hash}`;
}

interface Flight {
  folder: string;
  key: string;
  png: Promise<Buffer>;
  /** The game, or the friend, was removed meanwhile: the card is not stored. */
  removed: boolean;
}

/**
 * Story cards (1080×1920): a friend's result and the creator's top three. Rendered by the preview
 * cards' pool and kept in their store, in the game's folder, so they count in OG_CARDS_MAX_MB,
 * are evicted with the others and go with the game. A removed friend's cards, and the top-three
 * cards that may show them, are deleted as the bus announces the removal, on every instance.
 * Concurrent requests for one card share one read and one render.
 */
export class StoryCards {
  readonly #flights = new Map<string, Flight>();

  constructor(
    readonly store: CardStore,
    readonly pool: RenderPool,
    private readonly log: Log,
  ) {}

  /** The card's PNG; throws RenderQueueFull if it must be rendered and the pool is full. */
  card(gameId: string, story: StoryCard, playerID?: string): Promise<Buffer> {
    const folder = this.store.folderOf(gameId);
    const key = storyKey(story, playerID);
    const id = `${folder}/${key}`;
    const current = this.#flights.get(id);
    if (current) return current.png;
    const flight: Flight = { folder, key, removed: false, png: Promise.resolve(Buffer.alloc(0)) };
    flight.png = this.#load(flight, story).finally(() => this.#flights.delete(id));
    this.#flights.set(id, flight);
    return flight.png;
  }

  /** The game was deleted: cards being made now are not stored (the game's folder goes with og-cards.ts). */
  gameDeleted(gameId: string): void {
    this.#mark(this.store.folderOf(gameId), () => true);
  }

  /** A friend was removed: their cards and the top-three cards go. */
  playerRemoved(gameId: string, playerID: string): Promise<void> {
    const folder = this.store.folderOf(gameId);
    const prefixes = [resultPrefix(playerID), TOP_PREFIX];
    this.#mark(folder, (key) => prefixes.some((prefix) => key.startsWith(prefix)));
    return this.store.removeKeys(folder, prefixes);
  }

  #mark(folder: string, test: (key: string) => boolean): void {
    for (const flight of this.#flights.values())
      if (flight.folder === folder && test(flight.key)) flight.removed = true;
  }

  async #load(flight: Flight, story: StoryCard): Promise<Buffer> {
    const stored = await this.store.read(flight.folder, flight.key).catch((error: unknown) => {
      this.log('reading a stored story card failed; rendering it', error);
      return undefined;
    });
    if (stored) return stored;
    const png = await this.pool.render(story);
    if (!flight.removed) {
      await this.store.write(flight.folder, flight.key, png).catch((error: unknown) => {
        this.log('storing a story card failed', error);
      });
    }
    return png;
  }
}

/** Story cards over the preview cards' store and pool, kept in step with the bus; returns the unsubscribe. */
export function openStoryCards(options: { store: CardStore; pool: RenderPool; bus: GameEventBus; log: Log }): {
  stories: StoryCards;
  close(): void;
} {
  const stories = new StoryCards(options.store, options.pool, options.log);
  const close = options.bus.subscribeAll((gameId, event) => {
    if (event.type === 'deleted') stories.gameDeleted(gameId);
    else if (event.type === 'removed') {
      stories
        .playerRemoved(gameId, event.playerID)
        .catch((error: unknown) => options.log("removing a removed friend's story cards failed", error));
    }
  });
  return { stories, close };
}
