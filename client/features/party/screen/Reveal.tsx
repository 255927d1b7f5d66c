import { useLingui } from '@lingui/react/macro';
import type { PartyReveal, PartyState } from '../../../../shared/party.js';
import { Isolated } from '../../../i18n/Isolated.js';
import { nameInSentence } from '../../../i18n/names.js';
import { ClassicWords } from './ClassicWords.js';
import { Question } from './Question.js';
import { RevealList } from './RevealList.js';
import { roundTitle } from './round-words.js';
import { SpectrumTrack } from './SpectrumTrack.js';

/** A round's reveal: the question, then every answer (Spectrum: one track; Classic: each word with its names). */
export function Reveal({ state, reveal }: { state: PartyState; reveal: PartyReveal }) {
  const { i18n, t } = useLingui();
  const name = (playerID: string) =>
    nameInSentence(i18n, state.players.find((player) => player.playerID === playerID)?.playerName ?? '');
  const subject = state.subject ? nameInSentence(i18n, state.subject.playerName) : null;
  // guess: the guessers closest to the subject; alike: the two who answered most alike.
  const closest = reveal.closest.length === 0 ? null : reveal.closest.map(name).join(subject ? ' · ' : ' & ');
  const spectrum = state.gameType === 'Spectrum';
  return (
    <div className="party-round party-round--reveal">
      <header className="party-round__head">
        <p className="party-round__title">
          <Isolated text={roundTitle(i18n, state)} />
        </p>
      </header>
      {state.question && <Question question={state.question} compact />}
      {subject !== null && reveal.subjectAnswer === null && (
        <p className="party-reveal__note">
          <Isolated text={t`${subject} did not answer.`} />
        </p>
      )}
      {spectrum ? <SpectrumTrack state={state} reveal={reveal} /> : <ClassicWords state={state} reveal={reveal} />}
      {closest !== null && (
        <p className="party-reveal__closest">
          <Isolated text={subject !== null ? t`Closest: ${closest}` : t`Most alike: ${closest}`} />
        </p>
      )}
      <RevealList state={state} reveal={reveal} />
    </div>
  );
}
