import { describe, expect, expectTypeOf, it } from 'vitest';
import { LIVE_MESSAGE_TYPES, type LiveMessage, type LiveMessageKind } from './live.js';
import { GAME_MODES, type GameMode, MODES, type ModeEntry, modeOf } from './modes.js';
import type { PartyLiveMessage } from './party.js';
import { DEFAULT_MODE, modeUnlessDefault } from './product.js';

// Type-level: `npx tsc -p tsconfig.json` fails if an @ts-expect-error below stops being an error.
describe('the table of modes', () => {
  it('has an entry for every mode of the list, and a mode added without one fails to compile', () => {
    expect(Object.keys(MODES).sort()).toEqual([...GAME_MODES].sort());
    expectTypeOf(MODES).toExtend<Record<GameMode, ModeEntry>>();
    type OneMore = GameMode | 'party';
    // @ts-expect-error: a mode in the list without its entry does not satisfy Record<GameMode, ModeEntry>.
    const withoutItsEntry: Record<OneMore, ModeEntry> = MODES;
    expect(withoutItsEntry).toBe(MODES);
  });

  it('reads a game without a mode as the default mode, which stored keys leave out', () => {
    expect(modeOf(undefined)).toBe(MODES[DEFAULT_MODE]);
    expect(modeUnlessDefault(DEFAULT_MODE)).toEqual({});
    for (const mode of GAME_MODES.filter((each) => each !== DEFAULT_MODE))
      expect(modeUnlessDefault(mode)).toEqual({ mode });
  });
});

describe('the live vocabulary', () => {
  it('lists every message type, and a type added without its entry fails to compile', () => {
    expectTypeOf<keyof typeof LIVE_MESSAGE_TYPES>().toEqualTypeOf<LiveMessage['type'] | PartyLiveMessage['type']>();
    type OneMore = LiveMessage | { type: 'wave'; playerID: string };
    // @ts-expect-error: a message type without its entry in LIVE_MESSAGE_TYPES.
    const withoutItsEntry: Record<OneMore['type'] | PartyLiveMessage['type'], LiveMessageKind> = LIVE_MESSAGE_TYPES;
    expect(withoutItsEntry).toBe(LIVE_MESSAGE_TYPES);
  });
});
