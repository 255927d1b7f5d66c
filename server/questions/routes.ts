import type { FastifyPluginAsync } from 'fastify';
import { toWireQuestion } from '../../shared/model.js';
import { endpoint } from '../http/endpoint.js';
import type { QuestionRepository } from './repository.js';

export interface QuestionRoutesOptions {
  questions: QuestionRepository;
  questionsPerGame: number;
}

export const questionRoutes: FastifyPluginAsync<QuestionRoutesOptions> = async (
  app,
  { questions, questionsPerGame },
) => {
  endpoint(app, 'get-questions', async ({ gametype }) => ({
    questions: (await questions.draw(gametype, questionsPerGame)).map(toWireQuestion),
  }));
};
