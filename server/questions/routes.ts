import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getQuestionsQuery, getQuestionsReply } from '../../shared/api.js';
import type { QuestionRepository } from './repository.js';

export interface QuestionRoutesOptions {
  questions: QuestionRepository;
  questionsPerGame: number;
}

export const questionRoutes: FastifyPluginAsyncZod<QuestionRoutesOptions> = async (
  app,
  { questions, questionsPerGame },
) => {
  app.get(
    '/get-questions',
    { schema: { querystring: getQuestionsQuery, response: { 200: getQuestionsReply } } },
    async (request) => ({ questions: questions.draw(request.query.gametype, questionsPerGame) }),
  );
};
