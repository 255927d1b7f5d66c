import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../paths.js';
import { createGame, testApp } from '../testing/app.js';
import { clientFixture, metaTags, pngSize } from '../testing/web.js';

let app: FastifyInstance;
afterEach(() => app?.close());

describe('link previews of join links', () => {
  it("name the game's creator, with an absolute 1200×630 image made for that game", async () => {
    app = await testApp({}, { clientDir: clientFixture() });
    const { gameId } = await createGame(app, 'spectrum', undefined, 'Ana');
    const response = await app.inject({ method: 'GET', url: `/join/${gameId}`, headers: { host: 'play.test:8080' } });
    expect(response.statusCode).toBe(200);
    const tags = metaTags(response.body);
    expect(tags.get('og:title')).toBe('Ana wants to know how in tune you are');
    expect(tags.get('twitter:title')).toBe('Ana wants to know how in tune you are');
    expect(tags.get('og:description')).toMatch(/Ana.*Spectrum/);
    expect(tags.get('og:url')).toBe(`http://play.test:8080/join/${gameId}`);
    expect(tags.get('og:image')).toBe(`http://play.test:8080/og/${gameId}.png`);
    expect(tags.get('twitter:card')).toBe('summary_large_image');
    // The tags replace the marker in the real index.html, once.
    expect(response.body).not.toContain('<!-- link-preview');
    expect(response.body.match(/property="og:title"/g)).toHaveLength(1);
  });

  it('give an unknown game the generic tags', async () => {
    app = await testApp({}, { clientDir: clientFixture() });
    const response = await app.inject({ method: 'GET', url: '/join/NoSuchGame123456', headers: { host: 'play.test' } });
    expect(response.statusCode).toBe(200);
    const tags = metaTags(response.body);
    expect(tags.get('og:title')).toBe('Wavelength: how in tune are your friends with you?');
    expect(tags.get('og:image')).toBe('http://play.test/og-image.png');
    expect(tags.get('twitter:card')).toBe('summary_large_image');
    expect(response.body).not.toContain('wants to know');
  });

  it('escape a creator name full of markup wherever it goes', async () => {
    app = await testApp({}, { clientDir: clientFixture() });
    const name = `<script>"&'</script><b x="1">`;
    const { gameId } = await createGame(app, 'classic', undefined, name);
    const response = await app.inject({ method: 'GET', url: `/join/${gameId}` });
    expect(response.body).not.toContain('<script>');
    expect(response.body).not.toContain('<b x=');
    expect(response.body).toContain(
      '<meta property="og:title" content="&lt;script&gt;&quot;&amp;&#39;&lt;/script&gt;&lt;b x=&quot;1&quot;&gt; wants to know how in tune you are" />',
    );
    expect(metaTags(response.body).get('twitter:title')).toBe(`${name} wants to know how in tune you are`);
    const image = await app.inject({ method: 'GET', url: `/og/${gameId}.png` });
    expect(image.statusCode).toBe(200);
    expect(pngSize(image.rawPayload)).toEqual({ width: 1200, height: 630 });
  });

  it('arrive compressed when the browser accepts it, as the same page', async () => {
    app = await testApp({}, { clientDir: clientFixture() });
    const { gameId } = await createGame(app, 'spectrum', undefined, 'Ana');
    const url = `/join/${gameId}`;
    const plain = await app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('use PUBLIC_URL for absolute URLs, whatever host the request came to', async () => {
    app = await testApp({ PUBLIC_URL: 'https://wavelength.example/' }, { clientDir: clientFixture() });
    const { gameId } = await createGame(app, 'classic', undefined, 'Bo');
    const response = await app.inject({ method: 'GET', url: `/join/${gameId}`, headers: { host: '10.0.0.5:3000' } });
    const tags = metaTags(response.body);
    expect(tags.get('og:url')).toBe(`https://wavelength.example/join/${gameId}`);
    expect(tags.get('og:image')).toBe(`https://wavelength.example/og/${gameId}.png`);
    const landing = metaTags((await app.inject({ method: 'GET', url: '/spectrum' })).body);
    expect(landing.get('og:url')).toBe('https://wavelength.example/spectrum');
    expect(landing.get('og:image')).toBe('https://wavelength.example/og-image.png');
  });
});

describe('game pages', () => {
  it("preload the code of the screen they open on, from Vite's build manifest", async () => {
    const dir = clientFixture();
    mkdirSync(join(dir, '.vite'));
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, dynamicImports: ['screens/Join.tsx'] },
      '_Shared-3.js': { file: 'assets/Shared-3.js', imports: ['index.html'] },
      'screens/Join.tsx': { file: 'assets/Join-2.js', isDynamicEntry: true, imports: ['index.html', '_Shared-3.js'] },
    };
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    app = await testApp({}, { clientDir: dir });
    const joinPage = await app.inject({ method: 'GET', url: '/join/NoSuchGame123456' });
    const preloads = [...joinPage.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map(
      (m) => m[1],
    );
    expect(preloads).toEqual(['/assets/Join-2.js', '/assets/Shared-3.js']);
    for (const url of ['/spectrum', '/result/NoSuchGame123456']) {
      expect((await app.inject({ method: 'GET', url })).body, url).not.toContain('modulepreload');
    }
  });
});

describe('link-preview images', () => {
  it('are 1200×630 PNGs, cached by browsers and proxies for a day; an unknown game is a 404', async () => {
    app = await testApp();
    const { gameId } = await createGame(app, 'spectrum', undefined, 'Ana');
    const image = await app.inject({ method: 'GET', url: `/og/${gameId}.png` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=86400');
    expect(pngSize(image.rawPayload)).toEqual({ width: 1200, height: 630 });
    // The test output keeps a sample to look at.
    mkdirSync(join(ROOT_DIR, 'test-results'), { recursive: true });
    writeFileSync(join(ROOT_DIR, 'test-results', 'og-image-sample.png'), image.rawPayload);

    const again = await app.inject({ method: 'GET', url: `/og/${gameId}.png` });
    expect(again.rawPayload.equals(image.rawPayload)).toBe(true);

    const generic = await app.inject({ method: 'GET', url: '/og-image.png' });
    expect(generic.headers['content-type']).toBe('image/png');
    expect(pngSize(generic.rawPayload)).toEqual({ width: 1200, height: 630 });

    for (const url of ['/og/NoSuchGame123456.png', `/og/${gameId}.jpg`, `/og/${gameId}`]) {
      const missing = await app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json()).toEqual({ code: 'unknown_game', message: 'There is no such game.' });
    }
  });
});

describe('search engines', () => {
  it('keep game pages out of their index, landing pages in', async () => {
    app = await testApp({}, { clientDir: clientFixture() });
    const { gameId } = await createGame(app, 'spectrum');
    for (const page of ['join', 'result', 'endscreen', 'scoreboard', 'creator', 'comparison']) {
      const url = page === 'comparison' ? `/comparison/${gameId}/somefriend` : `/${page}/${gameId}`;
      const response = await app.inject({ method: 'GET', url });
      expect(response.body, page).toContain('<meta name="robots" content="noindex" />');
      expect(response.headers['x-robots-tag'], page).toBe('noindex');
    }
    for (const url of ['/', '/spectrum', '/classic']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('noindex');
      expect(response.headers['x-robots-tag'], url).toBeUndefined();
      expect(metaTags(response.body).get('og:title'), url).toBe('Wavelength: how in tune are your friends with you?');
    }
  });
});
