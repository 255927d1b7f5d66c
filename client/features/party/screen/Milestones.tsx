import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { PartyState } from '../../../../shared/party.js';
import { Isolated } from '../../../i18n/Isolated.js';
import { roundTitle } from './round-words.js';

/**
 * What a screen reader hears on the shared screen: milestones only, never a tick or a name
 * appearing — a round starts ("Round 2 of 10 — about Bo"), time is up, the party pauses, ends.
 */
export function Milestones({ state }: { state: PartyState }) {
  const { i18n, t } = useLingui();
  const [said, setSaid] = useState('');
  const before = useRef<{ phase: string; round: number } | null>(null);
  const { phase, round } = state;
  const title = roundTitle(i18n, state);
  useEffect(() => {
    const last = before.current;
    before.current = { phase, round };
    if (last === null || (last.phase === phase && last.round === round)) return;
    if (phase === 'intro' || (phase === 'answering' && last.round !== round)) setSaid(title);
    else if (phase === 'reveal' && last.phase === 'answering') setSaid(t`Time's up!`);
    else if (phase === 'paused') setSaid(t`Paused`);
    else if (phase === 'finished') setSaid(t`The party is over.`);
  }, [phase, round, title, t]);
  return (
    <p className="visually-hidden" aria-live="polite" data-testid="party-milestones">
      <Isolated text={said} />
    </p>
  );
}
