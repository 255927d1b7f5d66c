import type { Game } from './repository.js';
import type { Scoreboard } from './scoreboard.js';

/**
 * The games of this instance as every route plugin reads them: definitions and scoreboards kept in
 * memory, read from the repository once and then kept up to date ONLY by the game event bus
 * (handlers never write to it, so several instances sharing one database and one bus see the same
 * thing). A game not found is never remembered (it may be created later on another instance).
 * Implemented by live/rooms.ts, where each game's room owns its state, its subscription and its
 * sockets; declared here so that the routes of games/ never import the floor above them.
 */
export interface GameCache {
  /** The game's definition (questions, creator answers, creator), as `GameRepository.findGame`. */
  findGame(gameId: string): Promise<Game | undefined>;
  gameExists(gameId: string): Promise<boolean>;
  /** The game's scoreboard; undefined if there is no such game. Read it, never change it. */
  scoreboard(gameId: string): Promise<Scoreboard | undefined>;
}
