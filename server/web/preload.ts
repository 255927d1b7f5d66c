import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

// The screen each game page shows first (client/App.tsx), by the source Vite's manifest names it by.
const SCREENS: Record<string, string> = {
  join: 'routes/Join.tsx',
  result: 'routes/Result.tsx',
  endscreen: 'routes/EndScreen.tsx',
  scoreboard: 'routes/Scoreboard.tsx',
};

/**
 * `<link rel="modulepreload">` tags for the lazy screen a game page opens on, read from Vite's
 * build manifest: the screen's code then arrives beside the entry instead of after it (one round
 * trip less before a friend following a join link sees who invited them). Without a manifest, or
 * for a screen it does not know, there are no hints and the page works as before.
 */
export function screenPreloads(clientDir: string): (path: string) => string {
  const manifestPath = join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return () => '';
  const manifest: Record<string, ManifestChunk> = JSON.parse(readFileSync(manifestPath, 'utf8'));

  const files = (key: string, seen: Set<string>): string[] => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || seen.has(key)) return [];
    seen.add(key);
    return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => files(imported, seen))];
  };
  const tags = new Map(
    Object.entries(SCREENS).map(([page, source]) => [
      page,
      files(source, new Set())
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`)
        .join('\n    '),
    ]),
  );
  return (path) => tags.get(/^\/([a-z]+)\/[^/]+\/?$/.exec(path)?.[1] ?? '') ?? '';
}
