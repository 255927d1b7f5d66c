import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { persistentTestDatabase, testApp } from '../testing/app.js';
import { advance, answer, command, createParty, FakeClock, join, type Player } from '../testing/party.js';
import { pngSize } from '../testing/web.js';
import { partyStory } from './party-story.js';

// Both implementations pass this file: SQLite in `server`, PostgreSQL in `server-postgres`.

/** Each card is about a second of CPU, on a machine other work shares. */
const RENDERS_MS = 90_000;
const PUBLIC_URL = 'https://wavelength.example';

/** Every string a satori tree would draw. */
function textsOf(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(textsOf);
  if (node && typeof node === 'object' && 'props' in node) {
    return textsOf((node as { props: { children?: unknown } }).props.children);
  }
  return [];
}

describe('a party story card', () => {
  let app: FastifyInstance;
  let dataDir: string;
  const clock = new FakeClock();
  beforeAll(async () => {
    dataDir = mkdtempSync(joinPath(tmpdir(), 'wavelength-party-card-'));
    app = await testApp({ PUBLIC_URL, DATA_DIR: dataDir }, { partyClock: clock });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  /** A party of Ada (host), Bo and Cy played to its end; each round's answers by player. */
  async function played(format: 'guess' | 'alike', answers: number[][]) {
    const { partyId, host } = await createParty(app, { format, rounds: answers.length, lang: 'de' });
    const players: Player[] = [host, await join(app, partyId, 'Bo'), await join(app, partyId, 'Cy')];
    expect((await command(app, partyId, host, 'start')).status).toBe(200);
    for (const [round, values] of answers.entries()) {
      await advance(app, clock, partyId, 3000);
      for (const [i, player] of players.entries()) {
        expect((await answer(app, partyId, player, round, values[i])).status).toBe(200);
      }
      await advance(app, clock, partyId, 20_500);
      await advance(app, clock, partyId, 8000);
      await advance(app, clock, partyId, 5000);
    }
    const state = await advance(app, clock, partyId, 0);
    return { partyId, host, players, state };
  }

  it(
    "draws a finished party's podium as a 1080×1920 PNG, in ?lang= or the host's language; 404 before the end",
    async () => {
      const { partyId, host } = await createParty(app, { rounds: 1 });
      await join(app, partyId, 'Bo');
      // In the lobby, and unknown: the same 404, nothing drawn.
      for (const url of [`/og/party/${partyId}.png`, '/og/party/nosuchparty1234.png', `/og/party/${partyId}`]) {
        const reply = await get(url);
        expect(reply.statusCode).toBe(404);
        expect(reply.json()).toMatchObject({ code: 'unknown_party' });
      }
      await command(app, partyId, host, 'start');
      expect((await get(`/og/party/${partyId}.png`)).statusCode).toBe(404);

      const guess = await played('guess', [
        [30, 35, 90],
        [70, 60, 72],
        [10, 12, 50],
      ]);
      expect(guess.state.phase).toBe('finished');
      const card = await get(`/og/party/${guess.partyId}.png`);
      expect(card.statusCode).toBe(200);
      expect(card.headers['content-type']).toBe('image/png');
      expect(card.headers['cache-control']).toBe('public, max-age=60');
      expect(pngSize(card.rawPayload)).toEqual({ width: 1080, height: 1920 });
      // Stored in the party's folder, one card per language.
      expect(readdirSync(joinPath(dataDir, 'og-cards', guess.partyId)).filter((f) => f.endsWith('.png'))).toHaveLength(
        1,
      );
      const english = await get(`/og/party/${guess.partyId}.png?lang=en`);
      expect(english.statusCode).toBe(200);
      expect(english.rawPayload.equals(card.rawPayload)).toBe(false);
      expect((await get(`/og/party/${guess.partyId}.png?lang=fr`)).statusCode).toBe(400);

      const alike = await played('alike', [
        [20, 25, 80],
        [60, 62, 10],
      ]);
      const pairs = await get(`/og/party/${alike.partyId}.png?lang=es`);
      expect(pairs.statusCode).toBe(200);
      expect(pngSize(pairs.rawPayload)).toEqual({ width: 1080, height: 1920 });
      expect(existsSync(joinPath(dataDir, 'og-cards', alike.partyId))).toBe(true);
    },
    RENDERS_MS,
  );

  it(
    'goes with its party when retention deletes it',
    async () => {
      const dir = mkdtempSync(joinPath(tmpdir(), 'wavelength-party-card-retention-'));
      const database = await persistentTestDatabase(dir);
      const later = new FakeClock();
      const env = { PUBLIC_URL, DATA_DIR: dir, DATABASE_URL: database.url, GAME_RETENTION_DAYS: '2' };
      try {
        let kept = await testApp(env, { partyClock: later });
        const { partyId, host } = await createParty(kept, { rounds: 1 });
        await join(kept, partyId, 'Bo');
        await command(kept, partyId, host, 'start');
        await command(kept, partyId, host, 'end');
        expect((await kept.inject({ url: `/og/party/${partyId}.png` })).statusCode).toBe(200);
        const folder = joinPath(dir, 'og-cards', partyId);
        expect(existsSync(folder)).toBe(true);
        await kept.close();
        later.time += 3 * 24 * 60 * 60_000;
        kept = await testApp(env, { partyClock: later });
        expect(existsSync(folder)).toBe(false);
        expect((await kept.inject({ url: `/og/party/${partyId}.png` })).statusCode).toBe(404);
        await kept.close();
      } finally {
        await database.drop();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    RENDERS_MS,
  );

  it('shows the podium or the pairs and never an answer', () => {
    const guess = textsOf(
      partyStory({
        kind: 'party',
        guess: true,
        lang: 'en',
        top: [
          { playerName: 'Cy', points: 23.4 },
          { playerName: 'Bo', points: 17 },
          { playerName: 'Ada', points: 9.5 },
        ],
        pairs: [],
        link: PUBLIC_URL,
      }),
    );
    expect(guess).toEqual(
      expect.arrayContaining(['Who knows everyone best', 'Cy', '23.4 points', 'Bo', '17 points', 'Ada', '9.5 points']),
    );
    expect(guess).toContain('wavelength.example');
    const alike = textsOf(
      partyStory({
        kind: 'party',
        guess: false,
        lang: 'de',
        top: [],
        pairs: [{ a: 'Ada', b: 'Bo', band: 'in-tune' }],
        link: PUBLIC_URL,
      }),
    );
    expect(alike).toEqual(expect.arrayContaining(['Ada & Bo']));
    expect(alike.join(' ')).not.toMatch(/points|Punkte/);
  });
});
