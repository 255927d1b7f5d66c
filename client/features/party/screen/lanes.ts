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
  /** Its line to its dot passes over a name above it (its dot lies under that name). */
  crossing: boolean;
}

/** A character's width in % of the track at the shared screen's sizes, until the track is measured. */
export const CHAR_PERCENT = 1.35;
/** A bold character of the labels' font is about this many of its font size wide. */
const CHAR_EM = 0.62;
const PADDING_CHARS = 3;
const GAP_PERCENT = 1;

export function labelWidth(label: string, charPercent = CHAR_PERCENT): number {
  return ([...label].length + PADDING_CHARS) * charPercent;
}

/** A character's width in % of a track `trackPx` wide whose labels are `fontPx` high; the default when unmeasured. */
export function charPercentOf(trackPx: number, fontPx: number): number {
  return trackPx > 0 && fontPx > 0 ? ((fontPx * CHAR_EM) / trackPx) * 100 : CHAR_PERCENT;
}

/**
 * Lanes for labels at `at(item)` (0–100) `width(item)` wide; items in any order, the result by
 * position. A name may not cover another name of its lane, nor the line from a deeper name up to
 * its dot, and its own line must pass no name above it: every name visibly hangs from its dot.
 */
export function placeLabels<T>(items: readonly T[], at: (item: T) => number, width: (item: T) => number): Placed<T>[] {
  const sorted = [...items].sort((a, b) => at(a) - at(b));
  const spans: { x: number; lane: number; start: number; end: number }[] = [];
  return sorted.map((item) => {
    const x = at(item);
    const w = width(item);
    const align = x - w / 2 < 0 ? 'start' : x + w / 2 > 100 ? 'end' : 'center';
    const start = align === 'start' ? x : align === 'end' ? x - w : x - w / 2;
    const end = start + w;
    const fits = (lane: number, ownLine: boolean) =>
      spans.every((span) => {
        if (span.lane === lane) return span.end + GAP_PERCENT <= start || end + GAP_PERCENT <= span.start;
        // A deeper name's line passes up through this lane at its dot; this name's line passes up through shallower ones.
        if (span.lane > lane) return span.x < start - GAP_PERCENT || span.x > end + GAP_PERCENT;
        return !ownLine || x < span.start - GAP_PERCENT || x > span.end + GAP_PERCENT;
      });
    // A dot under a shallower name (two answers close together) cannot keep its line clear: its
    // line is then drawn over that name (`crossing`), in the first lane that is otherwise free.
    const deepest = spans.length + 1;
    let lane = 0;
    while (lane <= deepest && !fits(lane, true)) lane++;
    const crossing = lane > deepest;
    if (crossing) {
      lane = 0;
      while (!fits(lane, false)) lane++;
    }
    spans.push({ x, lane, start, end });
    return { item, lane, align, crossing };
  });
}
