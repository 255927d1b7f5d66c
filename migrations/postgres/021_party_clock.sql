-- Party clocks' leases and party-wide presence: the same schema as migrations/021_party_clock.sql.
ALTER TABLE parties ADD COLUMN presence TEXT NOT NULL DEFAULT '{}';
CREATE TABLE party_clocks (
  party_id TEXT PRIMARY KEY REFERENCES parties (id) ON DELETE CASCADE,
  holder   TEXT,
  until    BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX party_clocks_by_holder ON party_clocks (holder);
CREATE INDEX party_clocks_by_until ON party_clocks (until);
INSERT INTO party_clocks (party_id) SELECT id FROM parties WHERE NOT ended;
