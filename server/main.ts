import type { AddressInfo } from 'node:net';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { paceConnections } from './live/pacer.js';
import { listenFailure, servingLines } from './ops/listen.js';
import { loggerOptions } from './ops/logging.js';
import { startFailure } from './ops/start-failure.js';
import { BankError } from './questions/bank.js';

/** Connections waiting to be accepted (listen backlog): a reconnect storm's, not dropped. */
const LISTEN_BACKLOG = 4096;
/** New connections that start reading per turn of the event loop (see paceConnections). */
const CONNECTIONS_PER_TURN = 32;

let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  // Readable lines in a terminal, JSON lines for a log collector (a container, a service manager).
  app = await buildApp({
    config,
    logger: loggerOptions({ level: config.LOG_LEVEL, readable: process.stdout.isTTY === true }),
  });
} catch (error) {
  // A bad question bank (QUESTIONS_DIR) stops the server with one line naming the file and the
  // problem; a database or Redis out of reach, with one line naming its setting.
  const line = error instanceof BankError ? error.message : startFailure(error, config);
  if (line === undefined) throw error;
  console.error(line);
  process.exit(1);
}

// SIGTERM / SIGINT: stop accepting, let in-flight requests finish, close live sockets (1001)
// and the database (onClose hooks), then exit. A second signal or 10 s forces the exit.
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

try {
  // When thousands of phones reconnect at once (a deploy, a network drop), their connections wait
  // in the kernel's queue until accepted; past the queue (Node's default 511) the kernel drops
  // them and each client waits for TCP to retry, seconds later. The kernel caps it at somaxconn.
  // Their requests are then read a few per turn of the event loop, not all in one.
  paceConnections(app.server, CONNECTIONS_PER_TURN);
  await app.listen({ port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG });
} catch (error) {
  // A taken port or an unknown host is one line naming the setting; anything else keeps its stack.
  const line = listenFailure(error, config);
  if (line === undefined) app.log.fatal({ err: error }, 'could not start');
  else console.error(line);
  await app.close();
  process.exit(1);
}
const { port } = app.server.address() as AddressInfo;
for (const line of servingLines({ ...config, PORT: port })) console.log(line);

// The generic card is what link previews get while the render queue is full: have it ready
// (read from the data folder, or rendered once) before a flood of previews can fill the queue.
app.cards.generic().catch((error: unknown) => app.log.warn({ err: error }, 'rendering the generic card failed'));
