#!/usr/bin/env node
// Builds the client and the server into dist/ when a source file is newer than the last build,
// so `npm start` and `npm test` work on a fresh clone and stay fast afterwards. The build's own
// output (some 70 lines of Vite and tsc) is shown only when the build fails.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const stamp = join(root, 'dist', '.build-stamp');
const sources = [
  'client',
  'shared',
  'server',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.server.json',
  'package-lock.json',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...sources.map((source) => newest(join(root, source))));
if (built >= changed && existsSync(join(root, 'dist', 'client', 'index.html'))) process.exit(0);

console.log(
  built === 0
    ? 'Building the app for the first start (about a minute)…'
    : 'Rebuilding the app: its sources changed since the last build (about a minute)…',
);
const started = Date.now();
const result = spawnSync('npm', ['run', 'build'], {
  cwd: root,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'pipe'],
  maxBuffer: 64 * 1024 * 1024,
  // The output is shown, if at all, on this terminal: keep Vite's colours for it.
  env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env,
});
if (result.status !== 0) {
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(result.stderr ?? '');
  if (result.error) console.error(result.error.message);
  console.error('The build failed; see the output above.');
  process.exit(result.status ?? 1);
}
writeFileSync(stamp, new Date().toISOString());
console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
