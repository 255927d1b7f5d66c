import { useEffect, useRef, useState } from 'react';
import type { Player } from '../../shared/api.js';
import { displayName } from '../../shared/product.js';
import { scoreText } from '../../shared/score-text.js';

/** What a screen reader hears when a friend's score arrives: "Cy scored 8.4/10". */
export const scoreAnnouncement = (player: Player) =>
  `${displayName(player.playerName)} scored ${scoreText(player.score)}`;

/**
 * A polite live region that announces each friend who arrives after the list first loaded (the
 * list on arrival is read with the table; only news is spoken).
 */
export function ScoreAnnouncer({ players, loaded }: { players: readonly Player[]; loaded: boolean }) {
  const known = useRef<Set<string> | null>(null);
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (!loaded) return;
    const seen = known.current;
    known.current = new Set(players.map((player) => player.playerID));
    if (seen === null) return;
    const arrived = players.filter((player) => !seen.has(player.playerID));
    if (arrived.length > 0) setMessage(arrived.map(scoreAnnouncement).join('. '));
  }, [players, loaded]);
  return (
    <p className="visually-hidden" aria-live="polite" data-testid="score-announcer">
      {message}
    </p>
  );
}
