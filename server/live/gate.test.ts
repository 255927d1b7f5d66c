import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveGate } from './gate.js';

/** One turn of the event loop later (after this turn's immediates and I/O). */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

function gate() {
  const app = Fastify();
  apps.push(app);
  return new LiveGate(app, { allowedOrigins: [], maxSocketsPerAddress: 0, pingIntervalMs: 30_000 });
}

describe('LiveGate.afterClose', () => {
  it('runs closed sockets’ bookkeeping later, a slice per turn of the event loop, every one in order', async () => {
    const ran: number[] = [];
    const live = gate();
    for (let i = 0; i < 200; i++) live.afterClose(() => ran.push(i));
    // Nothing in the turn of the closes themselves.
    expect(ran).toEqual([]);
    await nextTurn();
    expect(ran.length).toBeGreaterThan(0);
    expect(ran.length).toBeLessThan(200);
    while (ran.length < 200) await nextTurn();
    expect(ran).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it('goes on past work that throws', async () => {
    const ran: string[] = [];
    const live = gate();
    live.afterClose(() => {
      throw new Error('a room that failed');
    });
    live.afterClose(() => ran.push('next'));
    while (ran.length === 0) await nextTurn();
    expect(ran).toEqual(['next']);
  });
});
