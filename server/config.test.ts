import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, questionsDir } from './config.js';
import { SEED_DIR } from './paths.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATABASE_URL: 'sqlite:./data/wavelength.db',
      QUESTIONS_PER_GAME: 10,
      LOG_LEVEL: 'info',
      ALLOWED_ORIGINS: [],
      TRUST_PROXY: false,
      DATABASE_POOL_SIZE: 10,
      DATABASE_CONNECT_TIMEOUT_MS: 10_000,
    });
    expect(loadConfig({}).BUS_URL).toBeUndefined();
    expect(loadConfig({}).GA_MEASUREMENT_ID).toBeUndefined();
    expect(loadConfig({}).QUESTIONS_DIR).toBeUndefined();
    expect(questionsDir(loadConfig({ QUESTIONS_DIR: '' }))).toBe(SEED_DIR);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'sqlite::memory:',
      QUESTIONS_PER_GAME: '12',
      GA_MEASUREMENT_ID: 'G-ABC123',
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
      ALLOWED_ORIGINS: 'https://a.example, https://b.example/',
      TRUST_PROXY: 'true',
      QUESTIONS_DIR: './my-questions',
      MAX_PLAYERS_PER_GAME: '200',
      LIVE_SOCKETS_PER_ADDRESS: '5',
      REQUEST_TIMEOUT_MS: '10000',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      QUESTIONS_PER_GAME: 12,
      RATE_LIMIT_PER_MINUTE: 0,
      ALLOWED_ORIGINS: ['https://a.example', 'https://b.example'],
      QUESTIONS_DIR: './my-questions',
      TRUST_PROXY: 1,
      MAX_PLAYERS_PER_GAME: 200,
      LIVE_SOCKETS_PER_ADDRESS: 5,
      REQUEST_TIMEOUT_MS: 10000,
    });
    expect(questionsDir(config)).toBe('./my-questions');
  });

  it('applies the hardening defaults', () => {
    expect(loadConfig({})).toMatchObject({
      MAX_PLAYERS_PER_GAME: 1000,
      LIVE_SOCKETS_PER_ADDRESS: 50,
      REQUEST_TIMEOUT_MS: 30_000,
      CO_CREATORS_PER_GAME: 20,
      PARTY_MAX_PLAYERS: 50,
    });
    expect(loadConfig({ CO_CREATORS_PER_GAME: '3' }).CO_CREATORS_PER_GAME).toBe(3);
  });

  it.each([
    ['false', false],
    ['0', false],
    ['true', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.1 ,::1,fd00::/8', ['10.0.0.0/8', '192.168.1.1', '::1', 'fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('reads TRUST_PROXY=%s (true is one hop, never "trust every hop")', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('accepts a PostgreSQL URL and a pool size', () => {
    expect(
      loadConfig({ DATABASE_URL: 'postgres://app:secret@db:5432/wavelength', DATABASE_POOL_SIZE: '25' }),
    ).toMatchObject({ DATABASE_URL: 'postgres://app:secret@db:5432/wavelength', DATABASE_POOL_SIZE: 25 });
    expect(loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: '2500' }).DATABASE_CONNECT_TIMEOUT_MS).toBe(2500);
  });

  it('takes a Redis BUS_URL with PostgreSQL, and refuses one with SQLite in one line', () => {
    const postgres = 'postgres://app@db:5432/wavelength';
    for (const url of [
      'redis://127.0.0.1:6379',
      'rediss://user:secret@cache.example:6380/0',
      'redis+cluster://10.0.0.1:7000,10.0.0.2:7001,10.0.0.3',
      'rediss+cluster://:secret@redis-a:6380,redis-b:6380',
    ]) {
      expect(loadConfig({ DATABASE_URL: postgres, BUS_URL: url }).BUS_URL).toBe(url);
    }
    expect(loadConfig({ DATABASE_URL: postgres, BUS_URL: '' }).BUS_URL).toBeUndefined();
    expect(() => loadConfig({ BUS_URL: 'redis://127.0.0.1:6379' })).toThrow(
      'Invalid BUS_URL="redis://127.0.0.1:6379": carries events between instances on one PostgreSQL database; SQLite is one instance, so leave it unset',
    );
  });

  it('takes an ADMIN_TOKEN of 16 characters or more, and never repeats a wrong one', () => {
    expect(loadConfig({}).ADMIN_TOKEN).toBeUndefined();
    expect(loadConfig({ ADMIN_TOKEN: 'a'.repeat(16) }).ADMIN_TOKEN).toBe('a'.repeat(16));
    expect(() => loadConfig({ ADMIN_TOKEN: 'hunter2' })).toThrow(
      'Invalid ADMIN_TOKEN=(hidden): must be at least 16 characters long (make one with: openssl rand -hex 24)',
    );
    expect(() => loadConfig({ ADMIN_TOKEN: 'two words in a long token' })).toThrow(
      'Invalid ADMIN_TOKEN=(hidden): must not contain spaces',
    );
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['QUESTIONS_PER_GAME', '0'],
    ['QUESTIONS_PER_GAME', '51'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_POOL_SIZE', '0'],
    ['DATABASE_CONNECT_TIMEOUT_MS', '0'],
    ['RATE_LIMIT_PER_MINUTE', '-1'],
    ['LOG_LEVEL', 'loud'],
    ['GA_MEASUREMENT_ID', '<script>'],
    ['ALLOWED_ORIGINS', 'not a url'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1,example.com'],
    ['MAX_PLAYERS_PER_GAME', '0'],
    ['LIVE_SOCKETS_PER_ADDRESS', '-1'],
    ['REQUEST_TIMEOUT_MS', '10'],
    ['CO_CREATORS_PER_GAME', 'many'],
    ['CO_CREATORS_PER_GAME', '-1'],
    ['PARTY_MAX_PLAYERS', '1'],
    ['BUS_URL', 'postgres://db/wavelength'],
    ['BUS_URL', 'redis:'],
    ['BUS_URL', 'redis+cluster://'],
    ['BUS_URL', 'redis+cluster://a:7000,b:99999'],
  ])('stops with one line naming %s=%s', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(new RegExp(`^Invalid ${name}=`));
    expect(message).not.toContain('\n');
  });
});

describe('PUSH_SERVICE_HOSTS', () => {
  it('defaults to the push services of Chrome, Firefox, Edge and Safari; none turns push off', () => {
    expect(loadConfig({}).PUSH_SERVICE_HOSTS).toEqual([
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      '*.notify.windows.com',
      'web.push.apple.com',
    ]);
    expect(loadConfig({ PUSH_SERVICE_HOSTS: 'none' }).PUSH_SERVICE_HOSTS).toEqual([]);
    expect(loadConfig({ PUSH_SERVICE_HOSTS: 'Push.Example.com, 127.0.0.1:9443' }).PUSH_SERVICE_HOSTS).toEqual([
      'push.example.com',
      '127.0.0.1:9443',
    ]);
  });

  it('refuses what is not a host', () => {
    expect(() => loadConfig({ PUSH_SERVICE_HOSTS: 'https://push.example.com/' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUSH_SERVICE_HOSTS: '*' })).toThrow(/PUSH_SERVICE_HOSTS/);
  });
});
