import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig, questionsDir } from './config.js';
import { loggerOptions } from './ops/logging.js';
import { BankError, loadQuestionBank } from './questions/bank.js';

let config: Config;
try {
  config = loadConfig(process.env);
  // Checked here, before anything starts, so a bad bank is one line too (buildApp seeds it).
  loadQuestionBank(questionsDir(config), { questionsPerGame: config.QUESTIONS_PER_GAME });
} catch (error) {
  if (!(error instanceof ConfigError || error instanceof BankError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const app = await buildApp({ config, logger: loggerOptions(config.LOG_LEVEL) });

// SIGTERM / SIGINT: stop accepting, let in-flight requests finish, close live sockets (1001)
// and the database (onClose hooks), then exit. A second signal or 10 s forces the exit.
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

try {
  await app.listen({ port: config.PORT, host: config.HOST });
} catch (error) {
  app.log.fatal({ err: error }, 'could not start');
  process.exit(1);
}
