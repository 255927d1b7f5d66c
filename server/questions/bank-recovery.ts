/**
 * Classic account-recovery questions ("your mother's maiden name", "your first pet") in the four
 * languages. Quiz sites that asked them were farming the answers to people's security questions;
 * the bank tests refuse any bank text that asks one. Patterns, not a list of sentences: each names
 * the topic the way a question would, so a rewording is caught too.
 */
const RECOVERY_TOPICS: readonly { topic: string; patterns: readonly RegExp[] }[] = [
  {
    topic: "mother's maiden name",
    patterns: [/maiden name/, /apellido de soltera/, /nome de solteira/, /mädchenname/, /geburtsname/],
  },
  {
    topic: 'first pet',
    patterns: [
      /first pet/,
      /\bpet'?s name/,
      /primera mascota/,
      /nombre de tu mascota/,
      /primeiro (animal de estimação|pet|bichinho)/,
      /nome do seu (animal|pet|bichinho)/,
      /erstes haustier/,
      /ersten haustier/,
      /name deines haustiers/,
    ],
  },
  {
    topic: 'birthplace',
    patterns: [
      /where were you born/,
      /\bbirthplace\b/,
      /place of birth/,
      /town you were born/,
      /dónde naciste/,
      /lugar de nacimiento/,
      /ciudad natal/,
      /onde você nasceu/,
      /cidade natal/,
      /wo bist du geboren/,
      /geburtsort/,
      /geburtsstadt/,
    ],
  },
  {
    topic: 'first school',
    patterns: [
      /first school/,
      // The school's name: "still friends with someone from primary school" asks nothing of the kind.
      /name.*(primary|elementary) school/,
      /primera escuela/,
      /primer colegio/,
      /primeira escola/,
      /erste schule/,
      /ersten schule/,
      /(name|hieß).*grundschule/,
    ],
  },
  {
    topic: 'first car',
    patterns: [/first car/, /primer (coche|carro|auto)/, /primeiro carro/, /erstes auto/, /ersten auto/],
  },
  {
    topic: 'childhood street',
    patterns: [
      /street (you|i) grew up/,
      /childhood street/,
      /calle (donde|en la que) (creciste|crecí)/,
      /rua (onde|em que) (você cresceu|cresci)/,
      /straße.*aufgewachsen/,
    ],
  },
];

/** The account-recovery topic a text asks about, or undefined. Case and accents as written. */
export function recoveryTopic(text: string): string | undefined {
  const lower = text.toLowerCase().replace(/’/g, "'");
  return RECOVERY_TOPICS.find(({ patterns }) => patterns.some((pattern) => pattern.test(lower)))?.topic;
}
