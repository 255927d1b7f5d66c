import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { paceConnections, TurnPacer } from './pacer.js';

/** One turn of the event loop later (after this turn's immediates and I/O). */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('TurnPacer', () => {
  it('lets at most perTurn callers go on per turn of the event loop, in order', async () => {
    const pacer = new TurnPacer(16);
    const went: number[] = [];
    const all = Array.from({ length: 40 }, (_, i) => pacer.turn().then(() => went.push(i)));
    expect(pacer.waiting).toBe(40);
    await nextTurn();
    expect(went).toEqual(Array.from({ length: 16 }, (_, i) => i));
    await nextTurn();
    expect(went).toHaveLength(32);
    await Promise.all(all);
    expect(went).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(pacer.waiting).toBe(0);
  });

  it('lets what came meanwhile run before the next batch but one', async () => {
    const pacer = new TurnPacer(2);
    const order: string[] = [];
    const all = Array.from({ length: 6 }, (_, i) =>
      pacer.turn().then(() => {
        order.push(`open ${i}`);
        // Work that arrives while the first batch runs (a request) is not behind every later open.
        if (i === 0) setImmediate(() => order.push('other'));
      }),
    );
    await Promise.all(all);
    await nextTurn();
    expect(order).toEqual(['open 0', 'open 1', 'open 2', 'open 3', 'other', 'open 4', 'open 5']);
  });

  it('is ready again once the queue has drained', async () => {
    const pacer = new TurnPacer(1);
    await pacer.turn();
    await pacer.turn();
    expect(pacer.waiting).toBe(0);
  });
});

describe('paceConnections', () => {
  it('answers every one of many connections opened at once, reading a few per turn', async () => {
    const server = createServer((_request, response) => response.end('ok'));
    paceConnections(server, 2);
    let resumed = 0;
    server.on('connection', (socket) => socket.once('resume', () => resumed++));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const bodies = await Promise.all(
        Array.from({ length: 12 }, () =>
          fetch(`http://127.0.0.1:${port}/`, { headers: { connection: 'close' } }).then((r) => r.text()),
        ),
      );
      expect(bodies).toEqual(Array(12).fill('ok'));
      expect(resumed).toBe(12);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('leaves a connection unread until its turn', async () => {
    const server = createServer((_request, response) => response.end('ok'));
    paceConnections(server, 1);
    const paused: boolean[] = [];
    server.prependListener('connection', (socket) => paused.push(socket.isPaused()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok');
      expect(paused).toEqual([true]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
