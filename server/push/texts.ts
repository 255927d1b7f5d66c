import type { Language } from '../../shared/languages.js';
import { namedCreator, PRODUCT_NAME } from '../../shared/product.js';
import { scoreText } from '../../shared/score-text.js';
import { NOTE_PUSH_TEXTS, PUSH_TEXTS } from '../../shared/texts.js';
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

/** The notification of a friend's note: who left it, never what it says (a lock screen is not private). */
export function notePushMessage(language: Language, playerName: string): { title: string; body: string } {
  const name = namedCreator(playerName);
  const body =
    name === null
      ? serverText(language, NOTE_PUSH_TEXTS.oneUnnamed)
      : serverText(language, NOTE_PUSH_TEXTS.one, { name });
  return { title: PRODUCT_NAME, body };
}
