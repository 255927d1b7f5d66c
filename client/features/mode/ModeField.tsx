import { useLingui } from '@lingui/react/macro';
import type { GameMode } from '../../../shared/product.js';

/** The creator's choice of mode on the landing screen: alike (the default) or guess. Kept tiny: it ships in the entry. */
export function ModeField({ mode, onChange }: { mode: GameMode; onChange: (mode: GameMode) => void }) {
  const { t } = useLingui();
  return (
    <label className="take-time__label">
      <input
        type="checkbox"
        className="take-time__switch"
        checked={mode === 'guess'}
        onChange={(event) => onChange(event.target.checked ? 'guess' : 'alike')}
      />
      <span>{t`Friends guess my answers`}</span>
    </label>
  );
}
