import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { testApp } from '../testing/app.js';
import { clientFixture, pngSize } from '../testing/web.js';

let app: FastifyInstance;
afterEach(() => app?.close());

describe('robots.txt', () => {
  it('lets crawlers read every page, game pages included', async () => {
    app = await testApp({}, { clientDir: clientFixture() });
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toMatch(/^User-agent: \*$/m);
    expect(response.body).not.toMatch(/^Disallow: *\/.+$/m);
  });
});

describe('the installable app', () => {
  it('has a manifest, linked from every page, whose icons are PNGs of their declared sizes', async () => {
    app = await testApp({}, { clientDir: clientFixture() });
    const page = await app.inject({ method: 'GET', url: '/spectrum' });
    expect(page.body).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    const response = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = response.json();
    expect(manifest).toMatchObject({
      name: 'Wavelength',
      short_name: 'Wavelength',
      start_url: '/',
      display: 'standalone',
      theme_color: '#17133f',
    });
    expect(page.body).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`);
    const icons: { src: string; sizes: string; type: string; purpose?: string }[] = manifest.icons;
    expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(icons.filter((icon) => icon.purpose === 'maskable')).toHaveLength(1);
    for (const icon of icons) {
      const file = await app.inject({ method: 'GET', url: icon.src });
      expect(file.statusCode, icon.src).toBe(200);
      expect(file.headers['content-type'], icon.src).toBe(icon.type);
      const { width, height } = pngSize(file.rawPayload);
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });

  it('has a 180 px apple-touch-icon', async () => {
    app = await testApp({}, { clientDir: clientFixture() });
    const page = await app.inject({ method: 'GET', url: '/spectrum' });
    const href = /<link rel="apple-touch-icon" href="([^"]+)" \/>/.exec(page.body)?.[1];
    expect(href).toBeDefined();
    const icon = await app.inject({ method: 'GET', url: href ?? '' });
    expect(icon.headers['content-type']).toBe('image/png');
    expect(pngSize(icon.rawPayload)).toEqual({ width: 180, height: 180 });
  });
});
