/** Packs in the built-in banks: sizes per edition and language, no account-recovery question, no near-duplicates. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/languages.js';
import { MIN_PACK_QUESTIONS, PACKS } from '../../shared/packs.js';
import { EDITIONS } from '../../shared/product.js';
import { SEED_DIR } from '../paths.js';
import { BankError, type BankQuestion, loadQuestionBank } from './bank.js';
import { recoveryTopic } from './bank-recovery.js';
import { nearDuplicates } from './bank-similarity.js';

const bank = loadQuestionBank(SEED_DIR);
const NEAR_DUPLICATE = 0.5;

/** Every text a player reads of a question, in every language the bank gives. */
function textsOf(question: BankQuestion): string[] {
  const english = [question.question, ...(Array.isArray(question.options) ? question.options : [])];
  const translated = Object.values(question.translations ?? {}).flatMap((text) => [
    text.question,
    ...(text.options ?? []),
  ]);
  return [...english, ...translated];
}

describe('the built-in banks’ packs', () => {
  it('put every question in at least one pack', () => {
    expect(bank.filter((q) => (q.packs ?? []).length === 0).map((q) => q.id)).toEqual([]);
  });

  it.each(EDITIONS.flatMap((edition) => PACKS.map((pack) => [edition, pack] as const)))(
    `hold at least ${MIN_PACK_QUESTIONS} %s questions in the %s pack, in every language`,
    (edition, pack) => {
      const inPack = bank.filter((q) => q.edition === edition && q.packs?.includes(pack));
      for (const language of LANGUAGES) {
        const readable = inPack.filter((q) => language === 'en' || q.translations?.[language] !== undefined);
        expect(readable.length, language).toBeGreaterThanOrEqual(MIN_PACK_QUESTIONS);
      }
    },
  );

  it('ask no account-recovery question, in any language', () => {
    const asked = bank.flatMap((q) => textsOf(q).flatMap((text) => (recoveryTopic(text) ? [`${q.id}: ${text}`] : [])));
    expect(asked).toEqual([]);
  });

  it.each(PACKS)('hold no two questions in the %s pack or across it that ask the same thing', (pack) => {
    for (const edition of EDITIONS) {
      const ofEdition = bank.filter((q) => q.edition === edition);
      const inPack = ofEdition.filter((q) => q.packs?.includes(pack));
      const elsewhere = ofEdition.filter((q) => !q.packs?.includes(pack));
      // Within the pack, and each of its questions against every question of the other packs.
      expect(nearDuplicates(inPack, NEAR_DUPLICATE)).toEqual([]);
      const across = nearDuplicates([...inPack, ...elsewhere], NEAR_DUPLICATE).filter(
        (pair) =>
          inPack.some((q) => pair.a.startsWith(`${q.id} `)) !== inPack.some((q) => pair.b.startsWith(`${q.id} `)),
      );
      expect(across).toEqual([]);
    }
  });
});

describe('the account-recovery check', () => {
  it.each([
    ["What is your mother's maiden name?", "mother's maiden name"],
    ['¿Cuál es el apellido de soltera de tu madre?', "mother's maiden name"],
    ['Qual é o nome de solteira da sua mãe?', "mother's maiden name"],
    ['Wie lautet der Mädchenname deiner Mutter?', "mother's maiden name"],
    ['Your first pet', 'first pet'],
    ['¿Cómo se llamaba tu primera mascota?', 'first pet'],
    ['Qual era o nome do seu primeiro animal de estimação?', 'first pet'],
    ['Wie hieß dein erstes Haustier?', 'first pet'],
    ['Where were you born?', 'birthplace'],
    ['¿Dónde naciste?', 'birthplace'],
    ['Qual é a sua cidade natal?', 'birthplace'],
    ['Was ist dein Geburtsort?', 'birthplace'],
    ['The name of your first school', 'first school'],
    ['¿Cómo se llamaba tu primera escuela?', 'first school'],
    ['Qual foi a sua primeira escola?', 'first school'],
    ['Wie hieß deine Grundschule?', 'first school'],
    ['What was your first car?', 'first car'],
    ['¿Cuál fue tu primer coche?', 'first car'],
    ['Qual foi o seu primeiro carro?', 'first car'],
    ['Was war dein erstes Auto?', 'first car'],
    ['The street you grew up on', 'childhood street'],
    ['¿Cómo se llamaba la calle donde creciste?', 'childhood street'],
    ['Qual é o nome da rua onde você cresceu?', 'childhood street'],
    ['In welcher Straße bist du aufgewachsen?', 'childhood street'],
  ])('refuses "%s" (%s)', (text, topic) => {
    expect(recoveryTopic(text)).toBe(topic);
  });

  it.each([
    'Which pet would suit you best?',
    'I have kept a houseplant alive for more than a year.',
    'Your dream road-trip vehicle',
    'One word that sums up your school days',
  ])('lets "%s" through', (text) => {
    expect(recoveryTopic(text)).toBeUndefined();
  });
});

describe('a bank question’s "packs"', () => {
  function load(packs: unknown): BankQuestion[] {
    const dir = mkdtempSync(join(tmpdir(), 'wavelength-packs-'));
    writeFileSync(
      join(dir, 'spectrum.json'),
      JSON.stringify([{ id: 's1', question: 'How often do you sing?', options: 'A', packs }]),
    );
    writeFileSync(
      join(dir, 'classic.json'),
      JSON.stringify([{ id: 'c1', question: 'A word', options: ['a', 'b', 'c', 'd'] }]),
    );
    return loadQuestionBank(dir);
  }

  it('is read when it names known packs, and may be left out', () => {
    const [spectrum, classic] = load(['couples', 'deep']);
    expect(spectrum.packs).toEqual(['couples', 'deep']);
    expect(classic.packs).toBeUndefined();
  });

  it.each([
    [[], 'non-empty list'],
    ['couples', 'non-empty list'],
    [['couples', 'dates'], 'names the pack "dates"'],
    [['deep', 'deep'], 'names a pack twice'],
  ])('is refused as %j, naming the question', (packs, says) => {
    expect(() => load(packs)).toThrow(BankError);
    expect(() => load(packs)).toThrow(says);
    expect(() => load(packs)).toThrow('id "s1"');
  });
});
