import { NAME_MAX_LENGTH } from '../../shared/product.js';

/** The name box's visible label; the placeholder (the spec's question) stays inside the box. */
export const NAME_LABEL = 'Your name';
export const NAME_PLACEHOLDER = 'What name do you go by?';

/** The player's name; optional, capped at the server's limit. */
export function NameField({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  return (
    <label className="name-field__label">
      <span className="name-field__caption">{NAME_LABEL}</span>
      <input
        className="name-field"
        type="text"
        name="name"
        placeholder={NAME_PLACEHOLDER}
        autoComplete="nickname"
        enterKeyHint="go"
        maxLength={NAME_MAX_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
