#!/usr/bin/env node
// The Docker image's build stage runs this after `npm prune --omit=dev`: it removes what the
// server never loads but npm keeps.
// - Packages reached only through optional peer dependencies of runtime packages (@lingui/core's
//   optional peer, the Lingui macro, brings Babel, TypeScript, jiti… ≈ 17 MB) and install-time
//   helpers (prebuild-install).
// - better-sqlite3's compiler leftovers: SQLite's sources, object files and the static library
//   (≈ 25 MB); only build/Release/better_sqlite3.node is loaded.
// - Source maps and TypeScript files (type declarations, packages' .ts sources) in node_modules and
//   dist: the image runs JavaScript, without --enable-source-maps, and no runtime entry is .ts.
// - The scripts a running image has no use for (builds, icons, screenshots…): only those the
//   README runs with `docker exec` stay (IMAGE_SCRIPTS).
// `--dry-run` lists what it would remove and removes nothing.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Packages only a dependency's install script uses. */
const INSTALL_ONLY = new Set(['prebuild-install']);

/** The scripts the image keeps: `docker exec wavelength npm run admin` and `node scripts/backup.mjs`. */
export const IMAGE_SCRIPTS = new Set(['admin.mjs', 'backup.mjs']);

/** Files no running server reads: source maps and TypeScript (declarations and sources). */
const UNREAD_FILE = /\.(map|ts|mts|cts)$/;

/** Lock paths (node_modules/…) of the packages the production dependencies load, from the lock file. */
export function runtimePackages(lock) {
  const packages = lock.packages;
  const resolve = (from, name) => {
    let dir = from;
    for (;;) {
      const path = `${dir === '' ? '' : `${dir}/`}node_modules/${name}`;
      if (packages[path]) return path;
      if (dir === '') return undefined;
      const parent = dir.lastIndexOf('/node_modules/');
      dir = parent === -1 ? '' : dir.slice(0, parent);
    }
  };
  const kept = new Set();
  const visit = (from, names) => {
    for (const name of names) {
      if (INSTALL_ONLY.has(name)) continue;
      const path = resolve(from, name);
      if (path === undefined || kept.has(path)) continue;
      kept.add(path);
      const entry = packages[path];
      const requiredPeers = Object.keys(entry.peerDependencies ?? {}).filter(
        (peer) => !entry.peerDependenciesMeta?.[peer]?.optional,
      );
      visit(path, [
        ...Object.keys(entry.dependencies ?? {}),
        ...Object.keys(entry.optionalDependencies ?? {}),
        ...requiredPeers,
      ]);
    }
  };
  const root = packages[''];
  visit('', [...Object.keys(root.dependencies ?? {}), ...Object.keys(root.optionalDependencies ?? {})]);
  return kept;
}

/** Files under better-sqlite3 that only its compilation needed. */
function sqliteLeftovers(moduleDir) {
  const leftovers = ['deps', 'src', 'binding.gyp'].map((name) => join(moduleDir, name));
  const build = join(moduleDir, 'build');
  if (existsSync(build)) {
    for (const name of readdirSync(build)) if (name !== 'Release') leftovers.push(join(build, name));
    const release = join(build, 'Release');
    if (existsSync(release)) {
      for (const name of readdirSync(release)) if (name !== 'better_sqlite3.node') leftovers.push(join(release, name));
    }
  }
  return leftovers.filter((path) => existsSync(path));
}

/**
 * Source maps and TypeScript files under `dir` (relative to `root`), skipping the folders in
 * `skipped` (packages removed whole).
 */
function unreadFiles(root, dir, skipped) {
  const found = [];
  const visit = (relative) => {
    if (skipped.has(relative)) return;
    for (const entry of readdirSync(join(root, relative), { withFileTypes: true })) {
      const path = `${relative}/${entry.name}`;
      if (entry.isDirectory()) visit(path);
      else if (UNREAD_FILE.test(entry.name)) found.push(path);
    }
  };
  if (existsSync(join(root, dir))) visit(dir);
  return found;
}

/** The scripts the image does not keep. */
function devScripts(root) {
  return readdirSync(join(root, 'scripts'))
    .filter((name) => !IMAGE_SCRIPTS.has(name))
    .map((name) => `scripts/${name}`);
}

function bytes(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + bytes(join(path, name)), 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const dryRun = process.argv.includes('--dry-run');
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const kept = runtimePackages(lock);
  const unused = Object.keys(lock.packages)
    .filter((path) => path !== '' && !kept.has(path))
    .filter((path) => existsSync(join(root, path)));
  const leftovers = sqliteLeftovers(join(root, 'node_modules', 'better-sqlite3')).map((path) =>
    path.slice(root.length),
  );
  const skipped = new Set([...unused, ...leftovers]);
  const unread = [...unreadFiles(root, 'node_modules', skipped), ...unreadFiles(root, 'dist', skipped)];
  const scripts = devScripts(root);
  const removed = [...unused, ...leftovers, ...unread, ...scripts];
  const size = removed.reduce((sum, path) => sum + bytes(join(root, path)), 0);
  if (dryRun) for (const path of removed) console.log(path);
  else for (const path of removed) rmSync(join(root, path), { recursive: true, force: true });
  console.log(
    `${dryRun ? 'Would remove' : 'Removed'} ${unused.length} packages the server never loads and ${leftovers.length} build leftovers of better-sqlite3, ${unread.length} source maps and TypeScript files, and ${scripts.length} scripts (${(size / 1e6).toFixed(1)} MB).`,
  );
}
