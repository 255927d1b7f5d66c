import type { Pack } from '../../shared/packs.js';
import type { Edition } from '../../shared/product.js';
import { drawExcluding, type QuestionRow } from './repository.js';

/**
 * `count` distinct items of `items` (all of them if there are fewer), uniformly at random and in
 * random order, calling `random` once per item picked: a partial Fisher–Yates shuffle whose swaps
 * are kept in a Map, so the list is never copied, shuffled or sorted whatever its length.
 */
export function sample<T>(items: readonly T[], count: number, random: () => number = Math.random): T[] {
  const size = items.length;
  const picks = Math.min(count, size);
  // Position → index of the item now there, for the positions a swap moved; any other holds its own.
  const moved = new Map<number, number>();
  const picked: T[] = [];
  for (let i = 0; i < picks; i++) {
    const j = i + Math.floor(random() * (size - i));
    picked.push(items[moved.get(j) ?? j]);
    moved.set(j, moved.get(i) ?? i);
  }
  return picked;
}

export interface QuestionSource {
  /** Every active question id of the edition (of one pack, if given): read once per instance, not per draw. */
  activeIds(edition: Edition, pack?: Pack): Promise<string[]>;
  /** The active ones among `ids`, in any order. */
  activeRows(ids: string[]): Promise<QuestionRow[]>;
}

/**
 * Draws questions in O(count): the edition's active ids are kept in memory (a bank holds at most
 * MAX_BANK_QUESTIONS), `sample` picks from them, and only the picked rows are read. The database
 * is the authority: a picked id that is no longer active (another instance started with a new
 * bank) makes the ids be read again.
 */
export class QuestionDraw {
  /** By edition and pack ("spectrum" or "spectrum:deep"). */
  readonly #ids = new Map<string, Promise<string[]>>();

  constructor(
    private readonly source: QuestionSource,
    private readonly random: () => number = Math.random,
  ) {}

  /** As `QuestionRepository.draw`. */
  async draw(edition: Edition, count: number, exclude: readonly string[], pack?: Pack): Promise<QuestionRow[]> {
    const first = await this.#drawOnce(edition, count, exclude, pack);
    if (first.complete) return first.rows;
    // Another instance seeded a new bank: every list of this instance may be stale.
    this.#ids.clear();
    return (await this.#drawOnce(edition, count, exclude, pack)).rows;
  }

  async #drawOnce(edition: Edition, count: number, exclude: readonly string[], pack: Pack | undefined) {
    const ids = await this.#activeIds(edition, pack);
    const picked = await drawExcluding(count, exclude, (limit) =>
      sample(ids, limit, this.random).map((id) => ({ id })),
    );
    const rows = new Map((await this.source.activeRows(picked.map(({ id }) => id))).map((row) => [row.id, row]));
    const found = picked.flatMap(({ id }) => rows.get(id) ?? []);
    return { rows: found, complete: found.length === picked.length };
  }

  #activeIds(edition: Edition, pack: Pack | undefined): Promise<string[]> {
    const key = pack === undefined ? edition : `${edition}:${pack}`;
    let ids = this.#ids.get(key);
    if (!ids) {
      ids = this.source.activeIds(edition, pack);
      this.#ids.set(key, ids);
      // A failed read is not kept: the next draw reads again.
      ids.catch(() => this.#ids.delete(key));
    }
    return ids;
  }
}
