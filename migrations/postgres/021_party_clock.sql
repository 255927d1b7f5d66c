-- Party clocks' leases and party-wide presence: the same schema as migrations/021_party_clock.sql.
ALTER TABLE parties ADD COLUMN clock_holder TEXT;
ALTER TABLE parties ADD COLUMN clock_until BIGINT NOT NULL DEFAULT 0;
ALTER TABLE parties ADD COLUMN presence TEXT NOT NULL DEFAULT '{}';
CREATE INDEX parties_by_clock ON parties (clock_until) WHERE NOT ended;
