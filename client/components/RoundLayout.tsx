import type { ReactNode } from 'react';
import { TimerRing } from './TimerRing.js';

/** What every round shows: the countdown, the question, then the edition's way of answering. */
export function RoundLayout({
  progress,
  question,
  children,
}: {
  progress: number;
  question: string;
  children: ReactNode;
}) {
  return (
    <section className="round" aria-label="Question">
      <div className="round__top">
        <TimerRing progress={progress} />
        <p className="round__question">{question}</p>
      </div>
      {children}
    </section>
  );
}
