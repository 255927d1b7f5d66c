/**
 * Where each name sits under the reveal's track: in the first row (lane) where it does not cover
 * the name before it. Widths are estimates in % of the track (a character is about 1 % of it at
 * the shared screen's sizes), which is all it takes to keep names from covering each other.
 */
export interface Placed<T> {
  item: T;
  lane: number;
  /** How the label hangs from its pin: centred, or inwards at the ends so it stays on the screen. */
  align: 'start' | 'center' | 'end';
}

const CHAR_PERCENT = 1.35;
const PADDING_PERCENT = 4;
const GAP_PERCENT = 1;

export function labelWidth(label: string): number {
  return [...label].length * CHAR_PERCENT + PADDING_PERCENT;
}

/** Lanes for labels at `at(item)` (0–100) `width(item)` wide; items in any order, the result by position. */
export function placeLabels<T>(items: readonly T[], at: (item: T) => number, width: (item: T) => number): Placed<T>[] {
  const sorted = [...items].sort((a, b) => at(a) - at(b));
  const laneEnds: number[] = [];
  return sorted.map((item) => {
    const x = at(item);
    const w = width(item);
    const align = x - w / 2 < 0 ? 'start' : x + w / 2 > 100 ? 'end' : 'center';
    const start = align === 'start' ? x : align === 'end' ? x - w : x - w / 2;
    let lane = laneEnds.findIndex((end) => end + GAP_PERCENT <= start);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(0);
    }
    laneEnds[lane] = start + w;
    return { item, lane, align };
  });
}
