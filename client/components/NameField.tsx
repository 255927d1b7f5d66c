import { useLingui } from '@lingui/react/macro';
import { NAME_MAX_LENGTH } from '../../shared/product.js';

/**
 * The player's name; optional, capped at the server's limit. A visible label ("Your name"); the
 * placeholder (the spec's question) stays inside the box.
 */
export function NameField({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  const { t } = useLingui();
  return (
    <label className="name-field__label">
      <span className="name-field__caption">{t`Your name`}</span>
      <input
        className="name-field"
        type="text"
        name="name"
        placeholder={t`What name do you go by?`}
        autoComplete="nickname"
        enterKeyHint="go"
        maxLength={NAME_MAX_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
