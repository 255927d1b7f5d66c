/**
 * Packs: themes a creator picks a game's questions from (docs/api.md, get-questions `pack`). Every
 * built-in bank question belongs to one or more of them; a pack is a filter on one edition's bank,
 * so a game of a pack plays, scores and reveals as any other. No zod here: the client imports this
 * at run time.
 */
export const PACKS = ['friends', 'couples', 'family', 'work', 'deep', 'silly'] as const;
export type Pack = (typeof PACKS)[number];

export const isPack = (value: unknown): value is Pack => (PACKS as readonly unknown[]).includes(value);

/** Each built-in pack holds at least this many questions per edition, in every language (a bank test checks). */
export const MIN_PACK_QUESTIONS = 30;
