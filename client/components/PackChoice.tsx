import { useLingui } from '@lingui/react/macro';
import { PACKS, type Pack } from '../../shared/packs.js';
import { PACK_NAMES } from '../i18n/packs.js';

/**
 * The landing's choice of pack (shared/packs.ts), one tap each: "A bit of everything" (the whole bank) or one pack,
 * as pressed buttons in a row that wraps. The pack lives in the address (`?pack=`), as the edition
 * does in the path, so a reload or a shared link keeps it.
 */
export function PackChoice({ pack, onChange }: { pack: Pack | undefined; onChange: (pack: Pack | undefined) => void }) {
  const { i18n, t } = useLingui();
  const option = (value: Pack | undefined, label: string) => (
    <button
      key={value ?? 'any'}
      type="button"
      className="pack__option"
      aria-pressed={value === pack}
      onClick={() => value !== pack && onChange(value)}
    >
      {label}
    </button>
  );
  return (
    <fieldset className="pack">
      <legend className="pack__legend">{t`Pick a theme`}</legend>
      {option(undefined, t`A bit of everything`)}
      {PACKS.map((value) => option(value, i18n._(PACK_NAMES[value])))}
    </fieldset>
  );
}
