// Which rate lines price work today (issue 26, build item 1; docs/decisions/0035), as the Rates page shows each: in
// effect, waiting for its date, or replaced by a newer line of the same kind. A line is never edited, so an old price
// stays on the list beside the one that replaced it; this says which one work is priced at, the way priceWork picks
// it (the latest date on or before the day, then the newest line of that date).
import type { RateLine } from "./pricing";

export type RateStatus = { kind: "in-effect" } | { kind: "future"; from: string } | { kind: "replaced" };

type Keyed = Pick<RateLine, "id" | "side" | "service" | "unit" | "languageId" | "customerId" | "interpreterId" | "currency" | "effectiveFrom">;

/** Lines that compete: the same side, work, unit, language, customer or interpreter, and currency. */
const groupOf = (line: Keyed) => JSON.stringify([line.side, line.service, line.unit, line.languageId, line.customerId, line.interpreterId, line.currency]);

/** Whether `a` wins over `b` on a day both are in effect: the later date, then the newer line. */
const newer = (a: Keyed, b: Keyed) => a.effectiveFrom > b.effectiveFrom || (a.effectiveFrom === b.effectiveFrom && a.id > b.id);

/**
 * Each line's status on `today` (YYYY-MM-DD on the company's calendar), judged among the lines given: the whole card of
 * a side, since a line's replacement may be on an earlier page of the list than the line.
 */
export function rateStatuses(lines: readonly Keyed[], today: string): Map<number, RateStatus> {
  const current = new Map<string, Keyed>();
  for (const line of lines) {
    if (line.effectiveFrom > today) continue;
    const group = groupOf(line);
    const holder = current.get(group);
    if (!holder || newer(line, holder)) current.set(group, line);
  }
  return new Map(
    lines.map((line): [number, RateStatus] => {
      if (line.effectiveFrom > today) return [line.id, { kind: "future", from: line.effectiveFrom }];
      return [line.id, current.get(groupOf(line))?.id === line.id ? { kind: "in-effect" } : { kind: "replaced" }];
    }),
  );
}
