// Who may be offered an appointment (issue 25): each of the five rules on its own, the reasons listed together, and
// working hours read on the company's wall clock across both daylight-saving changes and past midnight.
import { describe, expect, it } from "vitest";
import { blockedBy } from "~/domain/appointment-times";
import type { AppointmentMode, AppointmentSetting } from "~/domain/appointments";
import { addDays, mergeIntervals, weekdayOf, type Availability, type WorkingInterval } from "~/domain/availability";
import { ineligibility, sortCandidates, wallClockDays, type Candidate } from "~/domain/eligibility";
import { instantOf } from "~/domain/zoned-time";

const DENVER = "America/Denver";
const HOUR = 3_600_000;
const at = (date: string, time: string) => {
  const answer = instantOf({ date, time }, DENVER);
  if (answer.kind === "exact") return answer.instant;
  if (answer.kind === "repeated") return answer.earlier;
  throw new Error(`${date} ${time} is ${answer.kind}`);
};

/** Monday to Friday, 08:00 to 18:00. */
const OFFICE: WorkingInterval[] = [1, 2, 3, 4, 5].map((weekday) => ({ weekday: weekday as 1, startMinute: 8 * 60, endMinute: 18 * 60 }));
const ALL_DAY: WorkingInterval[] = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday: weekday as 1, startMinute: 0, endMinute: 24 * 60 }));

function appointment(date: string, time: string, minutes = 120, setting: AppointmentSetting = "business", mode: AppointmentMode = "on_site") {
  const startsAt = at(date, time);
  const { from, to } = blockedBy({ start: startsAt, minutes, mode });
  return { setting, startsAt, minutes, blockedFrom: from, blockedTo: to };
}

function candidate(availability: Partial<Availability> = {}, extra: Partial<Candidate> = {}): Candidate {
  return {
    id: "u1",
    name: "Ana",
    linked: true,
    preferred: false,
    availability: { hours: OFFICE, timeOff: [], credentials: [], ...availability },
    busy: [],
    ...extra,
  };
}

// 2026-12-08 is a Tuesday.
const TUESDAY = "2026-12-08";

