import { describe, expect, it } from 'vitest';
import { ADMIN_FAILURE_WINDOW_MS, ADMIN_SESSION_MS, AdminAuth } from './auth.js';

const TOKEN = 'unit-admin-token-0123456789abcdef';

function clock() {
  let now = 1_700_000_000_000;
  return { now: () => now, pass: (ms: number) => (now += ms) };
}

describe('AdminAuth', () => {
  it('keeps a session for 12 hours, and no longer once the token changes', () => {
    const time = clock();
    const auth = new AdminAuth(TOKEN, { now: time.now });
    const session = auth.newSession();
    expect(auth.validSession(session)).toBe(true);
    expect(new AdminAuth(`${TOKEN}-new`, { now: time.now }).validSession(session)).toBe(false);
    // Its end cannot be moved: the signature covers it.
    const [until, signature] = session.split('.');
    expect(auth.validSession(`${Number(until) + 1}.${signature}`)).toBe(false);
    time.pass(ADMIN_SESSION_MS - 1);
    expect(auth.validSession(session)).toBe(true);
    time.pass(1);
    expect(auth.validSession(session)).toBe(false);
    expect(auth.validSession(undefined)).toBe(false);
    expect(auth.validSession('')).toBe(false);
  });

  it('locks an address out after its allowed wrong tokens, until the window ends; others go on', () => {
    const time = clock();
    const auth = new AdminAuth(TOKEN, { now: time.now, failuresAllowed: 3 });
    for (let i = 0; i < 3; i++) expect(auth.verify('wrong', '10.0.0.1')).toBe(false);
    expect(() => auth.verify(TOKEN, '10.0.0.1')).toThrow(/try again in 15 min/);
    expect(auth.verify(TOKEN, '10.0.0.2')).toBe(true);
    time.pass(ADMIN_FAILURE_WINDOW_MS);
    expect(auth.verify(TOKEN, '10.0.0.1')).toBe(true);
    expect(auth.verify(undefined, '10.0.0.1')).toBe(false);
  });
});
