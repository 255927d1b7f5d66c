import type { FastifyPluginAsync } from 'fastify';
import { toWireQuestion } from '../../shared/model.js';
import { badRequest, notFound } from '../errors.js';
import { endpoint } from '../http/endpoint.js';
import type { QuestionRepository } from './repository.js';
import type { QuestionTexts } from './translations.js';

interface QuestionRoutesOptions {
  questions: QuestionRepository;
  questionsPerGame: number;
  /** The questions in every language. */
  texts: QuestionTexts;
}

export const questionRoutes: FastifyPluginAsync<QuestionRoutesOptions> = async (
  app,
  { questions, questionsPerGame, texts },
) => {
  // Fewer questions than `count` left outside `exclude` is not the caller's mistake: they get
  // what there is (possibly none), and the swap button says there is nothing left to swap in.
  endpoint(app, 'get-questions', async ({ gametype, count = questionsPerGame, exclude = [], lang, pack }) => {
    if (count > questionsPerGame) {
      throw badRequest(
        'count_too_large',
        `The query parameter "count" must be at most ${questionsPerGame}, the number of questions in a game.`,
      );
    }
    const drawn = await questions.draw(gametype, count, exclude, pack);
    // A theme this server's bank does not have (a QUESTIONS_DIR bank without packs): nothing to
    // play, said so, where an empty list would leave Play loading again and again.
    if (pack !== undefined && drawn.length === 0 && exclude.length === 0) {
      throw notFound('pack_empty', 'This server has no questions in that theme yet. Pick another theme.');
    }
    return { questions: drawn.map((question) => toWireQuestion(texts.localize(question, lang))) };
  });
};
