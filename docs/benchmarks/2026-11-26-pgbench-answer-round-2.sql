\set k :k + 1
\set f (:k - 1) / 10
\set round (:k - 1) % 10
\set g0 (:client_id + :f * 1 + 0) % 10
WITH input AS (
  SELECT * FROM unnest((ARRAY[split_part(:games, ' ', :g0 + 1)])::text[], (ARRAY[:tag || '-' || :client_id || '-' || :f || '-' || 0])::text[], (ARRAY[substr(md5(:tag || '-' || :client_id || '-' || :f || '-' || 0), 1, 12)])::text[], (ARRAY['Friend'])::text[], (ARRAY[:round::int])::int[], (ARRAY[(:k * 7 + 0 * 13) % 101])::int[], (ARRAY[10])::int[], (ARRAY[1000000])::int[],
      (ARRAY['ojGI_0yO2nt.u1IqE0aRCGOBukwUDEemsJ'])::text[], (ARRAY[0])::int[])
    WITH ORDINALITY AS i (game_id, player_user_id, new_public_id, player_name, round, answer, rounds, max_players,
      network, max_per_network, n)
), game AS (
  SELECT g.id, g.responses_count FROM (SELECT DISTINCT game_id FROM input ORDER BY game_id) i,
    LATERAL (SELECT id, responses_count FROM games WHERE id = i.game_id FOR KEY SHARE) g
), checked AS (
  SELECT i.*, p.public_id AS play_id, CASE
    WHEN g.id IS NULL THEN 'missing'
    WHEN (SELECT true FROM game_creators c WHERE c.game_id = i.game_id AND c.user_id = i.player_user_id)
      THEN 'creator'
    WHEN r.removed THEN 'removed'
    WHEN r.removed IS NOT NULL THEN 'finished'
    WHEN p.public_id IS NULL THEN CASE
      WHEN i.round <> 0 THEN 'out-of-order'
      WHEN g.responses_count >= i.max_players THEN 'full'
      ELSE 'insert' END
    WHEN p.removed_at IS NOT NULL THEN 'removed'
    WHEN i.round < cardinality(p.answers) THEN CASE WHEN p.answers[i.round + 1] = i.answer THEN 'repeat' ELSE 'changed' END
    WHEN i.round > cardinality(p.answers) THEN 'out-of-order'
    ELSE 'append' END AS status
  FROM input i
  LEFT JOIN game g ON g.id = i.game_id
  LEFT JOIN LATERAL (SELECT removed_at IS NOT NULL AS removed FROM responses
    WHERE game_id = i.game_id AND player_user_id = i.player_user_id OFFSET 0) r ON true
  LEFT JOIN LATERAL (SELECT public_id, answers, removed_at FROM plays
    WHERE game_id = i.game_id AND player_user_id = i.player_user_id OFFSET 0) p ON true
), decided AS (
  SELECT c.game_id, c.player_user_id, c.new_public_id, c.player_name, c.round, c.answer, c.rounds, c.network, c.n,
    c.play_id, CASE
      WHEN c.status = 'insert' AND c.network IS NOT NULL AND c.max_per_network > 0
        AND (SELECT count(*) FROM response_networks rn WHERE rn.game_id = c.game_id AND rn.network = c.network)
          + count(*) FILTER (WHERE c.status = 'insert') OVER (PARTITION BY c.game_id, c.network ORDER BY c.n)
          > c.max_per_network
        THEN 'too-many'
      ELSE c.status END AS status
  FROM checked c
), inserted AS (
  INSERT INTO plays (game_id, player_user_id, public_id, player_name, answers, started_at, updated_at)
  SELECT game_id, player_user_id, new_public_id, player_name, ARRAY[answer], (:now::bigint)::bigint, (:now::bigint)::bigint FROM decided
  WHERE status = 'insert' ORDER BY n
  ON CONFLICT (game_id, player_user_id) DO NOTHING
  RETURNING game_id, player_user_id, public_id, cardinality(answers) AS round
), networked AS (
  INSERT INTO response_networks (game_id, network, public_id, created_at)
  SELECT d.game_id, d.network, s.public_id, (:now::bigint)::bigint FROM inserted s JOIN decided d USING (game_id, player_user_id)
  WHERE d.network IS NOT NULL
  ON CONFLICT DO NOTHING
), appended AS (
  UPDATE plays p SET answers = p.answers || d.answer, player_name = d.player_name, updated_at = (:now::bigint)::bigint
  FROM decided d
  WHERE d.status = 'append' AND p.game_id = d.game_id AND p.player_user_id = d.player_user_id
    AND cardinality(p.answers) = d.round AND p.removed_at IS NULL
  RETURNING p.game_id, p.player_user_id, p.public_id, cardinality(p.answers) AS round
), stored AS (
  SELECT d.n, d.game_id, d.player_name, d.rounds, s.public_id, s.round FROM decided d
  JOIN (SELECT * FROM inserted UNION ALL SELECT * FROM appended) s USING (game_id, player_user_id)
), notified AS (
  SELECT pg_notify('wavelength_game_events', payload) FROM (
    SELECT chunk, '{"events":[' || string_agg(event, ',' ORDER BY n) || ']'
      || CASE WHEN chunk = max(chunk) OVER () AND ('pgbench-' || :client_id || '-' || :k)::text IS NOT NULL
        THEN ',"echo":' || to_json(('pgbench-' || :client_id || '-' || :k)::text)::text ELSE '' END || '}' AS payload
    FROM (
      SELECT n, event, sum(octet_length(event) + 1) OVER (ORDER BY n) / 3000 AS chunk FROM (
        SELECT n, json_build_object('gameId', game_id, 'event', json_build_object('type', 'playing', 'player',
          json_build_object('playerID', public_id, 'playerName', player_name, 'round', round, 'rounds', rounds)))::text
          AS event
        FROM stored
      ) e
    ) s
    GROUP BY chunk ORDER BY chunk
  ) p
)
SELECT d.status, d.play_id, s.public_id AS stored_id, s.round AS stored_round, (SELECT count(*) FROM notified) AS notifications
FROM decided d LEFT JOIN stored s ON s.n = d.n ORDER BY d.n;
