import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../testing/app.js';
import { command, createParty, FakeClock, getParty, join } from '../testing/party.js';

describe('a party clock whose timer fires early', () => {
  let app: FastifyInstance;
  const clock = new FakeClock();
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
    clock.fireDue(50); // fires up to 50 ms before its time
    // Not due yet by the party's clock: still the intro.
    expect(await getParty(app, partyId)).toMatchObject({ phase: 'intro' });
    clock.time += 20;
    clock.fireDue(50); // fires up to 50 ms before its time
    await getParty(app, partyId);
    expect(await getParty(app, partyId)).toMatchObject({ phase: 'answering' });
  });
});
