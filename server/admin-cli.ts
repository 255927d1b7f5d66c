/**
 * `npm run admin -- reports | find <text> | delete-game <gameId> | remove-player <gameId> <playerID> | end-party <partyId>`:
 * the admin's work from a shell, on the database of DATABASE_URL (the same environment as the
 * server's). Deleting and removing announce on the event bus as the server does, so on
 * PostgreSQL every running instance tells its open screens at once; on SQLite they go through the
 * running server's API when one answers (see throughRunningServer).
 */
import { pathToFileURL } from 'node:url';
import { gameIdSchema } from '../shared/api.js';
import { partyIdSchema } from '../shared/party.js';
import { Moderation } from './admin/moderation.js';
import { callRunningServer, localServerUrl } from './admin/running-server.js';
import { type Config, ConfigError, loadConfig, questionsDir } from './config.js';
import { NOTHING_HERE } from './errors.js';
import { InProcessEventBus } from './events/bus.js';
import { startFailure } from './ops/start-failure.js';
import { createPartyWing } from './party/index.js';
import { BankError, loadQuestionBank } from './questions/bank.js';
import { QuestionTexts } from './questions/translations.js';
import { openStorage } from './storage/index.js';

export const USAGE = `Usage: npm run admin -- <command>
  reports                            reported games, most reported first
  find <text>                        games with this id, or whose creator's name contains <text>;
                                     parties with this id or code, or a player's name containing <text>
  delete-game <gameId>               deletes the game with its friends' answers and reports
  remove-player <gameId> <playerID>  takes a friend off the game's scoreboard
  end-party <partyId>                ends a party now (its phones and screen show it finished)`;

export interface CliOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
const friends = (count: number) => `${count} friend${count === 1 ? '' : 's'}`;

/** Runs one command; resolves with the process's exit code (0 done, 1 refused, 2 misused). */
export async function runAdminCommand(
  args: readonly string[],
  env: Record<string, string | undefined>,
  { out, err }: CliOutput,
): Promise<number> {
  const [command, ...rest] = args;
  const arity: Record<string, number> = { reports: 0, find: 1, 'delete-game': 1, 'remove-player': 2, 'end-party': 1 };
  if (command === undefined || !(command in arity) || rest.length !== arity[command]) {
    err(USAGE);
    return 2;
  }
  if ((command === 'delete-game' || command === 'remove-player') && !gameIdSchema.safeParse(rest[0]).success) {
    err(`"${rest[0]}" is not a game id (8 to 64 letters, digits, _ or -).`);
    return 2;
  }
  if (command === 'end-party' && !partyIdSchema.safeParse(rest[0]).success) {
    err(`"${rest[0]}" is not a party id (8 to 64 letters, digits, _ or -).`);
    return 2;
  }

  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    err(error.message);
    return 1;
  }
  // A party's clock runs in a server (on PostgreSQL, one of them): ending it there tells its screens
  // at once on either database; games' changes reach PostgreSQL's instances over the bus.
  const throughServer =
    command === 'end-party' ||
    ((command === 'delete-game' || command === 'remove-player') && config.DATABASE_URL.startsWith('sqlite:'));
  if (throughServer) {
    const done = await throughRunningServer(command, rest, config, { out, err });
    if (done !== undefined) return done;
  }

  let storage: Awaited<ReturnType<typeof openStorage>>;
  let texts: QuestionTexts;
  try {
    const bank = loadQuestionBank(questionsDir(config), { questionsPerGame: config.QUESTIONS_PER_GAME });
    texts = new QuestionTexts(bank);
    storage = await openStorage(config, { bus: new InProcessEventBus(), bank });
  } catch (error) {
    // One line naming the setting, as the server says it at start-up.
    const line = error instanceof BankError ? error.message : startFailure(error, config);
    if (line === undefined) throw error;
    err(line);
    return 1;
  }
  const moderation = new Moderation(storage.games, storage.reports, undefined, undefined, storage.notes);
  const party = createPartyWing({ config, storage, questions: storage.questions, texts }, (message) => err(message));
  try {
    switch (command) {
      case 'reports': {
        const games = await moderation.reportedGames();
        if (games.length === 0) out('No game has been reported.');
        for (const game of games) {
          const reasons = Object.entries(game.reasons)
            .filter(([, count]) => count > 0)
            .map(([reason, count]) => `${reason} ${count}`)
            .join(', ');
          out(
            `${game.gameId}  ${game.reports} report${game.reports === 1 ? '' : 's'} (${reasons}), last ${when(game.lastReportedAt)}; ` +
              `${game.gameType} by ${JSON.stringify(game.creatorName)}, ${friends(game.players)}`,
          );
        }
        return 0;
      }
      case 'find': {
        const games = await moderation.findGames(rest[0]);
        if (games.length === 0) out("No game has that id, and no creator's name contains it.");
        for (const game of games) {
          out(
            `${game.gameId}  ${game.gameType} by ${JSON.stringify(game.creatorName)}, made ${when(game.createdAt)}, ` +
              `${friends(game.players.length)}, ${game.reports.length} report${game.reports.length === 1 ? '' : 's'}`,
          );
        }
        // Parties are listed only when some match: most searches are for a game.
        const parties = await party.moderation.find(rest[0]);
        for (const found of parties) {
          out(
            `party ${found.partyId}  code ${found.code}, ${found.gameType} ${found.format} hosted by ${JSON.stringify(found.host)}, ` +
              `made ${when(found.createdAt)}, ${found.players} player${found.players === 1 ? '' : 's'}, ${found.ended ? 'ended' : found.phase}`,
          );
        }
        return 0;
      }
      case 'end-party': {
        const [partyId] = rest;
        if (!(await party.moderation.end(partyId))) {
          err(`There is no party ${partyId} that has not ended.`);
          return 1;
        }
        out(`Ended party ${partyId}.`);
        if (storage.kind === 'sqlite') out(SQLITE_NOT_LIVE);
        return 0;
      }
      case 'delete-game': {
        const [gameId] = rest;
        if (!(await moderation.deleteGame(gameId))) {
          err(`There is no game ${gameId}.`);
          return 1;
        }
        out(`Deleted game ${gameId}, with its friends' answers and reports.`);
        if (storage.kind === 'sqlite') out(SQLITE_NOT_LIVE);
        return 0;
      }
      default: {
        const [gameId, playerID] = rest;
        if (!(await moderation.removePlayer(gameId, playerID))) {
          err(`Game ${gameId} has no friend ${playerID} on its scoreboard.`);
          return 1;
        }
        out(`Removed ${playerID} from game ${gameId}.`);
        if (storage.kind === 'sqlite') out(SQLITE_NOT_LIVE);
        return 0;
      }
    }
  } finally {
    await party.parties.stop();
    await storage.close();
  }
}

