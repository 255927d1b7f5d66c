/**
 * Starts the exact command the Docker image runs (its CMD), with the image's environment (its
 * ENV), and plays one game through it: there is no Docker engine on the CI machines, so this is
 * how the container's behaviour is tested.
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR as root } from '../server/paths.js';
import {
  descendants,
  freePort,
  running,
  type ServerProcess,
  spawnServer,
  waitForHealth,
} from '../server/testing/process.js';

/** ENV and CMD of the Dockerfile's final stage. */
function imageSpec() {
  const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const env: Record<string, string> = {};
  for (const line of finalStage.split('\n').filter((l) => l.startsWith('ENV '))) {
    for (const pair of line.slice(4).trim().split(/\s+/)) {
      const [key, ...value] = pair.split('=');
      env[key] = value.join('=');
    }
  }
  const cmdLine = finalStage.split('\n').find((l) => l.startsWith('CMD '));
  if (!cmdLine) throw new Error('The Dockerfile has no CMD');
  return { env, cmd: JSON.parse(cmdLine.slice(4)) as string[] };
}

let child: ServerProcess | undefined;
afterEach(() => {
  child?.proc.kill('SIGKILL');
  child = undefined;
});

/** The image's CMD with the given environment (and PATH, which the base image also has). */
function run(env: Record<string, string>) {
  return spawnServer(imageSpec().cmd, { PATH: process.env.PATH, ...env });
}

describe('the container command', () => {
  beforeAll(() => {
    if (!existsSync(join(root, 'dist', 'server', 'main.js'))) {
      throw new Error('dist/ is missing: run `npm run build` (npm test does it for you)');
    }
  });

  it('serves a game with the image environment, keeps the data, and stops cleanly on SIGTERM', async () => {
    const { env } = imageSpec();
    expect(env).toMatchObject({ HOST: '0.0.0.0', DATABASE_URL: 'sqlite:/data/wavelength.db' });
    const dataDir = mkdtempSync(join(tmpdir(), 'wavelength-data-'));
    const port = await freePort();
    const server = run({
      ...env,
      PORT: String(port),
      DATABASE_URL: env.DATABASE_URL.replace('/data', dataDir),
      LOG_LEVEL: 'warn',
    });
    child = server;
    const { url } = server;
    await waitForHealth(server);

    const { questions } = await (await fetch(`${url}/prod/get-questions?gametype=spectrum`)).json();
    const created = await fetch(`${url}/prod/create-game`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        userId: crypto.randomUUID(),
        userName: 'Docker',
        questionSet: questions.map((q: { questionID: string }) => q.questionID),
        answerSet: questions.map(() => 50),
        gameType: 'Spectrum',
      }),
    });
    expect(created.status).toBe(200);
    const page = await fetch(`${url}/join/${(await created.json()).gameId}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    expect(await server.stop()).toBe(0);
    expect(existsSync(join(dataDir, 'wavelength.db'))).toBe(true);
  });

  it('refuses to start on a bad setting, with one line naming the variable', async () => {
    const server = run({ ...imageSpec().env, QUESTIONS_PER_GAME: 'ten' });
    child = server;
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe('Invalid QUESTIONS_PER_GAME="ten": must be a whole number');
  });
});

describe('starting from a terminal', () => {
  it('prints one plain line with the address it serves on', async () => {
    const port = await freePort();
    const server = run({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'warn' });
    child = server;
    await waitForHealth(server);
    expect(server.output().trim()).toBe(`Wavelength is running at http://127.0.0.1:${port}`);
  });

  it('says that /admin is on when ADMIN_TOKEN is set, never the token', async () => {
    const port = await freePort();
    const token = 'a-start-up-token-0123456789';
    const server = run({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'sqlite::memory:',
      LOG_LEVEL: 'warn',
      ADMIN_TOKEN: token,
    });
    child = server;
    await waitForHealth(server);
    expect(server.output().trim().split('\n')).toEqual([
      `Wavelength is running at http://127.0.0.1:${port}`,
      `/admin is on (ADMIN_TOKEN is set): http://127.0.0.1:${port}/admin`,
    ]);
    expect(server.output()).not.toContain(token);
  });

  it('at the default log level, adds one JSON line per request and nothing else (not a terminal)', async () => {
    const port = await freePort();
    const server = run({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: 'sqlite::memory:' });
    child = server;
    await waitForHealth(server);
    expect(server.output().trim()).toBe(`Wavelength is running at http://127.0.0.1:${port}`);
    await fetch(`${server.url}/prod/get-questions?gametype=classic`);
    await server.stop();
    const [first, ...requests] = server.output().trim().split('\n');
    expect(first).toBe(`Wavelength is running at http://127.0.0.1:${port}`);
    const lines = requests.map((line) => JSON.parse(line));
    expect(lines.filter((line) => line.msg === 'request')).toEqual([
      expect.objectContaining({ method: 'GET', url: '/prod/get-questions?gametype=classic', status: 200 }),
    ]);
    // Fastify's own two lines per request and its "Server listening at" line are gone.
    expect(lines.map((line) => line.msg)).not.toContain('incoming request');
    expect(lines.map((line) => line.msg)).not.toContain('request completed');
    expect(lines.map((line) => line.msg)).toContain('shutting down');
  });

  it('on a SQLite file, copies the log from its worker thread and leaves no log after SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wavelength-start-'));
    const db = join(dir, 'wavelength.db');
    const port = await freePort();
    const server = run({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `sqlite:${db}`, LOG_LEVEL: 'warn' });
    child = server;
    await waitForHealth(server);
    // Seeding the question banks at start-up wrote the log.
    expect(existsSync(`${db}-wal`)).toBe(true);
    expect(await server.stop()).toBe(0);
    // The worker's connection closed first; the server's, closed last, checkpointed and removed the log.
    expect(existsSync(`${db}-wal`)).toBe(false);
    expect(server.output()).not.toContain('checkpoint');
  });

  it('says in one line, without a stack, that the port is taken', async () => {
    const port = await freePort();
    const holder = createServer().listen(port, '127.0.0.1');
    await once(holder, 'listening');
    try {
      const server = run({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: 'sqlite::memory:' });
      child = server;
      expect(await server.exited).toBe(1);
      expect(server.output().trim()).toBe(
        `Port ${port} is already in use: stop what is using it or set PORT to another port (PORT=${port + 1} npm start).`,
      );
    } finally {
      holder.close();
    }
  });

  it('says in one line, without a stack or its password, that the database cannot be reached', async () => {
    const port = await freePort();
    const server = run({
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATABASE_URL: `postgres://wavelength:secret@127.0.0.1:${port}/wavelength`,
    });
    child = server;
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      `Cannot reach the database of DATABASE_URL (127.0.0.1:${port}): connect ECONNREFUSED 127.0.0.1:${port}. Start PostgreSQL, or fix DATABASE_URL.`,
    );
  });

  describe('a SQLite folder it may not write (a root-owned bind mount, another --user)', () => {
    /**
     * A folder this test's server cannot write: as root (where permissions do not stop it), one
     * root owns that the server runs as another uid against; otherwise one made read-only.
     */
    function unwritableFolder(withDatabase: boolean) {
      const base = mkdtempSync(join(tmpdir(), 'wavelength-readonly-'));
      chmodSync(base, 0o755);
      const folder = join(base, 'data');
      mkdirSync(folder, { mode: 0o755 });
      if (withDatabase) writeFileSync(join(folder, 'wavelength.db'), '');
      const asRoot = process.getuid?.() === 0;
      if (!asRoot) chmodSync(folder, 0o555);
      return { folder, as: asRoot ? { uid: 1234, gid: 1234 } : {}, uid: asRoot ? 1234 : process.getuid?.() };
    }

    for (const withDatabase of [false, true]) {
      it(`says so in one line naming the folder and uid 1000${withDatabase ? ' (a database already there)' : ''}`, async () => {
        const { folder, as, uid } = unwritableFolder(withDatabase);
        const server = spawnServer(
          imageSpec().cmd,
          {
            PATH: process.env.PATH,
            ...imageSpec().env,
            PORT: String(await freePort()),
            DATABASE_URL: `sqlite:${folder}/wavelength.db`,
            DATA_DIR: folder,
          },
          as,
        );
        child = server;
        expect(await server.exited).toBe(1);
        const lines = server.output().trim().split('\n');
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(
          new RegExp(
            `^Cannot write to ${folder}, the folder of DATABASE_URL's SQLite file, as uid ${uid} \\(.+\\)\\. `,
          ),
        );
        expect(lines[0]).toContain('the Docker image runs as uid 1000 (node)');
      });
    }
  });
});

