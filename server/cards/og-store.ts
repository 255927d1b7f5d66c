import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Real game ids (ids.ts) are file names as they are; any other id gets one that no real id can be. */
const FILE_SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The generic card's folder: `~` is in no game id. */
const GENERIC_FOLDER = '~generic';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Rendered cards on disk, one folder per game (`{dir}/{gameId}/{key}.png`), so that deleting a
 * game is removing its folder. A card is written to a temporary name and renamed, so a reader
 * never sees half of one. Writes and removals run one at a time: a removal never races the
 * write of the same game, and a purge of many games never crowds libuv's thread pool, which
 * static files share.
 */
export class CardStore {
  #mutations: Promise<void> = Promise.resolve();

  constructor(readonly dir: string) {}

  folderOf(gameId: string | undefined): string {
    if (gameId === undefined) return GENERIC_FOLDER;
    if (FILE_SAFE_ID.test(gameId)) return gameId;
    return `~${createHash('sha256').update(gameId).digest('hex')}`;
  }

  /** The stored card, or undefined if there is none. */
  async read(folder: string, key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(join(this.dir, folder, `${key}.png`));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  write(folder: string, key: string, png: Buffer): Promise<void> {
    return this.#serially(async () => {
      const path = join(this.dir, folder);
      await mkdir(path, { recursive: true });
      const temporary = join(path, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(temporary, png);
      await rename(temporary, join(path, `${key}.png`));
    });
  }

  /** Removes every card of a game (there is usually one); nothing to remove is fine. */
  remove(folder: string): Promise<void> {
    return this.#serially(() => rm(join(this.dir, folder), { recursive: true, force: true }));
  }

  /** Resolves once every write and removal asked for so far has finished. */
  settled(): Promise<void> {
    return this.#mutations;
  }

  #serially(operation: () => Promise<void>): Promise<void> {
    const run = this.#mutations.then(operation);
    this.#mutations = run.catch(() => {});
    return run;
  }
}
