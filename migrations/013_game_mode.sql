-- A game's mode: 'alike' (friends answer for themselves and
-- see how alike they are at the end) or 'guess' (friends guess the creator's answers and see each
-- one once their round is stored). Games made before there was a choice were all alike.
ALTER TABLE games ADD COLUMN mode TEXT NOT NULL DEFAULT 'alike' CHECK (mode IN ('alike', 'guess'));
