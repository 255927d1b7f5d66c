import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { PartyState } from '../../../../shared/party.js';
import { Isolated } from '../../../i18n/Isolated.js';
import { Announcements, WARN_BEFORE_MS } from '../announcements.js';
import { playingRound } from '../phone/words.js';
import { roundTitle } from './round-words.js';

/**
 * What a screen reader hears on the shared screen: milestones only, never a tick or a name
 * appearing — a round starts ("Round 2 of 10 — about Bo"), 10 seconds left, time is up (or
 * everyone has answered), the party pauses, ends — and "3 of 5 answered" at most every 5 s
 * (Announcements rations it, as on the phones).
 */
export function Milestones({ state, deadline }: { state: PartyState; deadline: number | null }) {
  const { i18n, t } = useLingui();
  const [said, setSaid] = useState({ text: '', n: 0 });
  const queue = useRef<Announcements | null>(null);
  if (queue.current === null) queue.current = new Announcements((text) => setSaid(({ n }) => ({ text, n: n + 1 })));
  const announce = queue.current;
  const before = useRef<{ phase: string; round: number } | null>(null);
  const { phase, round } = state;
  const answering = phase === 'answering';
  const answered = state.players.filter((player) => player.answered).length;
  const playing = playingRound(state.players).length;
  const title = roundTitle(i18n, state);

  useEffect(() => {
    const last = before.current;
    before.current = { phase, round };
    if (last === null || (last.phase === phase && last.round === round)) return;
    announce.dropCount();
    if (phase === 'intro' || (answering && last.round !== round)) announce.milestone(title);
    else if (phase === 'reveal' && last.phase === 'answering') {
      announce.milestone(answered >= playing ? t`Everyone has answered.` : t`Time's up!`);
    } else if (phase === 'paused') announce.milestone(t`Paused`);
    else if (phase === 'finished') announce.milestone(t`The party is over.`);
  }, [phase, round, answering, title, answered, playing, announce, t]);

  // "10 seconds left", once per round, from the stored deadline.
  useEffect(() => {
    if (!answering || deadline === null) return;
    const wait = deadline - WARN_BEFORE_MS - Date.now();
    if (wait < 0) return;
    const timer = setTimeout(() => announce.milestone(t`10 seconds left.`), wait);
    return () => clearTimeout(timer);
  }, [answering, deadline, announce, t]);

  // The count, rationed.
  useEffect(() => {
    if (answering && answered > 0) announce.count(t`${answered} of ${playing} answered.`);
  }, [answering, answered, playing, announce, t]);

  useEffect(() => () => announce.dropCount(), [announce]);

  return (
    <p className="visually-hidden" aria-live="polite" data-testid="party-milestones">
      {/* A new node per message in a region that stays: read even when the words repeat. */}
      <Isolated key={said.n} text={said.text} />
    </p>
  );
}
