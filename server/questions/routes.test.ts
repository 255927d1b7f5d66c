import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../testing/app.js';

describe('GET /prod/get-questions', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '12' });
  });
  afterAll(() => app.close());

  it('returns QUESTIONS_PER_GAME distinct Spectrum questions with exactly questionID, question, options', async () => {
    const response = await app.inject({ method: 'GET', url: '/prod/get-questions?gametype=spectrum' });
    expect(response.statusCode).toBe(200);
    const { questions } = response.json();
    expect(questions).toHaveLength(12);
    expect(new Set(questions.map((q: { questionID: string }) => q.questionID)).size).toBe(12);
    for (const question of questions) {
      expect(Object.keys(question).sort()).toEqual(['options', 'question', 'questionID']);
      expect(typeof question.options).toBe('string');
    }
  });

  it('returns Classic questions with four option words each', async () => {
    const response = await app.inject({ method: 'GET', url: '/prod/get-questions?gametype=classic' });
    expect(response.statusCode).toBe(200);
    for (const question of response.json().questions) {
      expect(question.options).toHaveLength(4);
    }
  });

  it('draws at random: two draws are not always the same selection', async () => {
    const draws = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const response = await app.inject({ method: 'GET', url: '/prod/get-questions?gametype=classic' });
      draws.add(
        response
          .json()
          .questions.map((q: { questionID: string }) => q.questionID)
          .join(),
      );
    }
    expect(draws.size).toBeGreaterThan(1);
  });

  it('accepts the edition in any letter case', async () => {
    const response = await app.inject({ method: 'GET', url: '/prod/get-questions?gametype=Spectrum' });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['/prod/get-questions', 'gametype'],
    ['/prod/get-questions?gametype=trivia', 'classic or spectrum'],
  ])('answers 400 with a plain message for %s', async (url, mentions) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'validation_failed', message: expect.stringContaining(mentions) });
  });
});

/** A bank of four Classic questions K1..K4 (and three Spectrum ones). */
function smallBank(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wavelength-small-bank-'));
  const classic = [1, 2, 3, 4].map((i) => ({ id: `K${i}`, question: `Word ${i}`, options: ['A', 'B', 'C', 'D'] }));
  const spectrum = [1, 2, 3].map((i) => ({ id: `T${i}`, question: `How often ${i}?`, options: 'A' }));
  writeFileSync(join(dir, 'classic.json'), JSON.stringify(classic));
  writeFileSync(join(dir, 'spectrum.json'), JSON.stringify(spectrum));
  return dir;
}

describe('GET /prod/get-questions with count and exclude', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '12' });
  });
  afterAll(() => app.close());

  const ids = (response: { json(): { questions: { questionID: string }[] } }) =>
    response.json().questions.map((q) => q.questionID);
  const get = (query: string) => app.inject({ method: 'GET', url: `/prod/get-questions?gametype=classic&${query}` });

  it('draws count distinct questions', async () => {
    for (const count of [1, 5, 12]) {
      const response = await get(`count=${count}`);
      expect(response.statusCode).toBe(200);
      expect(new Set(ids(response)).size).toBe(count);
    }
  });

  it('never draws an excluded question, over many draws', async () => {
    const excluded = ids(await get('count=12'));
    for (let i = 0; i < 30; i++) {
      const response = await get(`count=12&exclude=${excluded.join(',')}`);
      expect(response.statusCode).toBe(200);
      const drawn = ids(response);
      expect(drawn).toHaveLength(12);
      expect(drawn.filter((id) => excluded.includes(id))).toEqual([]);
    }
  });

  it('accepts 100 excluded ids, unknown ones and an empty list', async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => `C${String(i + 1).padStart(3, '0')}`);
    const response = await get(`count=12&exclude=${hundred.join(',')}`);
    expect(response.statusCode).toBe(200);
    expect(ids(response).filter((id) => hundred.includes(id))).toEqual([]);
    expect((await get('count=1&exclude=NOT-A-QUESTION')).statusCode).toBe(200);
    expect(ids(await get('count=3&exclude='))).toHaveLength(3);
  });

  it('answers what is left when fewer than count remain outside exclude (possibly nothing)', async () => {
    const small = await testApp({ QUESTIONS_PER_GAME: '3', QUESTIONS_DIR: smallBank() });
    try {
      const response = await small.inject({
        method: 'GET',
        url: '/prod/get-questions?gametype=classic&count=3&exclude=K1,K2,K3',
      });
      expect(response.statusCode).toBe(200);
      expect(ids(response)).toEqual(['K4']);
      const none = await small.inject({
        method: 'GET',
        url: '/prod/get-questions?gametype=classic&count=1&exclude=K1,K2,K3,K4',
      });
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual({ questions: [] });
    } finally {
      await small.close();
    }
  });

  it.each([
    ['count=0', 'count'],
    ['count=51', 'count'],
    ['count=13', 'count', 'count_too_large'],
    ['count=x', 'count'],
    ['count=1.5', 'count'],
    ['count=-1', 'count'],
    ['count=', 'count'],
    ['count=1&count=2', 'count'],
    [`exclude=${Array.from({ length: 101 }, (_, i) => `C${i}`).join(',')}`, 'exclude'],
    ['exclude=C001,,C002', 'exclude'],
    ['exclude=C001,C002,', 'exclude'],
    ['exclude=C001;C002', 'exclude'],
    [`exclude=${'x'.repeat(65)}`, 'exclude'],
  ])('answers 400 naming the parameter for %s', async (query, parameter, code = 'validation_failed') => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code, message: expect.stringContaining(`"${parameter}"`) });
  });
});
