import type { AdminGame, ReportedGame } from '../../shared/api.js';
import { gameTypeOf } from '../../shared/model.js';
import { isOwnQuestionId } from '../../shared/own-questions.js';
import { type RoundRepository, UNFINISHED_SHOWN } from '../games/plays.js';
import type { Game, GameRepository } from '../games/repository.js';
import type { NoteRepository } from '../notes/repository.js';
import type { ReportedGameSummary, ReportRepository } from './repository.js';

/** Reported games listed at most. */
export const REPORTED_GAMES_LIMIT = 100;
/** Games a search answers at most (each with its questions, friends and reports). */
export const FOUND_GAMES_LIMIT = 20;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * What the admin does, shared by the API, the /admin page and `npm run admin`. Deleting a game
 * and removing a friend go through the same repository calls as the creator's controls, so every
 * live socket of the game gets the same `deleted` or `removed` message.
 */
export class Moderation {
  constructor(
    private readonly games: GameRepository,
    private readonly reports: ReportRepository,
    /** Where a game's definition is read (the app's cache; the repository in the CLI). */
    private readonly findGame: (gameId: string) => Promise<Game | undefined> = (gameId) => games.findGame(gameId),
    /** Friends' unfinished plays (a game's page lists them, removable as friends are). */
    private readonly rounds?: Pick<RoundRepository, 'listUnfinished'>,
    /** Notes friends left (a game's page lists them, each removable). */
    private readonly notes?: Pick<NoteRepository, 'list' | 'remove'>,
  ) {}

  async reportedGames(): Promise<ReportedGame[]> {
    const summaries = await this.reports.listReportedGames(REPORTED_GAMES_LIMIT);
    return summaries.map((summary) => ({
      gameId: summary.id,
      gameType: gameTypeOf(summary.edition),
      creatorName: summary.creatorName,
      createdAt: iso(summary.createdAt),
      players: summary.players,
      reports: summary.reports,
      reasons: summary.reasons,
      lastReportedAt: iso(summary.lastReportedAt),
    }));
  }

  /** The game whose id is `text`, and games whose creator's name contains it. */
  async findGames(text: string): Promise<AdminGame[]> {
    const found = await this.reports.findGames(text, FOUND_GAMES_LIMIT);
    const games = await Promise.all(found.map((summary) => this.describe(summary)));
    return games.filter((game) => game !== undefined);
  }

  /** One game, in full; undefined if there is no such game. */
  async game(gameId: string): Promise<AdminGame | undefined> {
    const [summary] = (await this.reports.findGames(gameId, FOUND_GAMES_LIMIT)).filter((game) => game.id === gameId);
    return summary && this.describe(summary);
  }

  /** False if there is no such game. */
  deleteGame(gameId: string): Promise<boolean> {
    return this.games.deleteGame(gameId);
  }

  /** False if the game has no such friend on its board or playing. */
  removePlayer(gameId: string, playerID: string): Promise<boolean> {
    return this.games.removePlayer(gameId, playerID);
  }

  /** False if the friend left no note (or the game has no such friend). */
  async removeNote(gameId: string, playerID: string): Promise<boolean> {
    return (await this.notes?.remove(gameId, playerID)) ?? false;
  }

  private async describe(summary: ReportedGameSummary): Promise<AdminGame | undefined> {
    const [game, players, reports, unfinished, notes] = await Promise.all([
      this.findGame(summary.id),
      this.games.listPlayers(summary.id),
      this.reports.listReports(summary.id),
      this.rounds?.listUnfinished(summary.id, UNFINISHED_SHOWN),
      this.notes?.list(summary.id),
    ]);
    // Deleted between the search and now.
    if (!game) return undefined;
    return {
      gameId: game.id,
      gameType: gameTypeOf(game.edition),
      creatorName: game.creatorName,
      createdAt: iso(summary.createdAt),
      questions: game.questions.map((question) => ({
        questionID: question.id,
        question: question.text,
        own: isOwnQuestionId(question.id),
      })),
      players,
      ...(unfinished && {
        unfinished: unfinished.plays.map(({ playerID, playerName, round }) => ({ playerID, playerName, round })),
      }),
      reports: reports.map((report) => ({ ...report, createdAt: iso(report.createdAt) })),
      ...(notes && { notes }),
    };
  }
}
