-- Half-played friends (issue 42): a play removed by the creator or the admin keeps its row, marked
-- (the friend then stores no more rounds and cannot finish, as a removed response), and two indexes:
-- `plays_recent` serves the live snapshot's "who is playing" (one game's latest rounds, newest
-- first) and the creator's list of unfinished plays, so neither reads every play of a crowded game;
-- it holds `removed_at` so that counting the others reads the index alone (a partial index WHERE
-- removed_at IS NULL is not covering in SQLite: counting 200,000 plays took 250 ms, 30 with this);
-- `plays_by_age` lets the retention purge find plays untouched for days.
ALTER TABLE plays ADD COLUMN removed_at INTEGER;
CREATE INDEX plays_recent ON plays (game_id, updated_at, removed_at);
CREATE INDEX plays_by_age ON plays (updated_at);
