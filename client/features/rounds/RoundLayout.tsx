import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { TimerRing } from './TimerRing.js';

/**
 * What every round shows: the countdown (none when the player takes their time), the question,
 * then the edition's way of answering.
 */
export function RoundLayout({
  progress,
  question,
  timed = true,
  children,
}: {
  progress: number;
  question: string;
  timed?: boolean;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <section className="round" aria-label={t`Question`}>
      <div className={`round__top${timed ? '' : ' round__top--untimed'}`}>
        {timed && <TimerRing progress={progress} />}
        <p className="round__question">{question}</p>
      </div>
      {children}
    </section>
  );
}
