import { describe, expect, it } from 'vitest';
import { testingOnPostgres } from '../testing/postgres.js';
import { CircuitBreaker } from './breaker.js';
import { OriginQueue, type PushJob } from './origin-queue.js';

// No database here: the server-postgres project has nothing to run again.

/** A push whose ending the test decides: `answer(true)` (the service answered) or `answer(false)`. */
function heldPush() {
  let answer: (answered: boolean) => void = () => {};
  let started = false;
  const job: PushJob = () => {
    started = true;
    return new Promise<boolean>((resolve) => {
      answer = resolve;
    });
  };
  return { job, answer: (answered: boolean) => answer(answered), started: () => started };
}

describe.skipIf(testingOnPostgres)('a push service circuit breaker', () => {
  it('opens after the threshold of failures in a row, lets one trial through after the cool-down, closes on its success', () => {
    let now = 0;
    const breaker = new CircuitBreaker({ threshold: 3, coolDownMs: 1000, now: () => now });
    breaker.failed();
    breaker.failed();
    breaker.succeeded();
    breaker.failed();
    breaker.failed();
    // Two in a row after a success: still closed.
    expect(breaker.state).toBe('closed');
    expect(breaker.mayStart(7)).toBe(true);
    breaker.failed();
    expect(breaker.state).toBe('open');
    expect(breaker.mayStart(0)).toBe(false);
    now = 999;
    expect(breaker.mayStart(0)).toBe(false);
    now = 1000;
    expect(breaker.state).toBe('half-open');
    // One trial at a time.
    expect(breaker.mayStart(0)).toBe(true);
    expect(breaker.mayStart(1)).toBe(false);
    breaker.succeeded();
    expect(breaker.state).toBe('closed');
    expect(breaker.mayStart(5)).toBe(true);
  });

  it('a failed trial opens it for another cool-down', () => {
    let now = 0;
    const breaker = new CircuitBreaker({ threshold: 2, coolDownMs: 1000, now: () => now });
    breaker.failed();
    breaker.failed();
    now = 1500;
    expect(breaker.state).toBe('half-open');
    breaker.failed();
    expect(breaker.state).toBe('open');
    now = 2499;
    expect(breaker.mayStart(0)).toBe(false);
    now = 2500;
    expect(breaker.mayStart(0)).toBe(true);
  });
});

describe.skipIf(testingOnPostgres)('the fair push queue', () => {
  const options = {
    concurrency: 4,
    perOrigin: 2,
    maxQueuedPerOrigin: 100,
    breaker: { threshold: 3, coolDownMs: 60_000 },
  };

  it('a push service that never answers holds its own places only: another one is sent at once', () => {
    const queue = new OriginQueue(options);
    const hung = Array.from({ length: 20 }, () => heldPush());
    for (const [i, push] of hung.entries()) queue.add('https://hung.example', `game-${i % 5}`, push.job);
    expect(hung.filter((push) => push.started())).toHaveLength(2);
    const other = heldPush();
    queue.add('https://other.example', 'another-game', other.job);
    expect(other.started()).toBe(true);
  });

  it('within a push service, games take turns: a game with many pushes does not go before another game’s first', async () => {
    const queue = new OriginQueue({ ...options, perOrigin: 1 });
    const first = heldPush();
    queue.add('https://push.example', 'first', first.job);
    const order: string[] = [];
    const add = (gameId: string) =>
      queue.add('https://push.example', gameId, async () => {
        order.push(gameId);
        return true;
      }).done;
    const done = [...Array.from({ length: 4 }, () => add('big')), add('small')];
    first.answer(true);
    await Promise.all(done);
    expect(order).toEqual(['big', 'small', 'big', 'big', 'big']);
  });

  it('opens a push service’s breaker after the threshold: its waiting pushes stay queued, others go on', async () => {
    let now = 0;
    const queue = new OriginQueue({ ...options, now: () => now });
    const failing = Array.from({ length: 10 }, () => heldPush());
    const done = failing.map((push, i) => queue.add('https://failing.example', `game-${i}`, push.job).done);
    // Two on the wire; each failure starts the next, until the third in a row opens the breaker.
    for (let i = 0; i < 3; i++) {
      failing.filter((push) => push.started())[i].answer(false);
      await done[i];
    }
    expect(queue.breakerState('https://failing.example')).toBe('open');
    // The fourth (started before the breaker opened) is still out; nothing more starts.
    expect(failing.filter((push) => push.started())).toHaveLength(4);
    failing[3].answer(false);
    await done[3];
    expect(failing.filter((push) => push.started())).toHaveLength(4);
    expect(queue.queued('https://failing.example')).toBe(6);
    const other = heldPush();
    queue.add('https://other.example', 'game-x', other.job);
    expect(other.started()).toBe(true);
    // After the cool-down one trial goes; its success lets the rest through.
    now = 60_000 + 1;
    queue.add('https://failing.example', 'game-late', heldPush().job);
    expect(failing.filter((push) => push.started())).toHaveLength(5);
    failing[4].answer(true);
    await done[4];
    expect(queue.breakerState('https://failing.example')).toBe('closed');
    // Two at a time again.
    expect(failing.filter((push) => push.started())).toHaveLength(7);
    queue.clear();
  });

  it('refuses more than its queue holds per push service, not for others', () => {
    const queue = new OriginQueue({ ...options, perOrigin: 1, maxQueuedPerOrigin: 3 });
    const added = Array.from({ length: 5 }, () => queue.add('https://hung.example', 'g', heldPush().job).queued);
    // One on the wire, three waiting, the fifth refused.
    expect(added).toEqual([true, true, true, true, false]);
    expect(queue.add('https://other.example', 'g', heldPush().job).queued).toBe(true);
    queue.clear();
  });
});
