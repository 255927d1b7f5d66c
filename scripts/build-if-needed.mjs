#!/usr/bin/env node
// Builds the client and the server into dist/ when a source file is newer than the last build,
// so `npm start` and `npm test` work on a fresh clone and stay fast afterwards. The build's own
// output (some 70 lines of Vite and tsc) is shown only when the build fails.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

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

/**
 * Builds when needed and resolves once dist/ is current; a failed build prints its output and
 * ends the process with the build's exit code. SIGTERM or SIGINT meanwhile stops the whole build
 * (npm, Vite, tsc: its own process group) and ends this process too.
 */
export async function buildIfNeeded() {
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const changed = Math.max(...sources.map((source) => newest(join(root, source))));
  if (built >= changed && existsSync(join(root, 'dist', 'client', 'index.html'))) return;

  console.log(
    built === 0
      ? 'Building the app for the first start (a minute or two)…'
      : 'Rebuilding the app: its sources changed since the last build (a minute or two)…',
  );
  const started = Date.now();
  const build = spawn('npm', ['run', 'build'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that a signal reaches every process of the build at once.
    detached: process.platform !== 'win32',
    // The output is shown, if at all, on this terminal: keep Vite's colours for it.
    env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env,
  });
  let stdout = '';
  let stderr = '';
  build.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  build.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const stop = (signal) => {
    try {
      if (process.platform === 'win32') build.kill(signal);
      else process.kill(-build.pid, signal);
    } catch {
      // Already ended.
    }
    process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  const { code, error } = await new Promise((resolve) => {
    build.once('error', (error) => resolve({ code: 1, error }));
    build.once('close', (code) => resolve({ code: code ?? 1 }));
  });
  process.off('SIGTERM', stop);
  process.off('SIGINT', stop);
  if (code !== 0) {
    process.stdout.write(stdout);
    process.stderr.write(stderr);
    if (error) console.error(error.message);
    console.error('The build failed; see the output above.');
    process.exit(code);
  }
  writeFileSync(stamp, new Date().toISOString());
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await buildIfNeeded();
