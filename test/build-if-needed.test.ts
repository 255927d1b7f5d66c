/**
 * scripts/build-if-needed.mjs, the first step of `npm start` and `npm test`, run on a stand-in
 * project whose `npm run build` prints as much as the real one (Vite and tsc: ~70 lines) and then
 * succeeds or fails: the terminal gets a couple of lines, and the whole output only on failure.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../server/paths.js';
import { running } from '../server/testing/process.js';

/**
 * A project with the real script and a build that writes 70 lines, then exits with `exitCode`
 * (or, with 'forever', writes its pid to build.pid and keeps running).
 */
function standInProject(exitCode: number | 'forever'): string {
  const dir = mkdtempSync(join(tmpdir(), 'wavelength-build-'));
  mkdirSync(join(dir, 'scripts'));
  copyFileSync(join(ROOT_DIR, 'scripts', 'build-if-needed.mjs'), join(dir, 'scripts', 'build-if-needed.mjs'));
  mkdirSync(join(dir, 'server'));
  writeFileSync(join(dir, 'server', 'main.ts'), '');
  const build = [
    "const fs = require('node:fs');",
    "for (let i = 1; i <= 70; i++) console.log('vite: transformed module ' + i);",
    "fs.mkdirSync('dist/client', { recursive: true });",
    "fs.writeFileSync('dist/client/index.html', '');",
    exitCode === 'forever'
      ? "fs.writeFileSync('build.pid', String(process.pid)); setInterval(() => {}, 1000);"
      : `if (${exitCode}) { console.error('error TS2322: broken'); process.exit(${exitCode}); }`,
  ].join(' ');
  writeFileSync(join(dir, 'build.cjs'), build);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'stand-in', scripts: { build: 'node build.cjs' } }));
  return dir;
}

function startScript(dir: string) {
  return spawn(process.execPath, [join(dir, 'scripts', 'build-if-needed.mjs')], {
    cwd: dir,
    env: { PATH: process.env.PATH },
  });
}

async function runScript(dir: string) {
  const child = startScript(dir);
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const [code] = await once(child, 'exit');
  return { code: code as number, lines: output.split('\n').filter(Boolean) };
}

describe('building before the first start', () => {
  it('says it builds and how long it takes, in two lines instead of the build output', async () => {
    const dir = standInProject(0);
    const { code, lines } = await runScript(dir);
    expect(code).toBe(0);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('Building the app for the first start (a minute or two)…');
    expect(lines[1]).toMatch(/^Built in \d+ s\.$/);
    expect(existsSync(join(dir, 'dist', '.build-stamp'))).toBe(true);

    // Built and unchanged: nothing at all.
    expect(await runScript(dir)).toEqual({ code: 0, lines: [] });
  });

  it('shows the whole build output when the build fails', async () => {
    const { code, lines } = await runScript(standInProject(2));
    expect(code).toBe(2);
    expect(lines[0]).toBe('Building the app for the first start (a minute or two)…');
    expect(lines).toContain('vite: transformed module 70');
    expect(lines).toContain('error TS2322: broken');
    expect(lines.at(-1)).toBe('The build failed; see the output above.');
  });

  it('stops the whole build when it is stopped itself (SIGTERM to `npm start` while building)', async () => {
    const dir = standInProject('forever');
    const child = startScript(dir);
    const pidFile = join(dir, 'build.pid');
    while (!existsSync(pidFile) || readFileSync(pidFile, 'utf8') === '') {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const build = Number(readFileSync(pidFile, 'utf8'));
    expect(running(build)).toBe(true);
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(143);
    // Its process group has the signal at once: give the build a moment to end.
    for (let waited = 0; waited < 10_000 && running(build); waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(running(build)).toBe(false);
  });
});
