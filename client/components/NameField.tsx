import { useLingui } from '@lingui/react/macro';
import { NAME_MAX_LENGTH } from '../../shared/product.js';

/** The player's name; optional, capped at the server's limit. */
export function NameField({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  const { t } = useLingui();
  return (
    <input
      className="name-field"
      type="text"
      name="name"
      aria-label={t`Your name`}
      placeholder={t`What name do you go by?`}
      autoComplete="nickname"
      enterKeyHint="go"
      maxLength={NAME_MAX_LENGTH}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
