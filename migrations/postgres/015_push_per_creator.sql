-- The same index as migrations/015_push_per_creator.sql: a creator's subscriptions, counted.
CREATE INDEX push_subscriptions_by_user ON push_subscriptions (user_id);
