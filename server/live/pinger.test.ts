import { describe, expect, it } from 'vitest';
import { SpreadPinger } from './pinger.js';

class FakeSocket {
  pings = 0;
  terminated = false;
  ping() {
    this.pings++;
  }
  terminate() {
    this.terminated = true;
  }
}

const sockets = (count: number) => Array.from({ length: count }, () => new FakeSocket());

describe('SpreadPinger', () => {
  it('pings one slice per tick, so a round of ticks pings every socket exactly once', () => {
    const pinger = new SpreadPinger<FakeSocket>(10);
    const all = sockets(100);
    for (const socket of all) pinger.add(socket);
    for (let tick = 1; tick <= 10; tick++) {
      pinger.tick();
      expect(all.filter((s) => s.pings > 0)).toHaveLength(tick * 10);
    }
    expect(all.every((s) => s.pings === 1)).toBe(true);
  });

  it('terminates a socket that did not answer its previous ping when its turn comes again', () => {
    const pinger = new SpreadPinger<FakeSocket>(2);
    const [quiet, lively] = sockets(2);
    pinger.add(quiet);
    pinger.add(lively);
    pinger.tick();
    pinger.tick();
    pinger.pong(lively);
    pinger.tick();
    pinger.tick();
    expect(quiet.terminated).toBe(true);
    expect(lively.terminated).toBe(false);
    expect(lively.pings).toBe(2);
    expect(pinger.size).toBe(1);
  });

  it('forgets a closed socket and puts new ones in the emptiest slice', () => {
    const pinger = new SpreadPinger<FakeSocket>(3);
    const [a, b, c, d] = sockets(4);
    for (const socket of [a, b, c]) pinger.add(socket);
    pinger.delete(b);
    pinger.delete(b);
    pinger.add(d);
    // a, d and c are in slices 0, 1 and 2: one ping per tick.
    pinger.tick();
    expect([a, b, c, d].map((s) => s.pings)).toEqual([1, 0, 0, 0]);
    pinger.tick();
    expect([a, b, c, d].map((s) => s.pings)).toEqual([1, 0, 0, 1]);
    pinger.tick();
    expect([a, b, c, d].map((s) => s.pings)).toEqual([1, 0, 1, 1]);
    expect(pinger.size).toBe(3);
  });
});
