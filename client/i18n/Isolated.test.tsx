import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isolate } from '../../shared/names.js';
import { Isolated } from './Isolated.js';

const markup = (text: string) => render(<Isolated text={text} />).container.innerHTML;
/** What a sentence renders as: one span around it (a flex parent keeps its spaces). */
const span = (inner: string) => `<span>${inner}</span>`;

describe('a sentence with isolated names, as markup', () => {
  it('puts each name in a <bdi> and leaves the words around as text', () => {
    expect(markup(`Closest pair: ${isolate('سارا')} and ${isolate('Bo!')}: In tune`)).toBe(
      span('Closest pair: <bdi>سارا</bdi> and <bdi>Bo!</bdi>: In tune'),
    );
    expect(markup(`${isolate('דנה')}${isolate('Bo')}`)).toBe(span('<bdi>דנה</bdi><bdi>Bo</bdi>'));
  });

  it('shows a sentence without names as it is', () => {
    expect(markup('Who knows your friend best')).toBe(span('Who knows your friend best'));
  });
});
