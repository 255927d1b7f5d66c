#!/usr/bin/env node
// `npm run admin -- <command>`: the admin's command line (server/admin-cli.ts). From a checkout it
// runs the source with tsx; in the image (no dev dependencies) the built dist/server/admin-cli.js.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const source = join(root, 'server', 'admin-cli.ts');
const built = join(root, 'dist', 'server', 'admin-cli.js');
const args = process.argv.slice(2);

const [command, commandArgs] =
  existsSync(tsx) && existsSync(source) ? [tsx, [source, ...args]] : [process.execPath, [built, ...args]];
if (command === process.execPath && !existsSync(built)) {
  console.error('The admin command line is not built: run npm run build first.');
  process.exit(1);
}
const result = spawnSync(command, commandArgs, { stdio: 'inherit' });
process.exit(result.status ?? 1);
