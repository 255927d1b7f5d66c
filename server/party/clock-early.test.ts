import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../testing/app.js';
import { command, createParty, getParty, join } from '../testing/party.js';
import type { PartyClock } from './room.js';

/**
 * A clock whose timers fire up to 50 ms before their time, as Node's do when a long turn has left
 * the event loop's clock behind Date.now() (a busy server, a reconnect storm).
 */
class EarlyClock implements PartyClock {
  time = Date.UTC(2026, 10, 26, 12);
  timers: { at: number; run: () => void; live: boolean }[] = [];

  now(): number {
    return this.time;
  }

  schedule(at: number, run: () => void): () => void {
    const timer = { at, run, live: true };
    this.timers.push(timer);
    return () => {
      timer.live = false;
    };
  }

  fireEarly(): void {
    const due = this.timers.filter((t) => t.live && t.at <= this.time + 50);
    this.timers = this.timers.filter((t) => !due.includes(t));
    for (const timer of due) timer.run();
  }
}

describe('a party clock whose timer fires early', () => {
  let app: FastifyInstance;
  const clock = new EarlyClock();
  beforeAll(async () => {
    app = await testApp({}, { partyClock: clock });
  });
  afterAll(() => app.close());

  it('waits for the rest and then moves on, rather than staying in the phase', async () => {
    const { partyId, host } = await createParty(app);
    await join(app, partyId, 'Bo');
    await command(app, partyId, host, 'start');
    expect(await getParty(app, partyId)).toMatchObject({ phase: 'intro' });
    clock.time += 2980;
    clock.fireEarly();
    // Not due yet by the party's clock: still the intro.
    expect(await getParty(app, partyId)).toMatchObject({ phase: 'intro' });
    clock.time += 20;
    clock.fireEarly();
    await getParty(app, partyId);
    expect(await getParty(app, partyId)).toMatchObject({ phase: 'answering' });
  });
});
