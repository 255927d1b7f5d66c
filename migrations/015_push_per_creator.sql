-- Subscriptions are capped per creator across their games (server/push/routes.ts): the count
-- reads a creator's subscriptions by user_id.
CREATE INDEX push_subscriptions_by_user ON push_subscriptions (user_id);
