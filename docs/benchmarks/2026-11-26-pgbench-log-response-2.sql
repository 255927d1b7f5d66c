\set k :k + 1
\set g0 (:client_id + :k * 1 + 0) % 10
WITH input AS (
  SELECT * FROM unnest((ARRAY[split_part(:games, ' ', :g0 + 1)])::text[], (ARRAY[:tag || '-' || :client_id || '-' || :k || '-' || 0])::text[], (ARRAY[substr(md5(:tag || '-' || :client_id || '-' || :k || '-' || 0), 1, 12)])::text[], (ARRAY['Friend'])::text[], (ARRAY['[0,37,74,10,47,84,20,57,94,30]'])::text[], (ARRAY[64])::int[], (ARRAY[:now::bigint])::bigint[],
      (ARRAY[1000000])::int[], (ARRAY['ojGI_0yO2nt.u1IqE0aRCGOBukwUDEemsJ'])::text[], (ARRAY[0])::int[])
    WITH ORDINALITY AS i (game_id, player_user_id, new_public_id, player_name, answers, score_tenths, created_at,
      max_players, network, max_per_network, n)
), locked AS (
  SELECT g.id, g.responses_count FROM (SELECT DISTINCT game_id FROM input ORDER BY game_id) i,
    LATERAL (SELECT id, responses_count FROM games WHERE id = i.game_id FOR UPDATE) g
), checked AS (
  SELECT i.*, l.responses_count, l.id IS NULL AS missing, p.public_id IS NOT NULL AS had_play,
    coalesce(p.public_id, i.new_public_id) AS public_id,
    coalesce((SELECT true FROM game_creators c WHERE c.game_id = i.game_id AND c.user_id = i.player_user_id), false)
      AS creator,
    -- The answers arrive as JSON ([1,2,3]); as an array literal ({1,2,3}) they compare with the rounds.
    CASE WHEN p.public_id IS NULL THEN false
      ELSE p.answers <> (translate(i.answers, '[]', '{}')::int[])[1: cardinality(p.answers)] END AS differs,
    coalesce(p.removed_at IS NOT NULL, false) AS play_removed,
    -- Counted for its network at its first round (answer-round): not counted again.
    p.public_id IS NOT NULL AND coalesce((SELECT true FROM response_networks rn
      WHERE rn.game_id = i.game_id AND rn.public_id = p.public_id), false) AS counted
  FROM input i LEFT JOIN locked l ON l.id = i.game_id
  LEFT JOIN LATERAL (SELECT public_id, answers, removed_at FROM plays
    WHERE game_id = i.game_id AND player_user_id = i.player_user_id OFFSET 0) p ON true
), decided AS (
  SELECT c.*, missing OR creator OR differs OR play_removed AS refused,
    count(*) FILTER (WHERE NOT (missing OR creator OR differs OR play_removed)) OVER (PARTITION BY game_id, player_user_id
        ORDER BY n ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) > 0
      OR coalesce((SELECT true FROM responses r WHERE r.game_id = c.game_id AND r.player_user_id = c.player_user_id),
        false) AS played,
    (SELECT count(*) FROM response_networks rn WHERE rn.game_id = c.game_id AND rn.network = c.network)
      AS network_plays
  FROM checked c
), capped AS (
  SELECT d.*, NOT refused AND NOT played AND NOT counted AND network IS NOT NULL AND max_per_network > 0
      AND network_plays
        + count(*) FILTER (WHERE NOT refused AND NOT played AND NOT counted) OVER (PARTITION BY game_id, network ORDER BY n)
      > max_per_network AS crowded
  FROM decided d
), ranked AS (
  SELECT c.*, NOT refused AND NOT played AND NOT crowded AND responses_count
      + count(*) FILTER (WHERE NOT refused AND NOT played AND NOT crowded) OVER (PARTITION BY game_id ORDER BY n)
      <= max_players AS fits
  FROM capped c
), inserted AS (
  INSERT INTO responses (game_id, player_user_id, public_id, player_name, answers, score_tenths, created_at)
  SELECT game_id, player_user_id, public_id, player_name, answers, score_tenths, created_at FROM ranked
  WHERE fits ORDER BY n
  ON CONFLICT (game_id, player_user_id) DO NOTHING
  RETURNING game_id, player_user_id
), stored AS (
  SELECT r.n, r.game_id, r.player_user_id, r.public_id, r.player_name, r.score_tenths, r.had_play
  FROM ranked r JOIN inserted USING (game_id, player_user_id) WHERE r.fits
), networked AS (
  INSERT INTO response_networks (game_id, network, public_id, created_at)
  SELECT r.game_id, r.network, r.public_id, r.created_at FROM ranked r JOIN inserted USING (game_id, player_user_id)
  WHERE r.fits AND r.network IS NOT NULL
  ON CONFLICT DO NOTHING
), cleared AS (
  DELETE FROM plays p USING stored s WHERE s.had_play AND p.game_id = s.game_id AND p.player_user_id = s.player_user_id
), pushed AS (
  UPDATE push_subscriptions ps SET pending = ps.pending + f.friends, last_name = f.name, last_score = f.score
  FROM (
    SELECT game_id, count(*) AS friends, (array_agg(player_name ORDER BY n DESC))[1] AS name,
      ((array_agg(score_tenths ORDER BY n DESC))[1] / 10.0)::float8 AS score
    FROM stored WHERE (true)::boolean GROUP BY game_id
  ) f
  WHERE ps.game_id = f.game_id
  RETURNING ps.game_id
), notified AS (
  SELECT pg_notify('wavelength_game_events', payload) FROM (
    SELECT chunk, '{"events":[' || string_agg(event, ',' ORDER BY n) || ']'
      || CASE WHEN chunk = max(chunk) OVER () AND ('pgbench-' || :client_id || '-' || :k)::text IS NOT NULL
        THEN ',"echo":' || to_json(('pgbench-' || :client_id || '-' || :k)::text)::text ELSE '' END || '}' AS payload
    FROM (
      SELECT n, event, sum(octet_length(event) + 1) OVER (ORDER BY n) / 3000 AS chunk FROM (
        SELECT n, json_build_object('gameId', game_id, 'event', json_build_object('type', 'player', 'player',
          json_build_object('playerID', public_id, 'playerName', player_name, 'score', (score_tenths / 10.0)::float8)))::text
          AS event
        FROM stored
      ) e
    ) s
    GROUP BY chunk ORDER BY chunk
  ) p
)
SELECT CASE WHEN r.missing THEN 'missing' WHEN r.creator THEN 'creator' WHEN r.play_removed THEN 'removed'
    WHEN r.differs THEN 'differs'
    WHEN s.n IS NOT NULL THEN 'stored' WHEN r.played OR r.fits THEN 'duplicate' WHEN r.crowded THEN 'too-many'
    ELSE 'full' END AS status,
  r.public_id, (SELECT count(*) FROM pushed p WHERE p.game_id = r.game_id) AS subscriptions,
  (SELECT count(*) FROM notified) AS notifications
FROM ranked r LEFT JOIN stored s ON s.n = r.n ORDER BY r.n;
