/**
 * The layering of docs/architecture.md, checked on the real import graph (test/import-graph.ts):
 * no files (nor folders) importing each other in a circle, and no import running back up: client and server
 * never import each other, shared/ imports neither, and inside a side no product file imports a
 * floor above its own (server: the base, then the features, then the assembly: app.ts, main.ts,
 * api.ts, storage/; client: shared code, then features/, then screens/, then App.tsx and main.tsx).
 */
import { describe, expect, it } from 'vitest';
import { ROOT_DIR as root } from '../server/paths.js';
import { arrowsBackUp, cycles, folderCycles, type Import, importGraph, sourceFiles } from './import-graph.js';

const imports = importGraph(root);
const edge = (from: string, to: string, typeOnly = false): Import => ({ from, to, typeOnly, dynamic: false });

describe('the import graph', () => {
  it('reads every source folder and finds their imports', () => {
    const files = sourceFiles(root);
    for (const folder of ['client/', 'server/', 'shared/'])
      expect(files.filter((file) => file.startsWith(folder)).length, folder).toBeGreaterThan(20);
    expect(imports).toContainEqual(edge('server/main.ts', 'server/app.ts'));
    // The lazy screens are dynamic imports, and a type-only import is told apart.
    expect(imports).toContainEqual({
      from: 'client/App.tsx',
      to: 'client/screens/Game.tsx',
      typeOnly: false,
      dynamic: true,
    });
    expect(imports.some((each) => each.typeOnly && each.from.startsWith('client/'))).toBe(true);
  });

  it('has no import cycle, counting type-only imports too', () => {
    expect(cycles(imports.filter((each) => !each.dynamic))).toEqual([]);
  });

  it('has no two folders importing each other (a client feature is one folder), tests aside', () => {
    expect(folderCycles(imports)).toEqual([]);
  });

  it('has no import that runs back up', () => {
    expect(arrowsBackUp(imports)).toEqual([]);
  });

  it('would see a cycle, a cycle of folders and an import running back up', () => {
    expect(cycles([edge('a.ts', 'b.ts'), edge('b.ts', 'c.ts'), edge('c.ts', 'a.ts'), edge('c.ts', 'd.ts')])).toEqual([
      ['a.ts', 'b.ts', 'c.ts'],
    ]);
    expect(
      folderCycles([
        edge('server/web/meta.ts', 'server/cards/og-texts.ts'),
        edge('server/cards/og-card.ts', 'server/web/meta.ts', true),
        edge('client/features/circle/FriendsCircle.tsx', 'client/features/scoreboard/useLiveScoreboard.ts'),
      ]),
    ).toEqual([['server/cards', 'server/web']]);
    expect(
      arrowsBackUp([
        edge('client/features/creator/CreatorTools.tsx', 'client/screens/Landing.tsx', true),
        edge('client/api/calls.ts', 'server/errors.ts', true),
        edge('server/games/routes.ts', 'client/paths.ts'),
        edge('shared/routes.test.ts', 'server/web/preload.ts'),
        edge('server/games/routes.ts', 'server/storage/index.ts'),
        edge('server/http/endpoint.ts', 'server/games/routes.ts'),
        edge('client/components/Logo.tsx', 'client/features/share/ShareLink.tsx'),
        // Allowed: down a floor, within a floor, a test reaching up its side, shared/ from either side.
        edge('server/app.ts', 'server/games/routes.ts'),
        edge('client/features/creator/CreatorTools.tsx', 'client/features/share/ShareLink.tsx'),
        edge('server/games/routes.test.ts', 'server/app.ts'),
        edge('client/screens/Game.tsx', 'shared/product.ts'),
      ]),
    ).toEqual([
      'client/features/creator/CreatorTools.tsx → client/screens/Landing.tsx',
      'client/api/calls.ts → server/errors.ts',
      'server/games/routes.ts → client/paths.ts',
      'shared/routes.test.ts → server/web/preload.ts',
      'server/games/routes.ts → server/storage/index.ts',
      'server/http/endpoint.ts → server/games/routes.ts',
      'client/components/Logo.tsx → client/features/share/ShareLink.tsx',
    ]);
  });
});
