import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the defaults of the contract', () => {
    expect(loadConfig({})).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATABASE_URL: 'sqlite:./data/wavelength.db',
      QUESTIONS_PER_GAME: 10,
      LOG_LEVEL: 'info',
      ALLOWED_ORIGINS: [],
      TRUST_PROXY: false,
      DATABASE_POOL_SIZE: 10,
    });
    expect(loadConfig({}).GA_MEASUREMENT_ID).toBeUndefined();
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
      ALLOWED_ORIGINS: 'https://a.example, https://b.example',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      QUESTIONS_PER_GAME: 12,
      RATE_LIMIT_PER_MINUTE: 0,
      ALLOWED_ORIGINS: ['https://a.example', 'https://b.example'],
      TRUST_PROXY: true,
    });
  });

  it('accepts a PostgreSQL URL and a pool size', () => {
    expect(
      loadConfig({ DATABASE_URL: 'postgres://app:secret@db:5432/wavelength', DATABASE_POOL_SIZE: '25' }),
    ).toMatchObject({ DATABASE_URL: 'postgres://app:secret@db:5432/wavelength', DATABASE_POOL_SIZE: 25 });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['QUESTIONS_PER_GAME', '0'],
    ['QUESTIONS_PER_GAME', '51'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_POOL_SIZE', '0'],
    ['RATE_LIMIT_PER_MINUTE', '-1'],
    ['LOG_LEVEL', 'loud'],
    ['GA_MEASUREMENT_ID', '<script>'],
    ['ALLOWED_ORIGINS', 'not a url'],
    ['TRUST_PROXY', 'yes'],
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
