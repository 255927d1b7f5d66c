import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { PartyState } from '../../../../shared/party.js';
import { Announcements, WARN_BEFORE_MS } from '../announcements.js';
import { playingRound } from './words.js';

interface AnnouncerProps {
  state: PartyState;
  deadline: number | null;
  myAnswer: number | null;
}

/**
 * The phone's one polite live region: round start, 10 seconds left, answered, time's up, and
 * "3 of 5 answered" at most every 5 s (Announcements rations them). The countdown itself is silent.
 */
export function PartyAnnouncer({ state, deadline, myAnswer }: AnnouncerProps) {
  const { t } = useLingui();
  const [said, setSaid] = useState({ text: '', n: 0 });
  const queue = useRef<Announcements | null>(null);
  if (queue.current === null) queue.current = new Announcements((text) => setSaid(({ n }) => ({ text, n: n + 1 })));
  const announce = queue.current;
  const before = useRef<{ phase: string; round: number; answer: number | null } | null>(null);
  const { phase, round, rounds } = state;
  const answering = phase === 'answering';
  const answered = state.players.filter((player) => player.answered).length;
  const playing = playingRound(state.players).length;

  // Phase milestones.
  useEffect(() => {
    const last = before.current;
    before.current = { phase, round, answer: myAnswer };
    if (last === null) return;
    const number = round + 1;
    if (answering && (last.phase !== 'answering' || last.round !== round) && last.phase !== 'paused') {
      announce.dropCount();
      announce.milestone(t`Round ${number} of ${rounds}: answer now.`);
    } else if (last.phase === 'answering' && !answering && phase !== 'paused') {
      announce.dropCount();
      announce.milestone(answered >= playing ? t`Everyone has answered.` : t`Time's up.`);
    } else if (answering && last.answer === null && myAnswer !== null && last.round === round) {
      announce.milestone(t`Answer sent.`);
    }
  }, [phase, round, rounds, answering, myAnswer, answered, playing, announce, t]);

  // "10 seconds left", once, for a player who has not answered yet.
  useEffect(() => {
    if (!answering || deadline === null || myAnswer !== null) return;
    const wait = deadline - WARN_BEFORE_MS - Date.now();
    if (wait < 0) return;
    const timer = setTimeout(() => announce.milestone(t`10 seconds left.`), wait);
    return () => clearTimeout(timer);
  }, [answering, deadline, myAnswer, announce, t]);

  // The count, rationed.
  useEffect(() => {
    if (answering && answered > 0) announce.count(t`${answered} of ${playing} answered.`);
  }, [answering, answered, playing, announce, t]);

  useEffect(() => () => announce.dropCount(), [announce]);

  return (
    <p className="visually-hidden" aria-live="polite" data-testid="party-announcer">
      {/* A new node per message in a region that stays: read even when the words repeat. */}
      <span key={said.n}>{said.text}</span>
    </p>
  );
}
