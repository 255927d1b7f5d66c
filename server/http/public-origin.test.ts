import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CardOrigin, ownOrigins } from './public-origin.js';

const asked = (host: string, protocol: 'http' | 'https' = 'http') => ({ host, protocol }) as FastifyRequest;

describe("a story card's origin", () => {
  it('is PUBLIC_URL whenever it is set', () => {
    const origin = new CardOrigin('https://wavelength.example', ownOrigins('0.0.0.0', 3000, ['192.168.1.20']));
    for (const host of ['localhost:3000', 'evil.example', '192.168.1.20:3000']) {
      expect(origin.of(asked(host))).toBe('https://wavelength.example');
    }
  });

  it("is the address asked at when it is this server's own, else the first other one, for good", () => {
    const fixed: string[] = [];
    const origin = new CardOrigin(undefined, ownOrigins('0.0.0.0', 3000, ['192.168.1.20']), (o) => fixed.push(o));
    // People on one Wi-Fi: the laptop's localhost and the phone's network address each get their own link.
    expect(origin.of(asked('localhost:3000'))).toBe('http://localhost:3000');
    expect(origin.of(asked('192.168.1.20:3000'))).toBe('http://192.168.1.20:3000');
    // Any other host: the first one seen holds, whatever comes next.
    expect(origin.of(asked('wave.example', 'https'))).toBe('https://wave.example');
    for (const host of ['evil.example', 'localhost:3001', '192.168.1.20:80', 'WAVE.example']) {
      expect(origin.of(asked(host))).toBe('https://wave.example');
    }
    expect(fixed).toEqual(['https://wave.example']);
  });

  it("lists this server's own addresses at its port", () => {
    expect(ownOrigins('127.0.0.1', 3000, ['192.168.1.20'])).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    expect(ownOrigins('::', 8080, ['10.0.0.5', 'fe80::1'])).toEqual([
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
      'http://10.0.0.5:8080',
      'http://[fe80::1]:8080',
    ]);
  });
});
