import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';

interface MissedRoundsProps {
  /** How many rounds the creator let time out. */
  count: number;
  /** Every round timed out: there is nothing to leave them out of. */
  all: boolean;
  onAnswerNow: () => void;
  onLeaveOut: () => void;
}

/**
 * Before a creator's link is made: the rounds they let time out, offered again (with no clock),
 * or left out of the game. Friends are never asked a round nobody answered.
 */
export function MissedRounds({ count, all, onAnswerNow, onLeaveOut }: MissedRoundsProps) {
  const { t } = useLingui();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <main className="screen game missed-rounds">
      <h1 ref={title} tabIndex={-1}>
        {t`${plural(count, { one: 'You missed # round', other: 'You missed # rounds' })}`}
      </h1>
      <p className="lead">
        {all
          ? t`Answer them now, with no clock: your friends are only asked the rounds you answered.`
          : t`Answer them now, with no clock, or leave them out: your friends are only asked the rounds you answered.`}
      </p>
      <button type="button" className="button button--primary" onClick={onAnswerNow}>
        {t`Answer them now`}
      </button>
      {!all && (
        <button type="button" className="button button--secondary" onClick={onLeaveOut}>
          {t`Leave them out`}
        </button>
      )}
    </main>
  );
}
