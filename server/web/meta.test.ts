import { describe, expect, it } from 'vitest';
import { drawableName } from '../cards/og-card.js';
import { ConfigError, loadConfig } from '../config.js';
import { acceptedEncoding } from './compress.js';
import { escapeHtml, injectTags, isGamePage, joinGameId, previewTags } from './meta.js';

describe('preview tags', () => {
  it('escape every character that could end an attribute or open a tag', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
  });

  it('keep replacement patterns in a name literal', () => {
    const tags = previewTags({
      origin: 'https://w.example',
      path: '/join/g1',
      game: { id: 'g1', preview: { creatorName: "$& $' $`", edition: 'classic' } },
    });
    const html = injectTags('<head><!-- link-preview --></head>', tags);
    expect(html).toContain('content="$&amp; $&#39; $` wants to know how in tune you are"');
  });

  it('go at the end of the head when index.html has no marker', () => {
    const tags = previewTags({ origin: 'https://w.example', path: '/' });
    const html = injectTags('<html><head><title>x</title></head><body></body></html>', tags);
    expect(html.indexOf('og:title')).toBeGreaterThan(html.indexOf('<title>'));
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
  });

  it('ask on behalf of "Your friend" when the creator typed no name, never "Anonymous"', () => {
    const tags = previewTags({
      origin: 'https://w.example',
      path: '/join/g1',
      game: { id: 'g1', preview: { creatorName: '', edition: 'spectrum' } },
    });
    expect(tags.title).toBe('Your friend wants to know how in tune you are');
    expect(tags.description).toBe(
      'Answer the same questions as your friend in Wavelength Spectrum and get your compatibility score from 0 to 10.',
    );
  });

  it('tell game pages from landing pages', () => {
    for (const path of ['/join/abc', '/result/abc', '/endscreen/abc', '/scoreboard/abc/', '/spectrum/game/new-game']) {
      expect(isGamePage(path), path).toBe(true);
    }
    for (const path of ['/', '/spectrum', '/classic', '/join', '/robots.txt']) {
      expect(isGamePage(path), path).toBe(false);
    }
    expect(joinGameId('/join/abc%20d')).toBe('abc d');
    expect(joinGameId('/join/%E0%A4%A')).toBeUndefined();
    expect(joinGameId('/result/abc')).toBeUndefined();
  });
});

describe('names on the card', () => {
  it('keep what the shipped font and emoji pictures draw and leave out the rest', () => {
    expect(drawableName('Ana')).toBe('Ana');
    expect(drawableName('Жанна Ελένη Tiến Żółć')).toBe('Жанна Ελένη Tiến Żółć');
    // Emoji are drawn from Noto's pictures (server/cards/emoji.ts); CJK and flags are not.
    expect(drawableName('Ana 🌸 漢字')).toBe('Ana 🌸');
    expect(drawableName('👩‍👩‍👧')).toBe('👩‍👩‍👧');
    expect(drawableName('漢字')).toBe('');
  });
});

describe('PUBLIC_URL', () => {
  it('is an absolute http(s) URL, kept without its trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://wavelength.example/' }).PUBLIC_URL).toBe('https://wavelength.example');
    expect(loadConfig({}).PUBLIC_URL).toBeUndefined();
    for (const bad of ['wavelength.example', 'ftp://wavelength.example', 'javascript:alert(1)']) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(ConfigError);
    }
    expect(() => loadConfig({ PUBLIC_URL: 'nope' })).toThrow(/^Invalid PUBLIC_URL="nope": must be an absolute/);
  });
});

describe('acceptedEncoding', () => {
  it('prefers brotli, honours q=0, and falls back to none', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });
});
