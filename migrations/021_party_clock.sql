-- A party's clock runs on one instance at a time (docs/scaling.md, "Party clocks"): the one named
-- in `clock_holder`, whose lease lasts until `clock_until` (ms of server time) and is renewed
-- while it lives; another instance claims a party whose lease ran out. A change the clock makes
-- is stored only while its instance still holds the lease, so a deposed instance changes nothing.
-- `presence` is who is connected to the party on any instance (playerID → since, ms, as JSON),
-- written by the clock's instance with each `presence` message's seq.
ALTER TABLE parties ADD COLUMN clock_holder TEXT;
ALTER TABLE parties ADD COLUMN clock_until INTEGER NOT NULL DEFAULT 0;
ALTER TABLE parties ADD COLUMN presence TEXT NOT NULL DEFAULT '{}';
CREATE INDEX parties_by_clock ON parties (clock_until) WHERE ended = 0;
