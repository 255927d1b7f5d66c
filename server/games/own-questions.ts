import { type Question, toWireQuestion } from '../../shared/model.js';
import {
  checkOwnQuestions,
  firstProblem,
  isOwnQuestionId,
  type OwnQuestionInput,
  ownQuestionId,
} from '../../shared/own-questions.js';
import type { Edition } from '../../shared/product.js';
import { badRequest } from '../errors.js';
import type { QuestionRepository } from '../questions/repository.js';
import type { NewGame } from './repository.js';

/** "Question 3: the answer words must differ." — the entry's place in questionSet, 1-based. */
const entryProblem = (position: number, problem: string) =>
  badRequest('invalid_own_question', `Question ${position + 1}: ${problem.charAt(0).toLowerCase()}${problem.slice(1)}`);

/**
 * create-game's questionSet as the game's questions in round order: bank ids looked up in the
 * bank (active, of this edition, none twice), a creator's own questions checked and given their
 * game-private ids (`own-1`… in the order written). At most `maxOwn` own questions
 * (QUESTIONS_PER_GAME: a creator may write every round). Throws a 400 naming the first bad entry.
 */
export async function readQuestionSet(
  questionSet: readonly (string | OwnQuestionInput)[],
  edition: Edition,
  questions: QuestionRepository,
  maxOwn: number,
): Promise<Question[]> {
  const ids = questionSet.filter((entry): entry is string => typeof entry === 'string');
  if (new Set(ids).size !== ids.length) {
    throw badRequest('duplicate_question', 'The field "questionSet" lists the same question more than once.');
  }
  const ownPositions = questionSet.flatMap((entry, position) => (typeof entry === 'string' ? [] : [position]));
  if (ownPositions.length > maxOwn) {
    throw badRequest(
      'too_many_own_questions',
      `The field "questionSet" holds at most ${maxOwn} questions of your own, one per round.`,
    );
  }
  const checks = checkOwnQuestions(
    edition,
    ownPositions.map((position) => questionSet[position] as OwnQuestionInput),
  );
  const own = new Map<number, Question>();
  checks.forEach((check, i) => {
    if (!check.ok) throw entryProblem(ownPositions[i], firstProblem(check.problems)?.message ?? 'is not valid');
    own.set(ownPositions[i], { ...check.question, id: ownQuestionId(i + 1) } as Question);
  });
  return Promise.all(
    questionSet.map(async (entry, position) => {
      if (typeof entry !== 'string') return own.get(position) as Question;
      const question = await questions.find(entry);
      if (!question) throw badRequest('unknown_question', `The question "${entry}" does not exist.`);
      if (question.edition !== edition) {
        throw badRequest(
          'wrong_edition',
          `The question "${entry}" belongs to the ${question.edition} edition, not ${edition}.`,
        );
      }
      return question;
    }),
  );
}

/** An own question's row values: its options as every database stores a question's (JSON). */
interface OwnQuestionRow {
  position: number;
  questionId: string;
  text: string;
  options: string;
  creatorAnswer: number;
}

/**
 * A new game's rounds split by where they are stored: bank questions in `game_questions` (by id),
 * own questions in `game_own_questions` (their text with the game, never in a bank). Migration 005.
 */
export function splitRounds(game: NewGame): {
  bank: { positions: number[]; ids: string[]; answers: number[] };
  own: OwnQuestionRow[];
} {
  const ownById = new Map((game.ownQuestions ?? []).map((question) => [question.id, question]));
  const bank = { positions: [] as number[], ids: [] as string[], answers: [] as number[] };
  const own: OwnQuestionRow[] = [];
  game.questionIds.forEach((id, position) => {
    const question = isOwnQuestionId(id) ? ownById.get(id) : undefined;
    if (!question) {
      bank.positions.push(position);
      bank.ids.push(id);
      bank.answers.push(game.answers[position]);
      return;
    }
    own.push({
      position,
      questionId: id,
      text: question.text,
      options: JSON.stringify(toWireQuestion(question).options),
      creatorAnswer: game.answers[position],
    });
  });
  return { bank, own };
}
