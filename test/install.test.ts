/**
 * What a fresh `npm install` / `npm ci` does: every locked package runs on the oldest Node the
 * project supports (no EBADENGINE warning), every install script it needs is declared, and the
 * lock file holds every platform's optional builds, so `npm ci` works on macOS, Windows and Linux
 * (glibc or musl, x64 or arm64) and not only on the machine that wrote the lock.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../server/paths.js';

const manifest = JSON.parse(readFileSync(join(ROOT_DIR, 'package.json'), 'utf8')) as {
  engines: { node: string };
  allowScripts?: Record<string, boolean>;
};
const lock = JSON.parse(readFileSync(join(ROOT_DIR, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

interface LockEntry {
  version?: string;
  engines?: { node?: string };
  optional?: boolean;
  hasInstallScript?: boolean;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
}

const oldestNode = semver.minVersion(manifest.engines.node)?.version ?? '';
const locked = Object.entries(lock.packages).filter(([path]) => path !== '');
const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** The lock entry Node would load for `name` required from the package at `from` (nearest node_modules up). */
function resolveFrom(from: string, name: string): LockEntry | undefined {
  let dir = from;
  for (;;) {
    const entry = lock.packages[`${dir === '' ? '' : `${dir}/`}node_modules/${name}`];
    if (entry) return entry;
    if (dir === '') return undefined;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent === -1 ? '' : dir.slice(0, parent);
  }
}

/** Platforms `npm ci` must work on: each has a native build of every package that ships them. */
const PLATFORMS = [
  { name: 'macOS x64', os: 'darwin', cpu: 'x64' },
  { name: 'macOS arm64', os: 'darwin', cpu: 'arm64' },
  { name: 'Windows x64', os: 'win32', cpu: 'x64' },
  { name: 'Linux x64 (glibc)', os: 'linux', cpu: 'x64', libc: 'glibc' },
  { name: 'Linux arm64 (glibc)', os: 'linux', cpu: 'arm64', libc: 'glibc' },
  { name: 'Linux x64 (musl)', os: 'linux', cpu: 'x64', libc: 'musl' },
  { name: 'Linux arm64 (musl)', os: 'linux', cpu: 'arm64', libc: 'musl' },
];

const fits = (entry: LockEntry, platform: (typeof PLATFORMS)[number]) =>
  (entry.os?.includes(platform.os) ?? true) &&
  (entry.cpu?.includes(platform.cpu) ?? true) &&
  (entry.libc === undefined || (platform.libc !== undefined && entry.libc.includes(platform.libc)));

/** Locked packages that ship native builds as optional per-platform packages (rollup, esbuild, biome, resvg…). */
const withPlatformBuilds = locked.filter(([, entry]) =>
  Object.keys(entry.optionalDependencies ?? {}).some((name) => /(darwin|win32|linux)/.test(name)),
);

describe('npm install on a fresh machine', () => {
  it(`installs only packages that run on Node ${oldestNode}, the oldest the engines field allows`, () => {
    const tooNew = locked
      .filter(([, entry]) => !entry.optional && entry.engines?.node !== undefined)
      .filter(([, entry]) => !semver.satisfies(oldestNode, entry.engines?.node ?? '*'))
      .map(([path, entry]) => `${nameOf(path)} needs Node ${entry.engines?.node}`);
    expect(tooNew).toEqual([]);
  });

  it('declares every install script it runs in allowScripts', () => {
    const undeclared = locked
      .filter(([, entry]) => entry.hasInstallScript && !entry.optional)
      .map(([path]) => nameOf(path))
      .filter((name) => manifest.allowScripts?.[name] !== true);
    expect(undeclared).toEqual([]);
  });

  it('locks every optional dependency of every locked package (npm ci refuses a lock that lacks one)', () => {
    const missing = locked.flatMap(([path, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => resolveFrom(path, name) === undefined)
        .map((name) => `${nameOf(path)}@${entry.version} → ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('locks, for rollup, esbuild, biome and resvg, a build for macOS, Windows and Linux glibc and musl', () => {
    const names = withPlatformBuilds.map(([path]) => nameOf(path));
    expect(names).toEqual(expect.arrayContaining(['rollup', 'esbuild', '@biomejs/biome', '@resvg/resvg-js']));
    const lacking = withPlatformBuilds.flatMap(([path, entry]) =>
      PLATFORMS.filter(
        (platform) =>
          !Object.keys(entry.optionalDependencies ?? {}).some((name) => {
            const build = resolveFrom(path, name);
            return (
              build !== undefined &&
              semver.satisfies(build.version ?? '', entry.optionalDependencies?.[name] ?? '') &&
              fits(build, platform)
            );
          }),
      ).map((platform) => `${nameOf(path)}@${entry.version} has no ${platform.name} build`),
    );
    expect(lacking).toEqual([]);
  });

  it('is how CI and the Docker image install: npm ci, never npm install', () => {
    for (const file of ['Dockerfile', '.ci/run']) {
      const commands = readFileSync(join(ROOT_DIR, file), 'utf8')
        .split('\n')
        .filter((line) => !line.trim().startsWith('#'))
        .join('\n');
      expect(commands, file).toMatch(/\bnpm ci\b/);
      expect(commands, file).not.toMatch(/\bnpm (install|i)\b/);
    }
  });
});
