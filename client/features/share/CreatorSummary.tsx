import { useLingui } from '@lingui/react/macro';
import type { Player } from '../../../shared/api.js';
import { type GameMode, PRODUCT_NAME } from '../../../shared/product.js';
import { formatCount, formatScoreText } from '../../i18n/format.js';
import { useLanguage } from '../../i18n/useLanguage.js';
import { endScreenWords } from '../modes/end-screen-words.js';
import { topCardPath } from './cards.js';

/**
 * What the creator's end screen opens with once a friend has played: how many played, their
 * average, the best match (a guess game: who knows the creator best), and the top-three card to share.
 */
export function CreatorSummary({
  gameId,
  players,
  mode,
}: {
  gameId: string;
  players: readonly Player[];
  /** The game's mode; undefined while unknown reads as alike, today's game. */
  mode?: GameMode;
}) {
  const { i18n, t } = useLingui();
  const lang = useLanguage();
  if (players.length === 0) return null;
  const words = endScreenWords(mode);
  const count = formatCount(i18n, players.length);
  const average = formatScoreText(
    i18n,
    Math.round((players.reduce((sum, p) => sum + p.score, 0) / players.length) * 10) / 10,
  );
  const best = players[0];
  const bestName = best.playerName.trim() || t`A friend`;
  const bestScore = formatScoreText(i18n, best.score);
  const top = players.slice(0, 3);
  const card = topCardPath(gameId, lang, top.map((p) => `${p.playerID}:${p.score}`).join(','));
  return (
    <section className="card summary" aria-labelledby="summary-heading" data-testid="creator-summary">
      <h2 id="summary-heading">{t`How your friends did`}</h2>
      <dl className="summary__figures">
        <div>
          <dt>{t`Played`}</dt>
          <dd>{count}</dd>
        </div>
        <div>
          <dt>{t`Average`}</dt>
          <dd>{average}</dd>
        </div>
        <div>
          <dt>{i18n._(words.best)}</dt>
          <dd>
            {/* Isolated: a right-to-left name would otherwise pull the score in front of it. The
                score has a line of its own: in a third of a phone's width "Bo · 10/10" broke
                after the dot. */}
            <bdi>{bestName}</bdi> <span className="summary__best-score">{bestScore}</span>
          </dd>
        </div>
      </dl>
      <img className="summary__card" src={card} alt={i18n._(words.storyAlt)} width="180" height="320" loading="lazy" />
      <a className="button button--secondary" href={card} download={`${PRODUCT_NAME.toLowerCase()}-top-three.png`}>
        {t`Save the picture`}
      </a>
    </section>
  );
}
