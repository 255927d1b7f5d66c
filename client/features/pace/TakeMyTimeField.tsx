import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { saveTakeMyTime, takeMyTime } from './pace.js';

/** The "Take my time" switch, before playing: remembered in this browser for every game after. */
export function TakeMyTimeField({ onChange }: { onChange?: (on: boolean) => void } = {}) {
  const { t } = useLingui();
  const [on, setOn] = useState(takeMyTime);
  const hint = useId();
  return (
    <div className="take-time">
      <label className="take-time__label">
        <input
          type="checkbox"
          className="take-time__switch"
          checked={on}
          aria-describedby={hint}
          onChange={(event) => {
            setOn(event.target.checked);
            saveTakeMyTime(event.target.checked);
            onChange?.(event.target.checked);
          }}
        />
        <span>{t`Take my time`}</span>
      </label>
      <p id={hint} className="take-time__hint">
        {t`No clock: each round waits until you press Next. Your score is counted the same way.`}
      </p>
    </div>
  );
}
