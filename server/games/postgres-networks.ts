/**
 * SQL for a batch row `row` (with game_id, network, max_per_network): how many plays of the game
 * its network has (response_networks: finished or not, a play counts from its first round), for
 * PLAYS_PER_ADDRESS_PER_GAME. Counted only under a cap, and only to one past it, which is all the
 * comparison with the cap needs (a network may hold more rows than it allows now: the cap lowered,
 * or off before). Counting them all made a game played by many friends behind one address (a
 * venue's Wi-Fi, a carrier's NAT) count every one of them again for each answer.
 */
export const networkPlaysSql = (row: string) =>
  `CASE WHEN ${row}.network IS NOT NULL AND ${row}.max_per_network > 0 THEN (SELECT count(*) FROM (
    SELECT FROM response_networks rn WHERE rn.game_id = ${row}.game_id AND rn.network = ${row}.network
    LIMIT ${row}.max_per_network + 1) n) ELSE 0 END`;