const SQLITE_NOT_LIVE =
  'No server answered with ADMIN_TOKEN on this machine, so the database was written directly: a server ' +
  'running on this SQLite file learns of it when it restarts.';

/**
 * SQLite: a server running on the same file is one process that hears nothing from this one, so
 * the change goes through its API when it runs (ADMIN_TOKEN, HOST and PORT of this environment),
 * and its open screens and cached games know at once. Undefined: no server answered.
 */
async function throughRunningServer(
  command: 'delete-game' | 'remove-player' | 'end-party',
  [gameId, playerID]: readonly string[],
  config: Config,
  { out, err }: CliOutput,
): Promise<number | undefined> {
  if (config.ADMIN_TOKEN === undefined) return undefined;
  const answer =
    command === 'delete-game'
      ? await callRunningServer(config, 'admin/delete-game', { gameId })
      : command === 'end-party'
        ? await callRunningServer(config, 'admin/end-party', { partyId: gameId })
        : await callRunningServer(config, 'admin/remove-player', { gameId, playerID });
  // Nothing answered, or a server without ADMIN_TOKEN (no admin there): write the database.
  if (answer === undefined || (answer.status === 404 && answer.message === NOTHING_HERE.message)) return undefined;
  if (command === 'end-party') {
    if (answer.status === 200) out(`Ended party ${gameId} (through the running server: its screens know).`);
    else if (answer.status === 404) err(`There is no party ${gameId} that has not ended.`);
    else
      err(`The server running at ${localServerUrl(config)} refused: ${answer.status} ${answer.message ?? ''}`.trim());
    return answer.status === 200 ? 0 : 1;
  }
  if (answer.status === 200) {
    out(
      command === 'delete-game'
        ? `Deleted game ${gameId}, with its friends' answers and reports (through the running server: open screens know).`
        : `Removed ${playerID} from game ${gameId} (through the running server: open screens know).`,
    );
    return 0;
  }
  if (answer.status === 404) {
    err(
      command === 'delete-game'
        ? `There is no game ${gameId}.`
        : `Game ${gameId} has no friend ${playerID} on its scoreboard.`,
    );
    return 1;
  }
  err(`The server running at ${localServerUrl(config)} refused: ${answer.status} ${answer.message ?? ''}`.trim());
  return 1;
}

// Run as a program (not when a test imports it).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const code = await runAdminCommand(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
  process.exitCode = code;
}
