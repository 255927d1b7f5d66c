-- Which network each response came from: the same schema as migrations/007_response_networks.sql
-- (a salted hash of the client's address, never sent to anyone; the cap's count and the creator's
-- burst flag read it).
CREATE TABLE response_networks (
  game_id     TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  network     TEXT NOT NULL,
  public_id   TEXT NOT NULL,
  created_at  BIGINT NOT NULL,
  PRIMARY KEY (game_id, public_id)
);
CREATE INDEX response_networks_by_network ON response_networks (game_id, network);
