import { describe, expect, it } from 'vitest';
import { emojiSvg } from './emoji.js';
import { drawableName } from './og-card.js';
import type { TopStory } from './story-card.js';
import { storySvg } from './story-render.js';

const top = (names: string[]): TopStory => ({
  kind: 'top',
  lang: 'en',
  creatorName: 'Ada 🌻',
  top: names.map((playerName, index) => ({ playerName, score: 9 - index })),
  link: 'https://wavelength.example/join/abc',
});

/** The emoji pictures a card's SVG holds (satori draws each as an image). */
const pictures = (svg: string) => svg.match(/<image[^>]+href="data:image\/svg\+xml/g)?.length ?? 0;

describe('emoji in names on the cards (issue 43.8)', () => {
  it('are kept in the name the card draws, as the screens show them; what no font or picture draws is left out', () => {
    expect(drawableName('Bo 🎸')).toBe('Bo 🎸');
    expect(drawableName('❤️ Cy')).toBe('❤️ Cy');
    expect(drawableName('Di 👩🏽‍💻')).toBe('Di 👩🏽‍💻');
    expect(drawableName('李 Ed')).toBe('Ed');
    // Noto's pictures have no flags: left out, as before, rather than drawn as an empty box.
    expect(drawableName('🇧🇷 Fé')).toBe('Fé');
  });

  it('each has its picture: red heart with or without its variation selector, a skin tone', () => {
    for (const emoji of ['🎸', '❤️', '❤', '👍🏾']) expect(emojiSvg(emoji)).toMatch(/^<svg [^>]*viewBox/);
    expect(emojiSvg('A')).toBeUndefined();
  });

  it("are drawn on the top-three story card, the creator's name and the friends' alike", async () => {
    const plain = pictures(await storySvg({ ...top(['Bo', 'Cy', 'Di']), creatorName: 'Ada' }));
    // Four more: Ada's 🌻 in the title and in the invitation, Bo's 🎸 and Di's ❤️.
    expect(pictures(await storySvg(top(['Bo 🎸', 'Cy', 'Di ❤️'])))).toBe(plain + 4);
  }, 60_000);
});
