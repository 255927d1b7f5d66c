import { useLingui } from '@lingui/react/macro';

/** Tells whether the list is updating by itself right now. */
export function LiveBadge({ connected }: { connected: boolean }) {
  const { t } = useLingui();
  return (
    <span className={`live-badge${connected ? ' live-badge--on' : ''}`}>
      <span className="live-badge__dot" aria-hidden="true" />
      {connected ? t({ id: 'scoreboard.live', message: 'Live' }) : t`Connecting…`}
    </span>
  );
}
