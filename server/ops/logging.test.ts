import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging.js';

describe('redactUrl', () => {
  it('hides userId and playerId, keeps the rest', () => {
    expect(redactUrl('/prod/is-creator?gameId=abcdefgh12345678&userId=6f1c2a9e-3b4d-4e8f-9a1b-2c3d4e5f6a7b')).toBe(
      '/prod/is-creator?gameId=abcdefgh12345678&userId=REDACTED',
    );
    expect(redactUrl('/prod/get-score?playerId=6f1c2a9e-3b4d-4e8f-9a1b-2c3d4e5f6a7b&gameId=x')).toBe(
      '/prod/get-score?playerId=REDACTED&gameId=x',
    );
  });

  it('leaves URLs without private ids alone', () => {
    expect(redactUrl('/prod/get-questions?gametype=classic')).toBe('/prod/get-questions?gametype=classic');
    expect(redactUrl('/join/abc')).toBe('/join/abc');
  });
});
