import { describe, expect, it } from 'vitest';
import { listenFailure, servingLines } from './listen.js';

describe('servingLines', () => {
  it('names the one address of a loopback server', () => {
    expect(servingLines({ HOST: '127.0.0.1', PORT: 3000 }, ['192.168.1.20'])).toEqual([
      'Wavelength is running at http://127.0.0.1:3000',
    ]);
  });

  it('lists the addresses a phone on the same network can open when serving every network', () => {
    expect(servingLines({ HOST: '0.0.0.0', PORT: 3000, PUBLIC_URL: 'https://play.example' }, ['192.168.1.20'])).toEqual(
      [
        'Wavelength is running at http://localhost:3000',
        '  on your network: http://192.168.1.20:3000',
        'Share links use PUBLIC_URL: https://play.example',
      ],
    );
  });

  it('says /admin is on when ADMIN_TOKEN is set, never the token, and nothing of it otherwise', () => {
    const token = 'a-token-of-24-characters';
    expect(servingLines({ HOST: '127.0.0.1', PORT: 3000, ADMIN_TOKEN: token }, [])).toEqual([
      'Wavelength is running at http://127.0.0.1:3000',
      '/admin is on (ADMIN_TOKEN is set): http://127.0.0.1:3000/admin',
    ]);
    const anyAddress = servingLines({ HOST: '0.0.0.0', PORT: 3000, ADMIN_TOKEN: token }, ['192.168.1.20']);
    expect(anyAddress.at(-1)).toBe('/admin is on (ADMIN_TOKEN is set): http://localhost:3000/admin');
    expect(anyAddress.join('\n')).not.toContain(token);
    expect(servingLines({ HOST: '0.0.0.0', PORT: 3000 }, []).join('\n')).not.toContain('admin');
  });
});

describe('listenFailure', () => {
  const config = { HOST: '127.0.0.1', PORT: 3000 };
  const failure = (code: string) => Object.assign(new Error(code), { code });

  it('explains a taken port, a privileged port and a foreign host in one line each', () => {
    expect(listenFailure(failure('EADDRINUSE'), config)).toMatch(/^Port 3000 is already in use: .*PORT/);
    expect(listenFailure(failure('EACCES'), config)).toMatch(/^Port 3000 needs more privileges/);
    expect(listenFailure(failure('EADDRNOTAVAIL'), config)).toMatch(/^HOST=127\.0\.0\.1 is not an address/);
  });

  it('leaves any other failure to the logger, with its stack', () => {
    expect(listenFailure(new Error('boom'), config)).toBeUndefined();
  });
});
