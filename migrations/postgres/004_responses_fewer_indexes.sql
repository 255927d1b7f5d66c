-- Every stored response writes each index of `responses`, at a random place (player ids are
-- random), and two of them served only rare reads. This keeps the one rule that needs an index:
-- one response per player per game, UNIQUE (game_id, player_user_id).
-- - The scoreboard index served only a scoreboard cache miss, which now sorts the game's friends.
-- - UNIQUE (game_id, public_id) served the creator's look-ups of one friend, which now go through
--   the game's rows; a public id is 72 random bits.
DROP INDEX responses_scoreboard;
ALTER TABLE responses DROP CONSTRAINT responses_game_id_public_id_key;
