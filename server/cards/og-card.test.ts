import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { CARD_WIDTH, card } from './og-card.js';

type Node = ReactElement<{ style: Record<string, string | number>; children?: Node | Node[] | string }>;
const childrenOf = (node: Node): Node[] => {
  const { children } = node.props;
  if (children === undefined || typeof children === 'string') return [];
  return Array.isArray(children) ? children.filter((c): c is Node => typeof c !== 'string') : [children];
};

describe('the link-preview card', () => {
  it("keeps the backdrop wave clear of the subtitle: the subtitle ends before the wave's left edge", () => {
    const root = card({ creatorName: 'Ada', edition: 'spectrum', name: 'Ada' }) as Node;
    const [wave, , , subtitle] = childrenOf(root);
    expect(wave.type).toBe('img');
    const waveLeft = CARD_WIDTH - Number(wave.props.style.right) - Number(wave.props.style.width);
    const paddingLeft = Number(String(root.props.style.padding).split(' ')[1].replace('px', ''));
    const subtitleWidth = subtitle.props.style.maxWidth;
    expect(typeof subtitleWidth).toBe('number');
    expect(paddingLeft + Number(subtitleWidth)).toBeLessThanOrEqual(waveLeft);
  });
});
