import { describe, expect, it } from 'vitest';
import { BatchedCalls } from './batched-calls.js';

/** A database stand-in: records each batch and answers when the test says so. */
function fakeDatabase() {
  const batches: number[][] = [];
  const answers: (() => void)[] = [];
  let failing: number | undefined;
  const write = (inputs: readonly number[]) =>
    new Promise<number[]>((resolve, reject) => {
      batches.push([...inputs]);
      answers.push(() =>
        inputs.includes(failing as number) ? reject(new Error(`bad ${failing}`)) : resolve(inputs.map((v) => v * 10)),
      );
    });
  return {
    batches,
    write,
    failOn: (value: number) => {
      failing = value;
    },
    /** Answers every batch sent so far. */
    answerAll: () => {
      for (const answer of answers.splice(0)) answer();
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('BatchedCalls', () => {
  it('sends the writes of one turn as one batch and gives each caller its own outcome', async () => {
    const db = fakeDatabase();
    const writes = new BatchedCalls(db.write);
    const outcomes = Promise.all([writes.run(1), writes.run(2), writes.run(3)]);
    expect(db.batches).toEqual([]);
    await turn();
    expect(db.batches).toEqual([[1, 2, 3]]);
    db.answerAll();
    expect(await outcomes).toEqual([10, 20, 30]);
  });

  it('gathers the writes asked for while `concurrency` batches are under way into the next one', async () => {
    const db = fakeDatabase();
    const writes = new BatchedCalls(db.write, { concurrency: 1 });
    const first = writes.run(1);
    await turn();
    const later = [writes.run(2), writes.run(3)];
    await turn();
    const last = writes.run(4);
    await turn();
    expect(db.batches).toEqual([[1]]);
    db.answerAll();
    expect(await first).toBe(10);
    // The next batch goes on the turn after the first one's answer.
    await turn();
    await turn();
    expect(db.batches).toEqual([[1], [2, 3, 4]]);
    db.answerAll();
    expect(await Promise.all([...later, last])).toEqual([20, 30, 40]);
  });

  it('runs a failed batch again one write at a time, so only the bad write fails', async () => {
    const db = fakeDatabase();
    db.failOn(2);
    const writes = new BatchedCalls(db.write);
    const outcomes = [1, 2, 3].map((v) => writes.run(v).catch((error: Error) => error.message));
    await turn();
    db.answerAll();
    await turn();
    db.answerAll();
    expect(await Promise.all(outcomes)).toEqual([10, 'bad 2', 30]);
    expect(db.batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('keeps a batch under maxBatch writes', async () => {
    const db = fakeDatabase();
    const writes = new BatchedCalls(db.write, { maxBatch: 2, concurrency: 5 });
    const outcomes = Promise.all([1, 2, 3, 4, 5].map((v) => writes.run(v)));
    await turn();
    expect(db.batches).toEqual([[1, 2], [3, 4], [5]]);
    db.answerAll();
    expect(await outcomes).toEqual([10, 20, 30, 40, 50]);
  });

  it("gives a batch's place to the next one once it has committed, while its callers still wait", async () => {
    const batches: number[][] = [];
    const committed: (() => void)[] = [];
    const answers: (() => void)[] = [];
    // Stored at `committed`; its callers hear back at `answer` (when its events are back).
    const write = (inputs: readonly number[], stored: () => void) =>
      new Promise<number[]>((resolve) => {
        batches.push([...inputs]);
        committed.push(stored);
        answers.push(() => resolve(inputs.map((v) => v * 10)));
      });
    const writes = new BatchedCalls(write, { concurrency: 1 });
    let firstAnswered = false;
    const first = writes.run(1).then((v) => {
      firstAnswered = true;
      return v;
    });
    await turn();
    const second = writes.run(2);
    await turn();
    expect(batches).toEqual([[1]]);
    committed[0]();
    await turn();
    expect(batches).toEqual([[1], [2]]);
    expect(firstAnswered).toBe(false);
    // Still under way until answered: draining waits for it.
    expect(writes.pending).toBe(2);
    for (const answer of answers) answer();
    expect(await Promise.all([first, second])).toEqual([10, 20]);
    expect(writes.pending).toBe(0);
  });

  it('pairWhileBusy: while a batch is under way, a lone write waits for a second one or for the database to be free', async () => {
    const db = fakeDatabase();
    const writes = new BatchedCalls(db.write, { concurrency: 3, pairWhileBusy: true });
    // Nothing under way: a lone write goes at once.
    const first = writes.run(1);
    await turn();
    expect(db.batches).toEqual([[1]]);
    // One under way: the next lone write waits, and goes with the one after it.
    const second = writes.run(2);
    await turn();
    expect(db.batches).toEqual([[1]]);
    const third = writes.run(3);
    await turn();
    expect(db.batches).toEqual([[1], [2, 3]]);
    // A lone write again waits, until the batches under way are answered.
    const fourth = writes.run(4);
    await turn();
    expect(db.batches).toEqual([[1], [2, 3]]);
    db.answerAll();
    expect(await Promise.all([first, second, third])).toEqual([10, 20, 30]);
    await turn();
    expect(db.batches).toEqual([[1], [2, 3], [4]]);
    db.answerAll();
    expect(await fourth).toBe(40);
    // Without it, each turn's write goes alone while there is room.
    const alone = fakeDatabase();
    const eager = new BatchedCalls(alone.write, { concurrency: 3 });
    const outcomes = [eager.run(1)];
    await turn();
    outcomes.push(eager.run(2));
    await turn();
    expect(alone.batches).toEqual([[1], [2]]);
    alone.answerAll();
    expect(await Promise.all(outcomes)).toEqual([10, 20]);
  });

  it('observe: tells of each batch once it is stored, with its writes and how long it took', async () => {
    const db = fakeDatabase();
    const seen: [number, number][] = [];
    const writes = new BatchedCalls(db.write, {
      concurrency: 1,
      observe: (count, seconds) => seen.push([count, seconds]),
    });
    const first = writes.run(1);
    await turn();
    const later = [writes.run(2), writes.run(3)];
    await turn();
    // Under way, not stored yet: nothing to tell.
    expect(seen).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    db.answerAll();
    await first;
    await turn();
    expect(seen.map(([count]) => count)).toEqual([1]);
    // From its start until stored: the 20 ms the database took, not more than the test's run.
    expect(seen[0][1]).toBeGreaterThanOrEqual(0.015);
    expect(seen[0][1]).toBeLessThan(10);
    await turn();
    await turn();
    db.answerAll();
    await Promise.all(later);
    await turn();
    expect(seen.map(([count]) => count)).toEqual([1, 2]);
  });

  it('drains: resolves once every write asked for has been answered', async () => {
    const db = fakeDatabase();
    const writes = new BatchedCalls(db.write, { concurrency: 1 });
    const outcomes = Promise.all([writes.run(1), writes.run(2)]);
    let drained = false;
    const draining = writes.drain().then(() => {
      drained = true;
    });
    // Sent at once, without waiting for the turn.
    expect(db.batches).toEqual([[1, 2]]);
    await turn();
    expect(drained).toBe(false);
    db.answerAll();
    await draining;
    expect(await outcomes).toEqual([10, 20]);
    expect(writes.pending).toBe(0);
  });
});
