import { copyFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT_DIR } from '../paths.js';

// Helpers of the tests of server/web/ (not part of the app, so not built into dist/).

/** The client as the server sees it after a build: the real index.html and public/ files, in a temp dir. */
export function clientFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wavelength-previews-'));
  const source = join(ROOT_DIR, 'client');
  copyFileSync(join(source, 'index.html'), join(dir, 'index.html'));
  for (const file of readdirSync(join(source, 'public'))) copyFileSync(join(source, 'public', file), join(dir, file));
  return dir;
}

/** The content of every `<meta property|name="…">` in a page, unescaped as a browser reads it. */
export function metaTags(html: string): Map<string, string> {
  const decodeEntities = (value: string) =>
    value
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  const tags = new Map<string, string>();
  for (const match of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)) {
    tags.set(match[1], decodeEntities(match[2]));
  }
  return tags;
}

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a' || png.subarray(12, 16).toString('ascii') !== 'IHDR') {
    throw new Error('not a PNG');
  }
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
