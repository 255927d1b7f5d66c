import { local } from '../../state/storage.js';

/** Where this browser keeps "Take my time". */
const TAKE_MY_TIME_KEY = 'wavelength.takeMyTime';

/**
 * "Take my time" (WCAG 2.2.1): rounds without a clock, each moved on by its own Next button.
 * Only the pace changes: the answers are the same numbers, so the score is the same.
 */
export function takeMyTime(): boolean {
  return local.get(TAKE_MY_TIME_KEY) === 'on';
}

export function saveTakeMyTime(on: boolean): void {
  if (on) local.set(TAKE_MY_TIME_KEY, 'on');
  else local.remove(TAKE_MY_TIME_KEY);
}
