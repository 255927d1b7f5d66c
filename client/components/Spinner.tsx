import { useLingui } from '@lingui/react/macro';

/** Shown during every wait; announced once to screen readers. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useLingui();
  return (
    <div className="spinner" role="status">
      <svg className="spinner__svg" viewBox="0 0 50 50" width="56" height="56" aria-hidden="true">
        <circle className="spinner__track" cx="25" cy="25" r="20" />
        <circle className="spinner__arc" cx="25" cy="25" r="20" />
      </svg>
      <span className="visually-hidden">{label ?? t`Loading`}</span>
    </div>
  );
}
