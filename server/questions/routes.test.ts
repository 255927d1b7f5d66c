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
    expect(response.json()).toEqual({ message: expect.stringContaining(mentions) });
  });
});
