import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useLocation, useNavigate } from 'react-router-dom';
import { EDITIONS, type Edition } from '../../shared/product.js';
import { EDITION_NAMES } from '../i18n/editions.js';
import { landingPath } from '../paths.js';

const HINTS: Record<Edition, MessageDescriptor> = {
  spectrum: msg`Slide to where you stand between two ends.`,
  classic: msg`Pick one word out of four.`,
};

/** Switches the landing screen between editions; the edition lives in the path. */
export function EditionToggle({ edition }: { edition: Edition }) {
  const navigate = useNavigate();
  // The chosen pack (`?pack=`) stays chosen in the other edition.
  const { search } = useLocation();
  const { i18n, t } = useLingui();
  return (
    <div className="edition">
      <fieldset className="edition__toggle">
        <legend className="visually-hidden">{t`Edition`}</legend>
        {EDITIONS.map((option) => (
          <button
            key={option}
            type="button"
            className="edition__option"
            aria-pressed={option === edition}
            onClick={() => option !== edition && navigate({ pathname: landingPath(option), search }, { replace: true })}
          >
            {i18n._(EDITION_NAMES[option])}
          </button>
        ))}
      </fieldset>
      <p className="edition__hint">{i18n._(HINTS[edition])}</p>
    </div>
  );
}
