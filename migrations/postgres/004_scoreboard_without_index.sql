-- Every response wrote this index, and only a scoreboard read (a cache miss: the server keeps
-- watched and recently read scoreboards in memory) used it. Such a read now sorts the game's
-- friends (MAX_PLAYERS_PER_GAME at most), found through the (game_id, player_user_id) index.
DROP INDEX responses_scoreboard;
