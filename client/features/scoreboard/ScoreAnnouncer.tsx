import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState } from 'react';
import type { Player } from '../../../shared/api.js';
import { formatScoreText } from '../../i18n/format.js';
import { shownName } from '../../i18n/names.js';

/** What a screen reader hears when a friend's score arrives, in the reader's language: "Cy scored 8.4/10". */
function scoreAnnouncement(i18n: I18n, player: Player): string {
  const name = shownName(i18n, player.playerName);
  const score = formatScoreText(i18n, player.score);
  return i18n._(msg`${name} scored ${score}`);
}

/**
 * A polite live region that announces each friend who arrives after the list first loaded (the
 * list on arrival is read with the table; only news is spoken).
 */
export function ScoreAnnouncer({ players, loaded }: { players: readonly Player[]; loaded: boolean }) {
  const { i18n } = useLingui();
  const known = useRef<Set<string> | null>(null);
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (!loaded) return;
    const seen = known.current;
    known.current = new Set(players.map((player) => player.playerID));
    if (seen === null) return;
    const arrived = players.filter((player) => !seen.has(player.playerID));
    if (arrived.length > 0) setMessage(arrived.map((player) => scoreAnnouncement(i18n, player)).join('. '));
  }, [players, loaded, i18n]);
  return (
    <p className="visually-hidden" aria-live="polite" data-testid="score-announcer">
      {message}
    </p>
  );
}
