/**
 * What a fresh `npm install` does: every locked package runs on the oldest Node the project
 * supports (no EBADENGINE warning), and every install script it needs is declared.
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
  packages: Record<string, { engines?: { node?: string }; optional?: boolean; hasInstallScript?: boolean }>;
};

const oldestNode = semver.minVersion(manifest.engines.node)?.version ?? '';
const locked = Object.entries(lock.packages).filter(([path]) => path !== '');
const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

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
});
