import { useEffect, useState } from 'react';
import { INITIAL_SCOREBOARD, type LiveScoreboard, LiveScoreboardConnection } from './live-connection.js';

/**
 * Friends' scores of a game, kept up to date over the live channel: one LiveScoreboardConnection
 * (live-connection.ts) per game id, stopped when the id changes or the screen goes.
 */
export function useLiveScoreboard(gameId: string | undefined): LiveScoreboard {
  const [state, setState] = useState<LiveScoreboard>(INITIAL_SCOREBOARD);

  useEffect(() => {
    setState(INITIAL_SCOREBOARD);
    if (!gameId) return;
    const connection = new LiveScoreboardConnection(gameId, setState);
    connection.start();
    return () => connection.stop();
  }, [gameId]);

  return state;
}
