import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { API_PREFIX } from './shared/api-prefix.js';

/** Lingui's macros (t`…`, <Trans>) become catalog lookups at build time; English text stays the source. */
export const LINGUI_REACT = { babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } };

const here = fileURLToPath(new URL('.', import.meta.url));
const outDir = resolve(here, 'dist/client');

const COMPRESSIBLE = /\.(js|css|svg|html|json)$/;
const MIN_COMPRESS_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)])),
  );
  return nested.flat();
}

/** Writes .br and .gz next to every text file worth compressing, for the server's precompressed serving. */
function precompress(): Plugin {
  return {
    name: 'wavelength-precompress',
    apply: 'build',
    async closeBundle() {
      const files = (await listFiles(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size <= MIN_COMPRESS_BYTES) return;
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * Marks the entry chunk for eager compilation (V8's explicit compile hints, Chrome 136+): nearly
 * all of it runs while the first screen is drawn, so V8 compiles it on a background thread while it
 * streams in, instead of compiling each function on the main thread at its first call. Added after
 * minification, since the comment must be the file's first line.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
function compileHints(): Plugin {
  return {
    name: 'wavelength-compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite's own, which puts the dynamic imports' file list at the top.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.isEntry) chunk.code = COMPILE_HINT + chunk.code;
        }
      },
    },
  };
}

export default defineConfig({
  root: resolve(here, 'client'),
  plugins: [react(LINGUI_REACT), lingui(), compileHints(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    assetsDir: 'assets',
    // Scripts and styles always ship as files (CSP: script-src/style-src 'self'); only images may become data: URIs.
    assetsInlineLimit: (file) => (/\.(png|jpe?g|gif|webp|avif|svg)$/.test(file) ? undefined : false),
    modulePreload: { polyfill: false },
    // .vite/manifest.json: the server preloads the screen a game link opens on (server/web/preload.ts).
    manifest: true,
    target: 'es2022',
    // Terser makes the entry ≈1.7 kB (gzip) smaller than esbuild: the landing's budget
    // (test/landing-budget.test.ts) is measured on this output, with Terser's one default pass.
    minify: 'terser',
    terserOptions: { ecma: 2020, module: true, compress: { passes: 3, pure_getters: true } },
    rollupOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
  server: {
    proxy: {
      [API_PREFIX]: { target: 'http://localhost:3000', ws: true },
    },
  },
});
