import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, rmdir, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Real game ids (ids.ts) are file names as they are; any other id gets one that no real id can be. */
const FILE_SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The generic card's folder: `~` is in no game id. */
const GENERIC_FOLDER = '~generic';
/** A file system block: a file takes whole ones, and so does its game's folder. */
const BLOCK = 4096;
/** A write's temporary file this old was left by a process that stopped mid-write (another instance may be writing a newer one). */
const STALE_TEMPORARY_MS = 60 * 60_000;
/**
 * Deletions made between two writes: a long backlog (a lowered bound, or a folder from before
 * there was one) never holds a new card's write for long.
 */
const EVICTIONS_PER_TURN = 100;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * What a card of `size` bytes takes on disk: its blocks, and one more for its game's folder (a
 * game usually has one card), so that the bound holds for what `du` reports, not only for file sizes.
 */
export const diskBytes = (size: number) => Math.ceil(size / BLOCK) * BLOCK + BLOCK;

interface StoredCard {
  folder: string;
  key: string;
  bytes: number;
}

export interface CardStoreOptions {
  /** OG_CARDS_MAX_MB in bytes: past it, the least recently used cards are deleted. 0: no bound. */
  maxBytes?: number;
  log?: (message: string, error: unknown) => void;
}

/**
 * Rendered cards on disk, one folder per game (`{dir}/{gameId}/{key}.png`), so that deleting a
 * game is removing its folder. A card is written to a temporary name and renamed, so a reader
 * never sees half of one. Writes and removals run one at a time: a removal never races the
 * write of the same game, and a purge of many games never crowds libuv's thread pool, which
 * static files share.
 *
 * The folder is bounded (`maxBytes`): the store knows each card's size and when it was last used,
 * from one scan of the folder at start-up (by modification time, which a read from disk renews)
 * and from then on from its own reads and writes, never from another scan. A write that takes it
 * past the bound deletes the least recently used cards; they are rendered again if asked for.
 * Instances sharing one folder each count what they scanned, read and wrote.
 */
export class CardStore {
  #mutations: Promise<void> = Promise.resolve();
  readonly #scanned: Promise<void>;
  /** Cards on disk by `folder/key`, least recently used first (a Map keeps insertion order). */
  readonly #cards = new Map<string, StoredCard>();
  /** The same cards' ids by game folder, for removing a game's without looking at every card. */
  readonly #byFolder = new Map<string, Set<string>>();
  #bytes = 0;
  /** Cards deleted to keep under the bound, since start. */
  evictions = 0;
  readonly maxBytes: number;
  readonly #log: (message: string, error: unknown) => void;

