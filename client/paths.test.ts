import { describe, expect, it } from 'vitest';
import { matchPage, PAGE_ROUTES, type Screen } from '../shared/routes.js';
import {
  comparisonPath,
  creatorPath,
  endScreenPath,
  gamePath,
  joinPath,
  landingPath,
  newGamePath,
  partyJoinPath,
  partyPath,
  partyResultsPath,
  partyScreenPath,
  resultPath,
  scoreboardPath,
  tvPath,
} from './paths.js';

// Ids as odd as a URL may carry: each must come back whole from the route it lands on.
const GAME = 'g/1 ?#%';
const FRIEND = 'p/2';

const built: [string, Screen, Record<string, string>][] = [
  [landingPath('classic'), 'Landing', {}],
  [newGamePath('spectrum'), 'Game', {}],
  [gamePath('classic', GAME), 'Game', { gameId: GAME }],
  [endScreenPath(GAME), 'EndScreen', { gameId: GAME }],
  [scoreboardPath(GAME), 'Scoreboard', { gameId: GAME }],
  [joinPath(GAME), 'Join', { gameId: GAME }],
  [resultPath(GAME), 'Result', { gameId: GAME }],
  [comparisonPath(GAME, FRIEND), 'FriendComparison', { gameId: GAME, playerID: FRIEND }],
  [creatorPath(GAME, 'key123').split('#')[0], 'ClaimGame', { gameId: GAME }],
  [partyJoinPath, 'PartyJoin', {}],
  [tvPath, 'PartyTv', {}],
  [partyPath(GAME), 'PartyPhone', { partyId: GAME }],
  [partyScreenPath(GAME), 'PartyScreen', { partyId: GAME }],
  [partyResultsPath(GAME), 'PartyResults', { partyId: GAME }],
];

describe('paths', () => {
  it('land on the route of their page, with the ids they were given', () => {
    for (const [path, screen, params] of built) {
      expect(matchPage(path), path).toMatchObject({ route: { screen }, params });
    }
  });

  it('exist for every page of the route table', () => {
    const linked = new Set(built.map(([, screen]) => screen));
    const pages = PAGE_ROUTES.map((route) => route.screen).filter(
      (screen) => screen !== 'Home' && screen !== 'NotFound',
    );
    expect(pages.filter((screen) => !linked.has(screen))).toEqual([]);
  });

  it("keep a creator link's key in the fragment", () => {
    expect(creatorPath('abc', 'k-1')).toBe('/creator/abc#k-1');
    expect(gamePath('spectrum', 'new-game')).toBe(newGamePath('spectrum'));
  });
});
