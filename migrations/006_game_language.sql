-- A game's language (shared/languages.ts): its join page's link preview, `<html lang>` and card
-- are in it. Games made before there was a choice were all English. No CHECK on the code: a new
-- language is one more code in shared/languages.ts, never a migration (an unknown stored code
-- reads as English).
ALTER TABLE games ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';
