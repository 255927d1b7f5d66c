#!/usr/bin/env node
// Builds the client and the server into dist/ when a source file is newer than the last build,
// so `npm start` and `npm test` work on a fresh clone and stay fast afterwards.
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

console.log('Building Wavelength (client and server)…');
const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) {
  console.error('The build failed; see the output above.');
  process.exit(result.status ?? 1);
}
writeFileSync(stamp, new Date().toISOString());
