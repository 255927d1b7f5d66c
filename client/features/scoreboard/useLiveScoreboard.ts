import { useEffect, useState } from 'react';
import { storedUserId } from '../../state/user.js';
import { INITIAL_SCOREBOARD, type LiveScoreboard, LiveScoreboardConnection } from './live-connection.js';

/**
 * Friends' scores of a game, kept up to date over the live channel: one LiveScoreboardConnection
 * (live-connection.ts) per game id, stopped when the id changes or the screen goes.
 */
export function useLiveScoreboard(
  gameId: string | undefined,
  { asCreator = false }: { asCreator?: boolean } = {},
): LiveScoreboard {
  const [state, setState] = useState<LiveScoreboard>(INITIAL_SCOREBOARD);

  useEffect(() => {
    setState(INITIAL_SCOREBOARD);
    if (!gameId) return;
    // Screens a creator may be on name this browser's id: the server then sends it `reply` if it is the creator's.
    const connection = new LiveScoreboardConnection(gameId, setState, asCreator ? storedUserId() : undefined);
    connection.start();
    return () => connection.stop();
  }, [gameId, asCreator]);

  return state;
}
