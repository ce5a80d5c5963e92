// Booked appointments' time rules (issue 25): wall-clock times in the company's zone across both daylight-saving
// changes of America/Denver, the start and duration limits, and what an appointment blocks on an interpreter's day.
// Run in workerd, whose ICU data is what production reads.
import { describe, expect, it } from "vitest";
import { blockedBy, durationChoices, isDuration, overlaps, startRefusal } from "~/domain/appointment-times";
import { instantOf, isTimeZone, offsetAt, wallClockOf, zoneNameAt } from "~/domain/zoned-time";

const DENVER = "America/Denver";
const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);

describe("wall-clock times in America/Denver", () => {
  it("an ordinary Tuesday at 10:00 is one instant, shown back as 10:00 MST", () => {
    const start = instantOf({ date: "2026-12-08", time: "10:00" }, DENVER);
    expect(start).toEqual({ kind: "exact", instant: at("2026-12-08T17:00:00Z") });
    expect(wallClockOf(at("2026-12-08T17:00:00Z"), DENVER)).toEqual({ date: "2026-12-08", time: "10:00" });
    expect(zoneNameAt(at("2026-12-08T17:00:00Z"), DENVER)).toBe("MST");
    expect(offsetAt(at("2026-07-08T17:00:00Z"), DENVER)).toBe(-6 * HOUR);
  });

  it("spring change (8 March 2026): a 2-hour appointment from 01:00 lasts 2 real hours and ends at 04:00 MDT", () => {
    const start = instantOf({ date: "2026-03-08", time: "01:00" }, DENVER);
    expect(start).toEqual({ kind: "exact", instant: at("2026-03-08T08:00:00Z") });
    const { to } = blockedBy({ start: at("2026-03-08T08:00:00Z"), minutes: 120, mode: "video" });
    expect(to - at("2026-03-08T08:00:00Z")).toBe(2 * HOUR);
    expect(wallClockOf(to, DENVER)).toEqual({ date: "2026-03-08", time: "04:00" });
    expect([zoneNameAt(at("2026-03-08T08:00:00Z"), DENVER), zoneNameAt(to, DENVER)]).toEqual(["MST", "MDT"]);
  });

  it("spring change: 02:30 never happens on the clocks, and is said to be skipped instead of moved", () => {
    expect(instantOf({ date: "2026-03-08", time: "02:30" }, DENVER)).toEqual({ kind: "skipped" });
    expect(instantOf({ date: "2026-03-08", time: "03:00" }, DENVER)).toEqual({ kind: "exact", instant: at("2026-03-08T09:00:00Z") });
  });

  it("autumn change (1 November 2026): 01:30 happens twice, an hour apart, and each is shown with its zone", () => {
    const both = instantOf({ date: "2026-11-01", time: "01:30" }, DENVER);
    expect(both).toEqual({ kind: "repeated", earlier: at("2026-11-01T07:30:00Z"), later: at("2026-11-01T08:30:00Z") });
    expect(zoneNameAt(at("2026-11-01T07:30:00Z"), DENVER)).toBe("MDT");
    expect(zoneNameAt(at("2026-11-01T08:30:00Z"), DENVER)).toBe("MST");
    expect(wallClockOf(at("2026-11-01T08:30:00Z"), DENVER)).toEqual({ date: "2026-11-01", time: "01:30" });
    // Either side of the repeated hour, one instant each.
    expect(instantOf({ date: "2026-11-01", time: "00:30" }, DENVER)).toEqual({ kind: "exact", instant: at("2026-11-01T06:30:00Z") });
    expect(instantOf({ date: "2026-11-01", time: "02:30" }, DENVER)).toEqual({ kind: "exact", instant: at("2026-11-01T09:30:00Z") });
  });

  it("what is not a date, a time or a zone is refused", () => {
    for (const wall of [
      { date: "2026-02-30", time: "10:00" },
      { date: "2026-13-01", time: "10:00" },
      { date: "26-12-08", time: "10:00" },
      { date: "2026-12-08", time: "24:00" },
      { date: "2026-12-08", time: "9:00" },
    ])
      expect(instantOf(wall, DENVER)).toEqual({ kind: "invalid" });
    expect(isTimeZone(DENVER)).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
  });
});

describe("when an appointment may start and how long it lasts", () => {
  const now = at("2026-11-26T15:00:00Z");

  it("refuses a start in the past, inside the 2-hour lead time, or more than 365 days ahead", () => {
    expect(startRefusal(now - 60_000, now)).toBe("past");
    expect(startRefusal(now, now)).toBe("past");
    expect(startRefusal(now + 2 * HOUR - 60_000, now)).toBe("lead");
    expect(startRefusal(now + 2 * HOUR, now)).toBeNull();
    expect(startRefusal(now + 365 * 24 * HOUR, now)).toBeNull();
    expect(startRefusal(now + 365 * 24 * HOUR + 60_000, now)).toBe("horizon");
    expect(startRefusal(now + 30 * 60_000, now, { leadMinutes: 15, horizonDays: 30, travelBufferMinutes: 0 })).toBeNull();
  });

  it("offers 30 minutes to 8 hours in 15-minute steps, and accepts nothing else", () => {
    const choices = durationChoices();
    expect(choices).toHaveLength(31);
    expect([choices[0], choices[1], choices.at(-1)]).toEqual([30, 45, 480]);
    for (const minutes of choices) expect(isDuration(minutes)).toBe(true);
    for (const minutes of [0, 15, 29, 31, 40, 495, 45.5, Number.NaN]) expect(isDuration(minutes)).toBe(false);
  });
});

describe("what an appointment blocks on its interpreter's day", () => {
  const ten = at("2026-12-08T17:00:00Z");

  it("on-site work blocks 30 minutes of travel either side; video and phone only their own time", () => {
    expect(blockedBy({ start: ten, minutes: 120, mode: "on_site" })).toEqual({ from: ten - HOUR / 2, to: ten + 2.5 * HOUR });
    expect(blockedBy({ start: ten, minutes: 120, mode: "phone" })).toEqual({ from: ten, to: ten + 2 * HOUR });
  });

  it("back-to-back remote jobs fit; an on-site job needs its travel time clear", () => {
    const first = blockedBy({ start: ten, minutes: 60, mode: "video" });
    expect(overlaps(first, blockedBy({ start: ten + HOUR, minutes: 60, mode: "phone" }))).toBe(false);
    expect(overlaps(first, blockedBy({ start: ten + HOUR, minutes: 60, mode: "on_site" }))).toBe(true);
    expect(overlaps(first, blockedBy({ start: ten + 1.5 * HOUR, minutes: 60, mode: "on_site" }))).toBe(false);
    expect(overlaps(first, blockedBy({ start: ten + 30 * 60_000, minutes: 15 * 2, mode: "video" }))).toBe(true);
  });
});
