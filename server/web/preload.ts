import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchPage, PAGE_ROUTES, type Screen, screenModule } from '../../shared/routes.js';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** The source Vite's manifest names a screen's chunk by (the client's root is client/). */
export const screenSource = (screen: Screen) => `screens/${screenModule(screen)}.tsx`;

/**
 * `<link rel="modulepreload">` tags for the lazy screen a game page opens on, read from Vite's
 * build manifest: the screen's code then arrives beside the entry instead of after it (one round
 * trip less before a friend following a join link sees who invited them). The pages that get them
 * are the route table's `preload` ones (shared/routes.ts). Without a manifest, or for a screen it
 * does not know, there are no hints and the page works as before.
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
  const preloaded = new Set(PAGE_ROUTES.filter((route) => route.preload).map((route) => route.screen));
  const tags = new Map(
    [...preloaded].map((screen) => [
      screen,
      files(screenSource(screen), new Set())
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`)
        .join('\n    '),
    ]),
  );
  return (path) => {
    const { route } = matchPage(path);
    return (route.preload && tags.get(route.screen)) || '';
  };
}
