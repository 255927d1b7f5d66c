-- Packs (shared/packs.ts): a bank question's packs, as ",couples,deep," (every pack between commas,
-- so `packs LIKE '%,deep,%'` finds one; '' for none), loaded from the bank with the rest of it; and
-- the pack a game's questions were drawn from (NULL: none asked for, or written by the creator).
ALTER TABLE questions ADD COLUMN packs TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN pack TEXT;
