import { Fragment } from 'react';
import { FSI, PDI } from '../../shared/names.js';

// A name between FSI and PDI (shared/names.ts isolate); names hold no isolates of their own.
const ISOLATED_NAME = new RegExp(`${FSI}([^${FSI}${PDI}]*)${PDI}`, 'u');

/**
 * A sentence whose names went in isolated (client/i18n/names.ts), as markup: each name in a
 * <bdi>, which isolates it as FSI … PDI do, without invisible characters in the page's text (what
 * is copied, searched or read out stays the sentence). Attributes and other plain strings keep
 * the FSI … PDI.
 */
export function Isolated({ text }: { text: string }) {
  // Split with a group: the names are at the odd places.
  const parts = text.split(ISOLATED_NAME);
  // One span around the sentence: in a flex container (a button) each loose part would be an item
  // of its own, and the spaces at their edges would vanish ("Crie o seu —Adavai ver").
  return (
    <span>
      {parts.map((part, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence, always in its order.
        index % 2 === 1 ? <bdi key={index}>{part}</bdi> : <Fragment key={index}>{part}</Fragment>,
      )}
    </span>
  );
}
