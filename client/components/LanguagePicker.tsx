import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { chooseLanguage, currentLanguage } from '../i18n/i18n.js';
import { isLanguage, LANGUAGES } from '../i18n/languages.js';

/**
 * The language switch every screen has: each language named in its own words (and marked with
 * its `lang`, so a screen reader says it right), so a person finds theirs whatever the screen is in.
 */
export function LanguagePicker() {
  const { t } = useLingui();
  const [failed, setFailed] = useState(false);
  const change = (tag: string) => {
    if (!isLanguage(tag)) return;
    setFailed(false);
    chooseLanguage(tag).catch(() => setFailed(true));
  };
  return (
    <div className="language-picker">
      <label className="language-picker__label">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="language-picker__icon">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18" />
        </svg>
        <span className="visually-hidden">{t`Language`}</span>
        <select
          className="language-picker__select"
          value={currentLanguage()}
          onChange={(event) => change(event.target.value)}
        >
          {LANGUAGES.map(({ tag, name }) => (
            <option key={tag} value={tag} lang={tag}>
              {name}
            </option>
          ))}
        </select>
      </label>
      {failed && (
        <p className="language-picker__error" role="alert">
          {t`That language could not be loaded. Check your connection and try again.`}
        </p>
      )}
    </div>
  );
}
