-- Which network each response came from (issue 30): a salted SHA-256 of the client's address
-- (IPv6 cut to its /64), never the address and never sent to anyone. It caps the plays of one game
-- from one network (PLAYS_PER_ADDRESS_PER_GAME) and lets the creator's scoreboard flag a burst of
-- plays from one network, and a friend's circle to leave out a crowded network's other plays. Kept
-- beside `responses` rather than in it so that every response read stays as it was; the index
-- serves the cap's count (one game, one network), the key the look-up of one friend's network.
-- Responses stored before this migration have no row: they count towards no cap and are in no burst.
CREATE TABLE response_networks (
  game_id     TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  network     TEXT NOT NULL,
  public_id   TEXT NOT NULL,
  created_at  INTEGER NOT NULL,
  PRIMARY KEY (game_id, public_id)
) WITHOUT ROWID;
CREATE INDEX response_networks_by_network ON response_networks (game_id, network);
