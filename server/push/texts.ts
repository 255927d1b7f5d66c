import type { Language } from '../../shared/languages.js';
import { namedCreator, PRODUCT_NAME } from '../../shared/product.js';
import { scoreText } from '../../shared/score-text.js';
import { PUSH_TEXTS } from '../../shared/texts.js';
import { serverText } from '../texts/texts.js';

/** The notification of a push about `count` friends (the latest being `name` with `score`), in the game's language. */
export function pushMessage(
  language: Language,
  push: { count: number; name: string; score: number },
): { title: string; body: string } {
  const name = namedCreator(push.name);
  const score = scoreText(push.score, language);
  const body =
    push.count > 1
      ? serverText(language, PUSH_TEXTS.several, { count: String(push.count) })
      : name === null
        ? serverText(language, PUSH_TEXTS.oneUnnamed, { score })
        : serverText(language, PUSH_TEXTS.one, { name, score });
  return { title: PRODUCT_NAME, body };
}
