import { useEffect, useState } from 'react';

/** Counts from 0 up to `target` by 1 every `stepMs`; jumps straight there when `instant`. */
export function useCountUp(target: number, stepMs: number, instant: boolean): number {
  const [value, setValue] = useState(instant ? target : 0);
  const done = value >= target;

  useEffect(() => {
    if (instant) {
      setValue(target);
      return;
    }
    if (done) return;
    const id = setInterval(() => setValue((v) => Math.min(target, v + 1)), stepMs);
    return () => clearInterval(id);
  }, [target, stepMs, instant, done]);

  return Math.min(value, target);
}