describe("eligibility for an offer", () => {
  it("someone linked, free, at work and certified is eligible", () => {
    expect(ineligibility(appointment(TUESDAY, "10:00"), candidate(), DENVER)).toEqual([]);
  });

  it("not linked to the language", () => {
    expect(ineligibility(appointment(TUESDAY, "10:00"), candidate({}, { linked: false }), DENVER)).toEqual(["not-linked"]);
  });

  it("a medical appointment needs Medical (CCHI), valid on the day (through its expiry date itself, any case)", () => {
    const medical = appointment(TUESDAY, "10:00", 120, "medical");
    expect(ineligibility(medical, candidate(), DENVER)).toEqual(["no-credential"]);
    const held = (expiresOn: string | null) => candidate({ credentials: [{ id: 1, name: " medical (cchi) ", expiresOn }] });
    expect(ineligibility(medical, held(null), DENVER)).toEqual([]);
    expect(ineligibility(medical, held(TUESDAY), DENVER)).toEqual([]);
    expect(ineligibility(medical, held("2026-12-07"), DENVER)).toEqual(["credential-expired"]);
    // Another credential does not stand in for it; a business appointment needs none.
    expect(ineligibility(medical, candidate({ credentials: [{ id: 2, name: "Court certified", expiresOn: null }] }), DENVER)).toEqual(["no-credential"]);
    expect(
      ineligibility(appointment(TUESDAY, "10:00", 120, "legal"), candidate({ credentials: [{ id: 2, name: "Court certified", expiresOn: null }] }), DENVER),
    ).toEqual([]);
  });

  it("working hours must cover the whole appointment, not only its start; split hours joined where they touch", () => {
    expect(ineligibility(appointment(TUESDAY, "17:00"), candidate(), DENVER)).toEqual(["outside-hours"]);
    expect(ineligibility(appointment(TUESDAY, "16:00"), candidate(), DENVER)).toEqual([]);
    expect(ineligibility(appointment("2026-12-12", "10:00"), candidate(), DENVER)).toEqual(["outside-hours"]);
    const split: WorkingInterval[] = [
      { weekday: 2, startMinute: 8 * 60, endMinute: 12 * 60 },
      { weekday: 2, startMinute: 12 * 60, endMinute: 14 * 60 },
      { weekday: 2, startMinute: 15 * 60, endMinute: 18 * 60 },
    ];
    expect(ineligibility(appointment(TUESDAY, "11:00"), candidate({ hours: split }), DENVER)).toEqual([]);
    expect(ineligibility(appointment(TUESDAY, "13:30"), candidate({ hours: split }), DENVER)).toEqual(["outside-hours"]);
  });

  it("an appointment past midnight needs both days' hours", () => {
    const late = appointment("2026-12-11", "23:00", 120); // Friday 23:00 to Saturday 01:00
    expect(wallClockDays(late, DENVER)).toEqual([
      { day: "2026-12-11", from: 23 * 60, to: 24 * 60 },
      { day: "2026-12-12", from: 0, to: 60 },
    ]);
    const friday: WorkingInterval[] = [{ weekday: 5, startMinute: 20 * 60, endMinute: 24 * 60 }];
    expect(ineligibility(late, candidate({ hours: friday }), DENVER)).toEqual(["outside-hours"]);
    expect(ineligibility(late, candidate({ hours: [...friday, { weekday: 6, startMinute: 0, endMinute: 120 }] }), DENVER)).toEqual([]);
    // Ending exactly at midnight takes nothing of the next day.
    expect(wallClockDays(appointment("2026-12-11", "22:00", 120), DENVER)).toEqual([{ day: "2026-12-11", from: 22 * 60, to: 24 * 60 }]);
  });

  it("hours are the wall clock's across the spring change: 01:00 to 04:00 MDT is two real hours inside 00:00–05:00", () => {
    const spring = appointment("2026-03-08", "01:00", 120, "business", "video"); // a Sunday
    expect(spring.blockedTo - spring.blockedFrom).toBe(2 * HOUR);
    expect(wallClockDays(spring, DENVER)).toEqual([
      { day: "2026-03-08", from: 60, to: 120 },
      { day: "2026-03-08", from: 180, to: 240 },
    ]);
    expect(ineligibility(spring, candidate({ hours: [{ weekday: 7, startMinute: 0, endMinute: 5 * 60 }] }), DENVER)).toEqual([]);
    expect(ineligibility(spring, candidate({ hours: [{ weekday: 7, startMinute: 0, endMinute: 3 * 60 }] }), DENVER)).toEqual(["outside-hours"]);
  });

  it("across the autumn change both 01:30s are inside 01:00–03:00, and an appointment can take the repeated hour twice", () => {
    const first = instantOf({ date: "2026-11-01", time: "01:30" }, DENVER);
    if (first.kind !== "repeated") throw new Error("expected the repeated hour");
    const hours = [{ weekday: 7 as const, startMinute: 60, endMinute: 180 }];
    for (const startsAt of [first.earlier, first.later]) {
      const item = { setting: "business" as const, startsAt, minutes: 30, blockedFrom: startsAt, blockedTo: startsAt + HOUR / 2 };
      expect(ineligibility(item, candidate({ hours }), DENVER)).toEqual([]);
    }
    // 90 minutes from the first 01:30 (MDT) take 01:30–02:00 MDT and then 01:00–02:00 MST on the clock.
    const longer = { setting: "business" as const, startsAt: first.earlier, minutes: 90, blockedFrom: first.earlier, blockedTo: first.earlier + 1.5 * HOUR };
    expect(wallClockDays(longer, DENVER)).toEqual([
      { day: "2026-11-01", from: 90, to: 120 },
      { day: "2026-11-01", from: 60, to: 120 },
    ]);
    expect(ineligibility(longer, candidate({ hours: [{ weekday: 7, startMinute: 90, endMinute: 180 }] }), DENVER)).toEqual(["outside-hours"]);
  });

  it("time off on any day the appointment touches", () => {
    const off = (firstDay: string, lastDay: string) => candidate({ hours: ALL_DAY, timeOff: [{ id: 1, firstDay, lastDay, note: "" }] });
    expect(ineligibility(appointment(TUESDAY, "10:00"), off(TUESDAY, TUESDAY), DENVER)).toEqual(["time-off"]);
    expect(ineligibility(appointment(TUESDAY, "10:00"), off("2026-12-01", "2026-12-07"), DENVER)).toEqual([]);
    expect(ineligibility(appointment("2026-12-07", "23:00"), off(TUESDAY, "2026-12-09"), DENVER)).toEqual(["time-off"]);
  });

  it("an overlapping confirmed appointment, travel buffers counted; back to back is fine", () => {
    const onSite = appointment(TUESDAY, "10:00"); // blocks 09:30–12:30
    const busyUntil = (to: number) => candidate({}, { busy: [{ from: at(TUESDAY, "08:00"), to }] });
    expect(ineligibility(onSite, busyUntil(at(TUESDAY, "09:30")), DENVER)).toEqual([]);
    expect(ineligibility(onSite, busyUntil(at(TUESDAY, "09:31")), DENVER)).toEqual(["busy"]);
    const video = appointment(TUESDAY, "10:00", 120, "business", "video");
    expect(ineligibility(video, busyUntil(at(TUESDAY, "09:31")), DENVER)).toEqual([]);
  });

  it("every reason at once, in the page's order; and the split into eligible and not", () => {
    const medical = appointment("2026-12-12", "10:00", 120, "medical");
    const everything = candidate(
      {
        hours: [],
        timeOff: [{ id: 1, firstDay: "2026-12-12", lastDay: "2026-12-12", note: "" }],
        credentials: [{ id: 1, name: "Medical (CCHI)", expiresOn: "2026-01-01" }],
      },
      { linked: false, busy: [{ from: medical.blockedFrom, to: medical.blockedTo }] },
    );
    expect(ineligibility(medical, everything, DENVER)).toEqual(["not-linked", "credential-expired", "outside-hours", "time-off", "busy"]);
    const good = candidate({ hours: ALL_DAY, credentials: [{ id: 2, name: "Medical (CCHI)", expiresOn: null }] }, { id: "u2" });
    const split = sortCandidates(medical, [everything, good], DENVER);
    expect(split.eligible.map((item) => item.id)).toEqual(["u2"]);
    expect(split.ineligible.map((item) => item.candidate.id)).toEqual(["u1"]);
  });
});

describe("calendar helpers", () => {
  it("weekdays are ISO (Monday 1, Sunday 7); days add across months and leap days", () => {
    expect([weekdayOf("2026-12-07"), weekdayOf("2026-12-13")]).toEqual([1, 7]);
    expect([addDays("2028-02-28", 1), addDays("2026-12-31", 1), addDays("2026-03-01", -1)]).toEqual(["2028-02-29", "2027-01-01", "2026-02-28"]);
  });

  it("intervals merge where they overlap or touch, and stay apart where they do not", () => {
    expect(
      mergeIntervals([
        { startMinute: 600, endMinute: 700 },
        { startMinute: 480, endMinute: 600 },
        { startMinute: 650, endMinute: 660 },
        { startMinute: 800, endMinute: 900 },
      ]),
    ).toEqual([
      { startMinute: 480, endMinute: 700 },
      { startMinute: 800, endMinute: 900 },
    ]);
  });
});
