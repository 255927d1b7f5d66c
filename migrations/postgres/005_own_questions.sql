-- A creator's own questions (up to 5 per game): stored with their game, never in the bank
-- (`questions`), so no other game draws them and they go when the game goes (deleted by its
-- creator or by the retention purge: ON DELETE CASCADE). A game's rounds are its rows here and in
-- game_questions together, in `position` order. The same as migrations/005_own_questions.sql.
CREATE TABLE game_own_questions (
  game_id         TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  position        INTEGER NOT NULL,
  -- game-private: 'own-1'…'own-5' in the order written; bank ids never start with 'own-'
  question_id     TEXT NOT NULL,
  text            TEXT NOT NULL,
  -- JSON, as in `questions`: a list of words (classic) or the scale code as a string (spectrum)
  options         TEXT NOT NULL,
  creator_answer  INTEGER NOT NULL,
  PRIMARY KEY (game_id, position),
  UNIQUE (game_id, question_id)
);
