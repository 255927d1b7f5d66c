/**
 * The Dockerfile and its build context, read as files (no Docker engine on the CI machines): the
 * image must build on Docker 20.10 (Debian 12's docker.io, the oldest engine a stable
 * distribution still ships, whose classic builder stops at any flag it does not know: "Unknown
 * flag: start-interval"), and the context must carry what the build reads and nothing else big.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../server/paths.js';

/**
 * Docker 20.10's classic builder: its instructions and each one's flags (BuildKit-only ones such
 * as `RUN --mount`, `COPY --chmod` / `--link` and `HEALTHCHECK --start-interval` are not here).
 */
const DOCKER_20_10: Record<string, string[]> = {
  FROM: ['platform'],
  RUN: [],
  CMD: [],
  LABEL: [],
  EXPOSE: [],
  ENV: [],
  ADD: ['chown'],
  COPY: ['chown', 'from'],
  ENTRYPOINT: [],
  VOLUME: [],
  USER: [],
  WORKDIR: [],
  ARG: [],
  ONBUILD: [],
  STOPSIGNAL: [],
  HEALTHCHECK: ['interval', 'timeout', 'start-period', 'retries'],
  SHELL: [],
};

const dockerfile = readFileSync(join(ROOT_DIR, 'Dockerfile'), 'utf8');

/** The Dockerfile's instructions, continuation lines joined, comments left out. */
const instructions = dockerfile
  .replace(/\\\n(\s*#[^\n]*\n)*/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'))
  .map((line) => {
    const [keyword, ...words] = line.split(/\s+/);
    const flags = [];
    for (const word of words) {
      if (!word.startsWith('--')) break;
      flags.push(word.slice(2).split('=')[0]);
    }
    return { line, keyword: keyword.toUpperCase(), flags };
  });

describe('the Dockerfile on Docker 20.10', () => {
  it('uses only instructions and flags its classic builder knows', () => {
    expect(instructions.length).toBeGreaterThan(10);
    const unknown = instructions.flatMap(({ line, keyword, flags }) => {
      const known = DOCKER_20_10[keyword];
      if (known === undefined) return [`${keyword} (${line})`];
      return flags.filter((flag) => !known.includes(flag)).map((flag) => `${keyword} --${flag}`);
    });
    expect(unknown).toEqual([]);
  });

  it('has no here-documents, no platform arguments only BuildKit sets, and no frontend to pull', () => {
    expect(dockerfile).not.toMatch(/<<-?\s*["']?[A-Z]+/);
    expect(dockerfile).not.toMatch(/\$\{?(TARGET|BUILD)(PLATFORM|OS|ARCH|VARIANT)/);
    // A `# syntax=` directive makes BuildKit pull a frontend image before it builds anything.
    expect(dockerfile).not.toMatch(/^#\s*syntax\s*=/m);
  });
});

/** Whether .dockerignore leaves `path` (a top-level file or folder) out of the build context. */
function ignored(path: string): boolean {
  const patterns = readFileSync(join(ROOT_DIR, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  let out = false;
  for (const pattern of patterns) {
    const negated = pattern.startsWith('!');
    const glob = (negated ? pattern.slice(1) : pattern).replace(/^\/+|\/+$/g, '');
    const regex = new RegExp(
      `^${glob
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '[^/]*')
        .replace(/\?/g, '[^/]')}$`,
    );
    if (regex.test(path)) out = !negated;
  }
  return out;
}

describe('the build context (.dockerignore)', () => {
  it('leaves out the docs, the tests, the benchmarks and what the build makes', () => {
    for (const path of ['docs', 'test', 'bench', 'deploy', 'compose.yaml', 'node_modules', 'dist', '.git', 'data']) {
      expect(ignored(path), path).toBe(true);
    }
  });

  it('sends everything the build reads and the final stage copies', () => {
    // `npm ci`, then `npm run build`: Vite (its config, Lingui's, the client) and tsc (the server).
    const read = [
      'package.json',
      'package-lock.json',
      'client',
      'shared',
      'server',
      'vite.config.ts',
      'lingui.config.ts',
      'tsconfig.json',
      'tsconfig.server.json',
      'scripts',
    ];
    const copied = [...dockerfile.matchAll(/^COPY --from=build \/app\/([^/\s]+)/gm)]
      .map((match) => match[1])
      .filter((path) => path !== 'dist' && path !== 'node_modules');
    expect(copied).toEqual(expect.arrayContaining(['migrations', 'seed', 'scripts']));
    expect([...read, ...copied].filter(ignored)).toEqual([]);
  });
});
