import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanName } from './names.js';
import { NAME_MAX_LENGTH, namedCreator } from './product.js';

/** Every character a name must never hold (one of each kind, and the ends of each range). */
const FORBIDDEN = [
  '\u0000',
  '\u0007',
  '\n',
  '\t',
  '\u007F',
  '\u0085',
  '\u009F',
  '\u061C',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u200E',
  '\u200F',
  '\u2028',
  '\u2029',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2060',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\uFEFF',
];
const LONE_SURROGATES = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF'];
const FORBIDDEN_PATTERN = /[\p{Cc}\u061C\u200B-\u200F\u2028-\u202E\u2060\u2066-\u2069\uFEFF]/u;
// Without the u flag a regex sees UTF-16 code units, so it can find a half without its partner.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Names mixing ordinary text, any code point, spaces, combining marks and every forbidden character. */
const anyName = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 3 }),
      fc.string({ maxLength: 6 }),
      fc.constantFrom(...FORBIDDEN, ...LONE_SURROGATES, ' ', '  ', 'e\u0301', '\u0301', '😀', '👩‍👩‍👧', '\u0958'),
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''));

const codePoints = (text: string) => Array.from(text).length;

describe('cleanName', () => {
  it('keeps an ordinary name, trimmed', () => {
    expect(cleanName('  Ada Lovelace ')).toBe('Ada Lovelace');
    expect(cleanName('Zoë 🎉')).toBe('Zoë 🎉');
    expect(cleanName('')).toBe('');
  });

  it('normalises to NFC', () => {
    expect(cleanName('Zoe\u0308')).toBe('Zo\u00EB');
    expect(cleanName('Zoe\u200B\u0308')).toBe('Zo\u00EB');
  });

  it.each(FORBIDDEN.map((c) => [c.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0'), c]))(
    'removes U+%s',
    (_code, character) => {
      expect(cleanName(`Bo${character}b`)).toBe('Bob');
    },
  );

  it('removes bidi overrides that would make a name read backwards', () => {
    expect(cleanName('\u202Eevil\u202C Bob')).toBe('evil Bob');
    expect(cleanName('\u2067Ada\u2069')).toBe('Ada');
  });

  it('removes lone surrogates, keeps whole emoji', () => {
    expect(cleanName('\uD800A\uDC00da\uD83D\uDE00')).toBe('Ada😀');
    expect(cleanName('\uD800'.repeat(40))).toBe('');
  });

  it('cuts a long name to its first 40 code points, never through an emoji', () => {
    expect(cleanName('x'.repeat(41))).toBe('x'.repeat(40));
    const emoji = '😀'.repeat(41);
    expect(cleanName(emoji)).toBe('😀'.repeat(40));
    expect(cleanName(`${'a'.repeat(39)} b`)).toBe('a'.repeat(39));
  });

  it('cuts after cleaning: removed characters do not count', () => {
    expect(cleanName(`${'\u200B'.repeat(100)}${'y'.repeat(40)}`)).toBe('y'.repeat(40));
  });

  it('output never holds a forbidden character', () => {
    fc.assert(
      fc.property(anyName, (name) => {
        const clean = cleanName(name);
        expect(clean).not.toMatch(FORBIDDEN_PATTERN);
        expect(clean).not.toMatch(LONE_SURROGATE);
      }),
      { numRuns: 2000 },
    );
  });

  it(`output is at most ${NAME_MAX_LENGTH} code points, trimmed and in NFC`, () => {
    fc.assert(
      fc.property(anyName, (name) => {
        const clean = cleanName(name);
        expect(codePoints(clean)).toBeLessThanOrEqual(NAME_MAX_LENGTH);
        expect(clean).toBe(clean.trim());
        expect(clean).toBe(clean.normalize('NFC'));
      }),
      { numRuns: 2000 },
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(anyName, (name) => {
        const once = cleanName(name);
        expect(cleanName(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the empty-name rule (namedCreator, its one owner)', () => {
  it('keeps a name as typed, trimmed, and calls blank or whitespace no name at all', () => {
    expect(namedCreator(' Bo ')).toBe('Bo');
    for (const blank of ['', '   ', '\t\n']) expect(namedCreator(blank)).toBeNull();
  });
});
