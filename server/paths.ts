import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root: the nearest folder above this file holding package.json (works from server/ and dist/server/). */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project root (package.json).');
    dir = parent;
  }
  return dir;
}

export const ROOT_DIR = findRoot();
export const MIGRATIONS_DIR = join(ROOT_DIR, 'migrations');
export const POSTGRES_MIGRATIONS_DIR = join(MIGRATIONS_DIR, 'postgres');
export const SEED_DIR = join(ROOT_DIR, 'seed');
export const CLIENT_DIR = join(ROOT_DIR, 'dist', 'client');
