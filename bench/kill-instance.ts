/**
 * One instance for bench/kill-rounds.ts: the app on DATABASE_URL and BUS_URL, on the Redis channel
 * KILL_BUS_CHANNEL (so that other instances on the same Redis never hear it), listening on PORT.
 * It is killed with SIGKILL, so it has no shutdown of its own.
 */
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';

const config = loadConfig(process.env);
const app = await buildApp({ config, clientDir: '/nonexistent', busChannel: process.env.KILL_BUS_CHANNEL });
await app.listen({ port: config.PORT, host: '127.0.0.1' });
console.log('ready');
