import { useLingui } from '@lingui/react/macro';
import { type CSSProperties, useLayoutEffect, useState } from 'react';
import type { PartyReveal, PartyState } from '../../../../shared/party.js';
import { formatScore } from '../../../i18n/format.js';
import { CHAR_PERCENT, charPercentOf, labelWidth, placeLabels } from './lanes.js';
import { scaleEnds } from './Question.js';
import { namesOf } from './round-words.js';

type Answer = PartyReveal['answers'][number];

/**
 * A Spectrum round's reveal: every answer on one 0–100 track, each with its name (and a guess's
 * points), and in a guess party the subject's own answer as the mark above the track. Hidden from
 * screen readers, which read RevealList instead.
 */
/** A character's width in % of the track, measured (and again when the window changes size). */
function useCharPercent(track: HTMLElement | null): number {
  const [percent, setPercent] = useState(CHAR_PERCENT);
  useLayoutEffect(() => {
    if (!track) return;
    const measure = () =>
      setPercent(charPercentOf(track.clientWidth, Number.parseFloat(getComputedStyle(track).fontSize)));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [track]);
  return percent;
}

export function SpectrumTrack({ state, reveal }: { state: PartyState; reveal: PartyReveal }) {
  const { i18n } = useLingui();
  const [track, setTrack] = useState<HTMLDivElement | null>(null);
  const charPercent = useCharPercent(track);
  const name = namesOf(i18n, state);
  const ends = state.question ? scaleEnds(i18n, state.question) : null;
  const guessing = state.subject !== null;
  const closest = new Set(reveal.closest);
  const label = (answer: Answer) =>
    guessing ? `${name(answer.playerID)} +${formatScore(i18n, answer.points)}` : name(answer.playerID);
  const placed = placeLabels(
    reveal.answers,
    (answer) => answer.answer,
    (answer) => labelWidth(label(answer), charPercent),
  );
  const lanes = Math.max(1, ...placed.map(({ lane }) => lane + 1));
  return (
    <div className="party-track" aria-hidden="true" data-testid="party-track">
      <div ref={setTrack} className="party-track__area" style={{ '--lanes': lanes } as CSSProperties}>
        {state.subject && reveal.subjectAnswer !== null && (
          <div className="party-track__subject" style={{ left: `${reveal.subjectAnswer}%` }} data-testid="subject-mark">
            <bdi className="party-track__subject-name">{name(state.subject.playerID)}</bdi>
            <span className="party-track__subject-mark" />
          </div>
        )}
        <div className="party-track__line" />
        {placed.map(({ item, lane, align, crossing }) => (
          <div
            key={item.playerID}
            className="party-track__pin"
            data-player={item.playerID}
            data-closest={closest.has(item.playerID) || undefined}
            data-align={align}
            data-crossing={crossing || undefined}
            style={{ left: `${item.answer}%`, '--lane': lane } as CSSProperties}
          >
            <span className="party-track__dot" />
            <span className="party-track__label">
              <bdi>{name(item.playerID)}</bdi>
              {guessing && <span className="party-track__points"> +{formatScore(i18n, item.points)}</span>}
            </span>
          </div>
        ))}
      </div>
      {ends && (
        <p className="party-ends party-ends--track">
          <span>{ends[0]}</span>
          <span>{ends[1]}</span>
        </p>
      )}
    </div>
  );
}
