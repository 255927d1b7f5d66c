import { describe, expect, it } from 'vitest';
import { FAN_OUT_SLICE, SlicedFanOut } from './fan-out.js';

/** A deferral the test runs by hand: each call is one turn of the event loop given back. */
function manualDefer() {
  const steps: (() => void)[] = [];
  return {
    defer: (step: () => void) => steps.push(step),
    get waiting() {
      return steps.length;
    },
    /** Runs the next deferred step. */
    turn() {
      const step = steps.shift();
      if (!step) throw new Error('nothing deferred');
      step();
    },
  };
}

const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => from + i);

describe('SlicedFanOut', () => {
  it('slices of 500 sockets by default', () => {
    expect(FAN_OUT_SLICE).toBe(500);
  });

  it('writes nothing while the publisher runs: the first slice is deferred', () => {
    const loop = manualDefer();
    const written: number[] = [];
    new SlicedFanOut<number>(3, loop.defer).push(range(2), (n) => written.push(n));
    expect(written).toEqual([]);
    expect(loop.waiting).toBe(1);
    loop.turn();
    expect(written).toEqual([0, 1]);
    expect(loop.waiting).toBe(0);
  });

  it('writes at most one slice per turn and gives the loop back between slices', () => {
    const loop = manualDefer();
    const written: number[] = [];
    const fanOut = new SlicedFanOut<number>(500, loop.defer);
    fanOut.push(range(1200), (n) => written.push(n));
    loop.turn();
    expect(written).toEqual(range(500));
    expect(loop.waiting).toBe(1);
    loop.turn();
    expect(written).toHaveLength(1000);
    loop.turn();
    expect(written).toEqual(range(1200));
    expect(loop.waiting).toBe(0);
    expect(fanOut.pending).toBe(0);
  });

  it('keeps the order of jobs, and fills a slice across jobs', () => {
    const loop = manualDefer();
    const written: string[] = [];
    const fanOut = new SlicedFanOut<number>(4, loop.defer);
    fanOut.push(range(3), (n) => written.push(`a${n}`));
    fanOut.push(range(3), (n) => written.push(`b${n}`));
    // Only one step is deferred however many jobs wait.
    expect(loop.waiting).toBe(1);
    loop.turn();
    expect(written).toEqual(['a0', 'a1', 'a2', 'b0']);
    loop.turn();
    expect(written).toEqual(['a0', 'a1', 'a2', 'b0', 'b1', 'b2']);
    expect(loop.waiting).toBe(0);
  });

  it('goes on after a target that throws, without running it again', () => {
    const loop = manualDefer();
    const written: number[] = [];
    const fanOut = new SlicedFanOut<number>(2, loop.defer);
    fanOut.push(range(4), (n) => {
      if (n === 1) throw new Error('broken socket');
      written.push(n);
    });
    expect(() => loop.turn()).toThrow('broken socket');
    loop.turn();
    expect(written).toEqual([0, 2, 3]);
    expect(loop.waiting).toBe(0);
  });

  it('ignores a job without targets', () => {
    const loop = manualDefer();
    new SlicedFanOut<number>(2, loop.defer).push([], () => {});
    expect(loop.waiting).toBe(0);
  });
});
