import { selectOrdinal } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { aboutSubject, type PartyReveal, type PartyState } from '../../../../shared/party.js';
import { formatScore } from '../../../i18n/format.js';
import { Isolated } from '../../../i18n/Isolated.js';
import { nameInSentence } from '../../../i18n/names.js';
import { answerWords, listOf, playerName, ranks } from './words.js';

/**
 * The round's reveal on a phone: this player's own line first ("2nd closest — 8 away · +7"), then
 * every answer as a list in words (what the shared screen draws on one track).
 */
export function Reveal({ state, meId }: { state: PartyState; meId: string | null }) {
  const { reveal } = state;
  if (reveal === null) return null;
  return (
    <>
      <p className="party-reveal__question muted">{state.question?.question}</p>
      {aboutSubject(state.format) ? (
        <GuessReveal state={state} reveal={reveal} meId={meId} />
      ) : (
        <AlikeReveal state={state} reveal={reveal} meId={meId} />
      )}
    </>
  );
}

function GuessReveal({ state, reveal, meId }: { state: PartyState; reveal: PartyReveal; meId: string | null }) {
  const { i18n, t } = useLingui();
  const subject = state.subject;
  const subjectName = subject === null ? '' : nameInSentence(i18n, subject.playerName);
  const said = reveal.subjectAnswer === null ? null : answerWords(i18n, state, reveal.subjectAnswer);
  const rank = ranks(
    reveal.answers,
    (a) => a.playerID,
    (a) => a.points,
  );
  const mine = reveal.answers.find((answer) => answer.playerID === meId);
  const spectrum = !Array.isArray(state.question?.options);
  const closest = reveal.closest.map((id) => playerName(i18n, state.players, id)).filter((name) => name !== '');

  const names = listOf(i18n, closest);
  let verdict: string;
  if (subject !== null && subject.playerID === meId) {
    verdict = closest.length === 0 ? t`Nobody guessed you this round.` : t`Closest to you: ${names}`;
  } else if (reveal.subjectAnswer === null) {
    verdict = t`${subjectName} didn't answer, so no points this round.`;
  } else if (mine === undefined) {
    verdict = t`You didn't answer this round.`;
  } else if (spectrum) {
    const place = rank.get(mine.playerID) ?? 1;
    const placed =
      place === 1
        ? t`Closest`
        : t`${selectOrdinal(place, { one: '#st closest', two: '#nd closest', few: '#rd closest', other: '#th closest' })}`;
    const away = Math.abs(mine.answer - reveal.subjectAnswer);
    const points = formatScore(i18n, mine.points);
    verdict = t`${placed} — ${away} away · +${points}`;
  } else {
    const points = formatScore(i18n, mine.points);
    verdict = mine.points > 0 ? t`You got it · +${points}` : t`Not this time · +0`;
  }

  const yours = subject !== null && subject.playerID === meId;
  const saidLine =
    said === null
      ? yours
        ? t`You didn't answer this round.`
        : t`${subjectName} didn't answer`
      : yours
        ? t`You said ${said}`
        : t`${subjectName} said ${said}`;
  const sorted = [...reveal.answers].sort((a, b) => b.points - a.points);
  return (
    <section className="party-reveal" aria-labelledby="party-reveal-said">
      <h2 id="party-reveal-said" className="party-reveal__said">
        <Isolated text={saidLine} />
      </h2>
      <p className="party-reveal__verdict">
        <Isolated text={verdict} />
      </p>
      <ol className="party-list" aria-label={t`Everyone's guesses`}>
        {sorted.map((answer) => (
          <li
            key={answer.playerID}
            className={answer.playerID === meId ? 'party-list__row party-list__row--me' : 'party-list__row'}
          >
            <span className="party-list__name">
              <Isolated text={playerName(i18n, state.players, answer.playerID)} />
            </span>
            <span className="party-list__value">{answerWords(i18n, state, answer.answer)}</span>
            <span className="party-list__points">+{formatScore(i18n, answer.points)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function AlikeReveal({ state, reveal, meId }: { state: PartyState; reveal: PartyReveal; meId: string | null }) {
  const { i18n, t } = useLingui();
  const words = state.question?.options;
  const pair = reveal.closest.map((id) => playerName(i18n, state.players, id)).filter((name) => name !== '');
  const mine = reveal.answers.find((answer) => answer.playerID === meId);
  const values = reveal.answers.map((answer) => answer.answer);
  const [lowest, highest, picked] = [Math.min(...values), Math.max(...values), new Set(values).size];
  const count = Array.isArray(words) ? words.length : 0;
  const pairNames = listOf(i18n, pair);
  const yours = mine === undefined ? '' : answerWords(i18n, state, mine.answer);
  const spread =
    values.length === 0
      ? t`Nobody answered this round.`
      : Array.isArray(words)
        ? t`${picked} of ${count} words were picked.`
        : t`Answers ran from ${lowest} to ${highest}.`;
  // Classic: each word with who picked it; Spectrum: everyone from one end to the other.
  const groups = Array.isArray(words)
    ? words
        .map((word, index) => ({
          label: word,
          ids: reveal.answers.filter((a) => a.answer === index + 1).map((a) => a.playerID),
        }))
        .filter((group) => group.ids.length > 0)
    : [...reveal.answers]
        .sort((a, b) => a.answer - b.answer)
        .map((answer) => ({ label: String(answer.answer), ids: [answer.playerID] }));
  return (
    <section className="party-reveal" aria-labelledby="party-reveal-spread">
      <h2 id="party-reveal-spread" className="party-reveal__said">
        {spread}
      </h2>
      {pair.length === 2 && (
        <p className="party-reveal__verdict">
          <Isolated text={t`Most alike this round: ${pairNames}`} />
        </p>
      )}
      <p className="muted">{mine === undefined ? t`You didn't answer this round.` : t`You: ${yours}`}</p>
      <ul className="party-list" aria-label={t`Everyone's answers`}>
        {groups.map((group) => (
          <li
            key={group.label}
            className={group.ids.includes(meId ?? '') ? 'party-list__row party-list__row--me' : 'party-list__row'}
          >
            <span className="party-list__value">{group.label}</span>
            <span className="party-list__name">
              <Isolated
                text={listOf(
                  i18n,
                  group.ids.map((id) => playerName(i18n, state.players, id)).filter((n) => n !== ''),
                )}
              />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
