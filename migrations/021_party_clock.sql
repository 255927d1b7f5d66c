-- A party's clock runs on one instance at a time (docs/scaling.md, "Party clocks"): the one named
-- in its `party_clocks` row, whose lease lasts until `until` (ms of server time) and is renewed
-- while it lives; another instance claims a party whose lease ran out. A change the clock makes
-- is stored only while its instance still holds the lease, so a deposed instance changes nothing.
-- The leases have a table of their own, one small row per open party (deleted when it ends): a
-- renewal rewrites those, not the parties' rows with their state.
-- `presence` is who is connected to the party on any instance (playerID → since, ms, as JSON),
-- written by the clock's instance with each `presence` message's seq.
ALTER TABLE parties ADD COLUMN presence TEXT NOT NULL DEFAULT '{}';
CREATE TABLE party_clocks (
  party_id TEXT PRIMARY KEY REFERENCES parties (id) ON DELETE CASCADE,
  holder   TEXT,
  until    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX party_clocks_by_holder ON party_clocks (holder);
CREATE INDEX party_clocks_by_until ON party_clocks (until);
INSERT INTO party_clocks (party_id) SELECT id FROM parties WHERE ended = 0;
