/**
 * A crude near-duplicate finder for the question banks: two questions that share most of their
 * content words probably ask the same thing. Used by the bank tests, where a flagged pair is read
 * by a person and either reworded or accepted.
 */

/** The stock frames our questions are built on; they say nothing about the topic. */
const FRAMES = [/^how often do you\b/, /^first word that comes to mind:/];

/** Function words, and the filler of "Pick your favourite…" / "Which is best…". */
const STOP_WORDS = new Set(
  `a about after all am an and any are as at be been being best but by can could d did do does doing don
  each even ever every favourite for from had has have how i if in into is it its just ll m me more most much
  my no not of on one or our out own pick choose rather re really s should so some than that the their them
  then there these they this those to too up ve very was we were what when where which who will with would
  you your yourself`.split(/\s+/),
);

/** Lowercase, no frame, no punctuation, no stop words, a trailing "s" or "ing" cut off. */
export function contentWords(text: string): Set<string> {
  let lower = text.toLowerCase().trim();
  for (const frame of FRAMES) lower = lower.replace(frame, '');
  const words = lower
    .replace(/['’]/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && !STOP_WORDS.has(word))
    .map(stem);
  return new Set(words);
}

function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) {
    const root = word.slice(0, -3);
    // "getting" → "get", "running" → "run"
    return root.at(-1) === root.at(-2) ? root.slice(0, -1) : root;
  }
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Jaccard similarity of the two texts' content words (0 = nothing shared, 1 = the same words). */
export function similarity(a: string, b: string): number {
  const left = contentWords(a);
  const right = contentWords(b);
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared++;
  return shared / (left.size + right.size - shared);
}

interface NearDuplicate {
  a: string;
  b: string;
  similarity: number;
}

/** Every pair of questions at least `threshold` alike, most alike first. */
export function nearDuplicates(
  questions: readonly { id: string; question: string }[],
  threshold: number,
): NearDuplicate[] {
  const pairs: NearDuplicate[] = [];
  for (let i = 0; i < questions.length; i++) {
    for (let j = i + 1; j < questions.length; j++) {
      const score = similarity(questions[i].question, questions[j].question);
      if (score >= threshold) {
        pairs.push({
          a: `${questions[i].id} "${questions[i].question}"`,
          b: `${questions[j].id} "${questions[j].question}"`,
          similarity: score,
        });
      }
    }
  }
  return pairs.sort((x, y) => y.similarity - x.similarity);
}