  constructor(
    readonly dir: string,
    options: CardStoreOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? 0;
    this.#log = options.log ?? (() => {});
    // Reads and writes go on meanwhile: the scan only reads the folder, and its deletions take turns with writes.
    this.#scanned = this.#scan().catch((error: unknown) =>
      this.#log('scanning the stored link-preview cards failed', error),
    );
  }

  /** What the stored cards take on disk, as counted (see diskBytes). */
  get bytes(): number {
    return this.#bytes;
  }

  /** Cards stored, as counted. */
  get size(): number {
    return this.#cards.size;
  }

  folderOf(gameId: string | undefined): string {
    if (gameId === undefined) return GENERIC_FOLDER;
    if (FILE_SAFE_ID.test(gameId)) return gameId;
    return `~${createHash('sha256').update(gameId).digest('hex')}`;
  }

  /** The stored card, or undefined if there is none. */
  async read(folder: string, key: string): Promise<Buffer | undefined> {
    const path = this.#path(folder, key);
    let png: Buffer;
    try {
      png = await readFile(path);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    // Counted if unknown (another instance sharing the folder wrote it), and now the most recent.
    this.#use(folder, key, png.length);
    // So that the next start-up scan sees it as recently used; best effort.
    const now = new Date();
    utimes(path, now, now).catch(() => {});
    return png;
  }

  /** A card served from memory was used: it becomes the most recently used one on disk too. */
  touch(folder: string, key: string): void {
    const id = `${folder}/${key}`;
    const card = this.#cards.get(id);
    if (!card) return;
    this.#cards.delete(id);
    this.#cards.set(id, card);
  }

  write(folder: string, key: string, png: Buffer): Promise<void> {
    return this.#serially(async () => {
      const path = join(this.dir, folder);
      await mkdir(path, { recursive: true });
      const temporary = join(path, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(temporary, png);
      await rename(temporary, this.#path(folder, key));
      this.#use(folder, key, png.length);
      if (await this.#evict(`${folder}/${key}`, EVICTIONS_PER_TURN)) this.#trim();
    });
  }

  /** Removes every card of a game (there is usually one); nothing to remove is fine. */
  remove(folder: string): Promise<void> {
    return this.#serially(async () => {
      await rm(join(this.dir, folder), { recursive: true, force: true });
      for (const id of [...(this.#byFolder.get(folder) ?? [])]) this.#forget(id);
    });
  }

  /**
   * Removes the cards of a game whose keys start with one of `prefixes` (a removed friend's story
   * cards), those another instance sharing the folder wrote too; nothing to remove is fine.
   */
  removeKeys(folder: string, prefixes: readonly string[]): Promise<void> {
    const matches = (name: string) => prefixes.some((prefix) => name.startsWith(prefix));
    return this.#serially(async () => {
      const names = await readdir(join(this.dir, folder)).catch(() => [] as string[]);
      for (const name of names) {
        if (!name.endsWith('.png') || !matches(name)) continue;
        await unlink(join(this.dir, folder, name)).catch(() => {});
        this.#forget(`${folder}/${name.slice(0, -'.png'.length)}`);
      }
    });
  }

  /** Resolves once the start-up scan has counted the folder (its deletions may still be under way). */
  scanned(): Promise<void> {
    return this.#scanned;
  }

  /** Resolves once the start-up scan, its deletions and every write and removal asked for so far have finished. */
  async settled(): Promise<void> {
    await this.#scanned;
    // The start-up deletions queue their next slice as they go.
    for (let current = this.#mutations; ; current = this.#mutations) {
      await current;
      if (current === this.#mutations) return;
    }
  }

  #path(folder: string, key: string): string {
    return join(this.dir, folder, `${key}.png`);
  }

  #use(folder: string, key: string, size: number): void {
    const id = `${folder}/${key}`;
    this.#forget(id);
    this.#add(id, { folder, key, bytes: diskBytes(size) });
  }

  #add(id: string, card: StoredCard): void {
    this.#cards.set(id, card);
    this.#bytes += card.bytes;
    const ids = this.#byFolder.get(card.folder);
    if (ids) ids.add(id);
    else this.#byFolder.set(card.folder, new Set([id]));
  }

  #forget(id: string): void {
    const card = this.#cards.get(id);
    if (!card) return;
    this.#cards.delete(id);
    this.#bytes -= card.bytes;
    const ids = this.#byFolder.get(card.folder);
    ids?.delete(id);
    if (ids?.size === 0) this.#byFolder.delete(card.folder);
  }

  /** Deletes the least recently used cards until the store is within its bound; never `keep`, the card just written. */
  async #evict(keep?: string, limit = Number.POSITIVE_INFINITY): Promise<boolean> {
    if (this.maxBytes === 0) return false;
    for (let evicted = 0; this.#bytes > this.maxBytes; evicted++) {
      if (evicted === limit) return true;
      let oldest: [string, StoredCard] | undefined;
      for (const entry of this.#cards) {
        if (entry[0] === keep) continue;
        oldest = entry;
        break;
      }
      if (!oldest) return false;
      const [id, card] = oldest;
      this.#forget(id);
      this.evictions++;
      await unlink(this.#path(card.folder, card.key)).catch(() => {});
      // The game's folder goes with its last card (another card or a write in it keeps it).
      await rmdir(join(this.dir, card.folder)).catch(() => {});
    }
    return false;
  }

  /** Brings the store within its bound a slice at a time, so that writes take turns with a long backlog. */
  #trim(): void {
    void this.#serially(async () => {
      if (await this.#evict(undefined, EVICTIONS_PER_TURN)) this.#trim();
    });
  }

  /** Counts the cards already on disk, oldest first by modification time, and applies the bound. */
  async #scan(): Promise<void> {
    const found: (StoredCard & { usedAt: number })[] = [];
    const folders = await readdir(this.dir, { withFileTypes: true }).catch((error: unknown) => {
      if (isMissing(error)) return [];
      throw error;
    });
    for (const folder of folders) {
      if (!folder.isDirectory()) continue;
      const names = await readdir(join(this.dir, folder.name)).catch(() => [] as string[]);
      for (const name of names) {
        const path = join(this.dir, folder.name, name);
        const stats = await stat(path).catch(() => undefined);
        if (!stats?.isFile()) continue;
        if (name.endsWith('.tmp')) {
          if (Date.now() - stats.mtimeMs > STALE_TEMPORARY_MS) await unlink(path).catch(() => {});
        } else if (name.endsWith('.png')) {
          const key = name.slice(0, -'.png'.length);
          found.push({ folder: folder.name, key, bytes: diskBytes(stats.size), usedAt: stats.mtimeMs });
        }
      }
    }
    found.sort((a, b) => a.usedAt - b.usedAt);
    // Cards read while the scan ran are more recent than any it found: they stay last.
    const known = [...this.#cards];
    for (const [id] of known) this.#forget(id);
    const knownIds = new Set(known.map(([id]) => id));
    for (const { folder, key, bytes } of found) {
      const id = `${folder}/${key}`;
      if (!knownIds.has(id)) this.#add(id, { folder, key, bytes });
    }
    for (const [id, card] of known) this.#add(id, card);
    this.#trim();
  }

  #serially(operation: () => Promise<void>): Promise<void> {
    const run = this.#mutations.then(operation);
    this.#mutations = run.catch(() => {});
    return run;
  }
}
