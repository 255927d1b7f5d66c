/**
 * scripts/prune-for-image.mjs, run in the Docker image's build stage after `npm prune --omit=dev`:
 * it must drop the build-only packages npm keeps and better-sqlite3's compiler leftovers, and
 * never a package the server loads. (Dry run on this checkout's full install: nothing is removed.)
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../server/paths.js';

interface LockEntry {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}
const lock = JSON.parse(readFileSync(join(ROOT_DIR, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

const output = execFileSync(process.execPath, [join(ROOT_DIR, 'scripts', 'prune-for-image.mjs'), '--dry-run'], {
  encoding: 'utf8',
})
  .trim()
  .split('\n');
const removed = new Set(output.slice(0, -1));

function resolveFrom(from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const path = `${dir === '' ? '' : `${dir}/`}node_modules/${name}`;
    if (lock.packages[path]) return path;
    if (dir === '') return undefined;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent === -1 ? '' : dir.slice(0, parent);
  }
}

describe('pruning the image', () => {
  it('removes build-only packages and better-sqlite3 compiler leftovers', () => {
    for (const path of [
      'node_modules/typescript',
      'node_modules/@babel/core',
      'node_modules/@lingui/babel-plugin-lingui-macro',
      'node_modules/prebuild-install',
      'node_modules/vite',
      'node_modules/better-sqlite3/deps',
      'node_modules/better-sqlite3/src',
      'node_modules/better-sqlite3/build/Release/obj.target',
    ]) {
      expect(removed, path).toContain(path);
    }
    expect(output.at(-1)).toMatch(/^Would remove \d+ packages the server never loads and \d+ build leftovers/);
  });

  it('keeps every package the production dependencies load, and the compiled SQLite module', () => {
    const kept = Object.keys(lock.packages).filter((path) => path !== '' && !removed.has(path));
    const root = lock.packages[''];
    const broken = [['', root] as const, ...kept.map((path) => [path, lock.packages[path]] as const)]
      .filter(([path]) => path === '' || kept.includes(path))
      .flatMap(([path, entry]) => {
        const names =
          path === ''
            ? Object.keys(root.dependencies ?? {})
            : [
                ...Object.keys(entry.dependencies ?? {}),
                ...Object.keys(entry.peerDependencies ?? {}).filter(
                  (peer) => !entry.peerDependenciesMeta?.[peer]?.optional,
                ),
              ];
        // This platform's optional builds (resvg's, say) are in the lock and must stay.
        const optional = Object.keys(entry.optionalDependencies ?? {}).filter((name) => {
          const target = resolveFrom(path, name);
          return target !== undefined && removed.has(target);
        });
        return names
          .filter((name) => name !== 'prebuild-install')
          .filter((name) => {
            const target = resolveFrom(path, name);
            return target === undefined || removed.has(target);
          })
          .concat(optional)
          .map((name) => `${path || 'the project'} needs ${name}`);
      });
    expect(broken).toEqual([]);
    for (const path of ['node_modules/fastify', 'node_modules/better-sqlite3', 'node_modules/@resvg/resvg-js']) {
      expect(removed).not.toContain(path);
    }
    expect(removed).not.toContain('node_modules/better-sqlite3/build/Release/better_sqlite3.node');
  });
});

describe('what else the image does without', () => {
  /** A built project as the image's build stage has it after `npm prune --omit=dev`, with `files`. */
  function builtProject(files: string[]): string {
    const dir = mkdtempSync(join(tmpdir(), 'wavelength-prune-'));
    for (const file of files) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), '');
    }
    mkdirSync(join(dir, 'scripts'));
    for (const script of readdirSync(join(ROOT_DIR, 'scripts'))) {
      copyFileSync(join(ROOT_DIR, 'scripts', script), join(dir, 'scripts', script));
    }
    const lock = {
      packages: {
        '': { dependencies: { fastify: '5' } },
        'node_modules/fastify': { dependencies: { pino: '9' } },
        'node_modules/pino': {},
      },
    };
    writeFileSync(join(dir, 'package-lock.json'), JSON.stringify(lock));
    execFileSync(process.execPath, [join(dir, 'scripts', 'prune-for-image.mjs')], { cwd: dir, encoding: 'utf8' });
    return dir;
  }

  it('removes source maps, type declarations, TypeScript sources and the dev scripts, and keeps what runs', () => {
    const kept = [
      'dist/server/main.js',
      'dist/client/assets/index-abc.js',
      'dist/client/index.html',
      'node_modules/fastify/fastify.js',
      'node_modules/fastify/package.json',
      'node_modules/pino/pino.js',
      'node_modules/pino/LICENSE',
    ];
    const gone = [
      'dist/server/main.js.map',
      'dist/shared/api.js.map',
      'node_modules/fastify/fastify.d.ts',
      'node_modules/fastify/types/instance.d.ts',
      'node_modules/pino/pino.d.mts',
      'node_modules/pino/lib/types.d.cts',
      'node_modules/pino/src/index.ts',
      'node_modules/pino/pino.js.map',
    ];
    const dir = builtProject([...kept, ...gone]);
    expect(kept.filter((file) => !existsSync(join(dir, file)))).toEqual([]);
    expect(gone.filter((file) => existsSync(join(dir, file)))).toEqual([]);
    // `docker exec wavelength npm run admin …` and `node scripts/backup.mjs …` (README) still work.
    expect(readdirSync(join(dir, 'scripts')).sort()).toEqual(['admin.mjs', 'backup.mjs']);
  });

  it('keeps every script the README and the docs run in the container', () => {
    const docs = [
      join(ROOT_DIR, 'README.md'),
      ...readdirSync(join(ROOT_DIR, 'docs')).map((f) => join(ROOT_DIR, 'docs', f)),
    ]
      .filter((file) => file.endsWith('.md'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const inContainer = [...docs.matchAll(/docker (?:compose )?exec [^\n`]*?(scripts\/[\w.-]+|npm run [\w-]+)/g)].map(
      (match) => match[1],
    );
    expect(inContainer.length).toBeGreaterThan(0);
    const scripts = JSON.parse(readFileSync(join(ROOT_DIR, 'package.json'), 'utf8')).scripts as Record<string, string>;
    const files = inContainer.map((run) =>
      run.startsWith('npm run ') ? (scripts[run.slice(8)].match(/scripts\/[\w.-]+/)?.[0] ?? run) : run,
    );
    const dir = builtProject([]);
    expect(files.filter((file) => !existsSync(join(dir, file)))).toEqual([]);
  });
});
