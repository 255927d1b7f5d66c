import type { Edition } from '../../shared/product.js';
import { CLOSENESS_WASM } from './closeness-wasm.js';

/** Friends a kernel scores in one step; a column's stride is a multiple of it. */
export const KERNEL_LANES = 16;
/** Most rounds the kernels take (Classic counts matches in bytes). */
export const KERNEL_MAX_ROUNDS = 255;

type Kernel = (
  answers: number,
  rounds: number,
  columns: number,
  stride: number,
  blocks: number,
  totals: number,
) => void;
interface Exports {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  spectrum: Kernel;
  classic: Kernel;
}

/** The little of Node's WebAssembly API used here (the server's TypeScript libraries declare it with the DOM's). */
interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => unknown;
  Instance: new (module: unknown) => { exports: unknown };
}
const { Module, Instance } = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;

// 622 bytes: compiled at start-up, one instance (and one memory) for the whole process.
const exports = new Instance(new Module(Buffer.from(CLOSENESS_WASM, 'base64'))).exports as Exports;

/** Where the columns start in the kernel's memory: after the new friend's answers. */
const COLUMNS_AT = KERNEL_MAX_ROUNDS + 1;
const PAGE_BYTES = 65_536;

/** The column stride for `slots` friends. */
export const strideFor = (slots: number) => Math.ceil(slots / KERNEL_LANES) * KERNEL_LANES;

/**
 * The closeness totals (shared/score.ts's `closeness`, summed over the rounds) of a new friend
 * whose answers are `answers` with each of the first `count` slots of `columns`, into `totals`.
 * `columns` holds one column of `stride` bytes per round (the answer of each slot in that round);
 * every answer is a whole number 0..100 and there are at most KERNEL_MAX_ROUNDS rounds. Runs
 * closeness.wat: 16 friends per step, about 20 times faster than the same loop in JavaScript.
 */
export function closenessTotals(
  edition: Edition,
  answers: readonly number[],
  columns: Uint8Array,
  stride: number,
  count: number,
  totals: Int32Array,
): void {
  const rounds = answers.length;
  if (rounds > KERNEL_MAX_ROUNDS) throw new RangeError(`The kernels take at most ${KERNEL_MAX_ROUNDS} rounds.`);
  const blocks = Math.ceil(count / KERNEL_LANES);
  const totalsAt = COLUMNS_AT + rounds * stride + ((16 - ((COLUMNS_AT + rounds * stride) % 16)) % 16);
  const needed = totalsAt + blocks * KERNEL_LANES * 4;
  const { memory } = exports;
  if (memory.buffer.byteLength < needed) memory.grow(Math.ceil((needed - memory.buffer.byteLength) / PAGE_BYTES));
  const bytes = new Uint8Array(memory.buffer);
  for (let round = 0; round < rounds; round++) bytes[round] = answers[round];
  bytes.set(columns.subarray(0, rounds * stride), COLUMNS_AT);
  (edition === 'classic' ? exports.classic : exports.spectrum)(0, rounds, COLUMNS_AT, stride, blocks, totalsAt);
  totals.set(new Int32Array(memory.buffer, totalsAt, count));
}