describe('npm start', () => {
  // What `npm test` runs first: `npm start` then finds the build current and starts at once.
  beforeAll(() => {
    execFileSync(process.execPath, [join(root, 'scripts', 'build-if-needed.mjs')], { stdio: 'inherit' });
  }, 600_000);

  let started: number[] = [];
  afterEach(() => {
    for (const pid of started.filter(running)) process.kill(pid, 'SIGKILL');
    started = [];
  });

  /** `npm start` in its own process group, as a terminal starts it. */
  async function npmStart() {
    const port = await freePort();
    const npm = spawnServer(
      ['npm', 'start'],
      {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: 'sqlite::memory:',
      },
      { detached: true },
    );
    child = npm;
    await waitForHealth(npm, 30_000);
    started = descendants(npm.proc.pid as number);
    expect(started.length).toBeGreaterThan(0);
    return { npm, port };
  }

  /** npm has ended: the server too, after its graceful shutdown, and its port is closed. */
  async function expectStopped(npm: ServerProcess, port: number) {
    await npm.exited;
    // The server may outlive npm by a moment, finishing its shutdown: wait up to 15 s for it.
    for (let waited = 0; waited < 15_000 && started.some(running); waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(started.filter(running)).toEqual([]);
    await expect(fetch(`${npm.url}/healthz`)).rejects.toThrow();
    const lines = npm.output().split('\n');
    expect(lines).toContain(`Wavelength is running at http://127.0.0.1:${port}`);
    const logged = lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line).msg);
    expect(logged).toContain('shutting down');
  }

  it('stops the server gracefully on `kill <pid of npm start>` (SIGTERM to npm alone)', async () => {
    const { npm, port } = await npmStart();
    npm.proc.kill('SIGTERM');
    await expectStopped(npm, port);
  }, 60_000);

  it('stops the server gracefully on Ctrl-C (SIGINT to the whole process group)', async () => {
    const { npm, port } = await npmStart();
    process.kill(-(npm.proc.pid as number), 'SIGINT');
    await expectStopped(npm, port);
  }, 60_000);
});
