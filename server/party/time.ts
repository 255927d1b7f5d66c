/** The time source of every party clock (the room's timers, the leases); tests give a fake one. */
export interface PartyClock {
  now(): number;
  /** Runs `run` at `at` (ms); returns what cancels it. */
  schedule(at: number, run: () => void): () => void;
}

export const systemClock: PartyClock = {
  now: () => Date.now(),
  schedule(at, run) {
    // One ms more: a timer counts whole ms on the monotonic clock and may fire just before `at`.
    const timer = setTimeout(run, Math.max(0, at - Date.now() + 1));
    timer.unref();
    return () => clearTimeout(timer);
  },
};
