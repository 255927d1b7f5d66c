import { describe, expect, it } from 'vitest';
import { matchPage, NOT_FOUND_PATTERN, PAGE_ROUTES } from './routes.js';

const screenOf = (path: string) => matchPage(path).route.screen;

describe('the route table', () => {
  it('matches each path to its page, fixed segments before ids, one trailing slash allowed', () => {
    expect(matchPage('/').route.screen).toBe('Home');
    expect(matchPage('/classic/').route).toMatchObject({ screen: 'Landing', edition: 'classic' });
    expect(matchPage('/spectrum/game/new-game').route.pattern).toBe('/spectrum/game/new-game');
    expect(matchPage('/spectrum/game/abc').route.pattern).toBe('/spectrum/game/:gameId');
    expect(matchPage('/comparison/g1/p%2F1/')).toMatchObject({
      route: { screen: 'FriendComparison' },
      params: { gameId: 'g1', playerID: 'p/1' },
    });
    expect(matchPage('/join/%E0%A4%A')).toMatchObject({ route: { screen: 'Join' }, params: { gameId: undefined } });
    for (const path of ['/join', '/join/', '/join/a/b', '/join//', '/JOIN/abc', '/comparison/g1', '/nowhere']) {
      expect(matchPage(path).route.pattern, path).toBe(NOT_FOUND_PATTERN);
    }
  });

  it("tells a party's pages apart", () => {
    expect(screenOf('/party')).toBe('PartyJoin');
    expect(screenOf('/party/p1')).toBe('PartyPhone');
    expect(screenOf('/party/p1/screen')).toBe('PartyScreen');
    expect(screenOf('/party/p1/results')).toBe('PartyResults');
    expect(screenOf('/tv')).toBe('PartyTv');
  });

  it('keeps every page of one game out of search engines, and only those', () => {
    const hidden = PAGE_ROUTES.filter((route) => !route.indexable).map((route) => route.screen);
    expect(new Set(hidden)).toEqual(
      new Set([
        'Game',
        'EndScreen',
        'Scoreboard',
        'Join',
        'Result',
        'FriendComparison',
        'ClaimGame',
        'PartyTv',
        'PartyPhone',
        'PartyScreen',
        'PartyResults',
      ]),
    );
    expect(screenOf('/creator/abc')).toBe('ClaimGame');
  });
});
