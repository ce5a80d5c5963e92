// A booked appointment as an iCalendar file (issue 25), read back with a real iCalendar parser (ical.js): a stable
// UID, SEQUENCE growing with each change, STATUS:CANCELLED once cancelled, and the instants right across both
// daylight-saving changes of America/Denver — a 2-hour appointment over the spring change lasts 2 real hours, and the
// two 01:30s of the autumn change are an hour apart.
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import * as book from "~/routes/public/book";
import * as bookIcs from "~/routes/public/book-ics";
import * as bookStatus from "~/routes/public/book-status";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { wallClockOf } from "~/domain/zoned-time";
import { asResponse, languageId, seed, statusOf, thrown } from "./helpers";
import { dayFromNow, nextChange } from "./clock-changes";
import { addressesIn, browser, ORIGIN, settled } from "./requests";

const { get, post } = browser({ addresses: addressesIn(103), headers: { Origin: ORIGIN } });
const HOUR = 3_600_000;
let valid: Record<string, string> = {};

async function booked(fields: Record<string, string>, locale = "") {
  const call = post(`${locale}/Book`, { ...valid, ...fields, email: `c${crypto.randomUUID().slice(0, 8)}@example.com` });
  const response = asResponse(await settled(book.action(call as never), call));
  return /\/Book\/([A-Za-z0-9_-]{43})\?received=1$/.exec(response.headers.get("Location")!)![1]!;
}

/** The appointment's file, parsed: its one VEVENT. */
async function event(token: string, locale = "") {
  const response = await bookIcs.loader(get(`${locale}/Book/${token}/appointment.ics`, undefined, { params: { token } }));
  expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  const calendar = new ICAL.Component(ICAL.parse(await response.text()) as unknown[]);
  const events = calendar.getAllSubcomponents("vevent");
  expect(events).toHaveLength(1);
  const vevent = new ICAL.Event(events[0]);
  return {
    uid: vevent.uid,
    sequence: vevent.sequence,
    status: events[0]!.getFirstPropertyValue("status"),
    start: vevent.startDate.toJSDate().getTime(),
    end: vevent.endDate.toJSDate().getTime(),
    summary: vevent.summary,
    location: vevent.location,
  };
}

beforeAll(async () => {
  await seed();
  valid = {
    ...{ language: String(await languageId("Spanish")), mode: "on_site", setting: "medical", time: "10:00", duration: "120" },
    ...{
      address: "1 Clinic Way, Cheyenne",
      callNumber: "",
      name: "Ana Ruiz",
      phone: "+1 307 555 0100",
      organisation: "",
      notes: "",
      gender: "",
      consent: "on",
    },
    date: dayFromNow(7),
  };
});

describe("an appointment's .ics", () => {
  it("one event with a stable UID; cancelling keeps the UID, raises SEQUENCE and says CANCELLED", async () => {
    const token = await booked({});
    const first = await event(token);
    expect(first).toMatchObject({
      uid: expect.stringMatching(/^appointment-\d+@push-languages$/),
      sequence: 0,
      status: "TENTATIVE",
      location: "1 Clinic Way, Cheyenne",
    });
    expect(first.summary).toMatch(/^Interpreter A-\d{6}: Spanish, On site$/);
    expect(first.end - first.start).toBe(2 * HOUR);
    const cancel = post(`/Book/${token}`, { intent: "cancel", basedOn: "1" }, undefined, { params: { token } });
    expect(asResponse(await settled(bookStatus.action(cancel as never), cancel)).status).toBe(302);
    const after = await event(token);
    expect(after).toMatchObject({ uid: first.uid, sequence: 1, status: "CANCELLED", start: first.start });
  });

  it("spring change: 2 hours from 01:00 end at 04:00 on the clocks, 2 real hours later", async () => {
    const date = nextChange("spring");
    const { start, end } = await event(await booked({ date, time: "01:00", mode: "video", address: "" }));
    expect(end - start).toBe(2 * HOUR);
    expect(wallClockOf(start, COMPANY_TIME_ZONE)).toEqual({ date, time: "01:00" });
    expect(wallClockOf(end, COMPANY_TIME_ZONE)).toEqual({ date, time: "04:00" });
  });

  it("autumn change: the first and the second 01:30 are distinct events an hour apart", async () => {
    const date = nextChange("autumn");
    const earlier = await event(await booked({ date, time: "01:30", occurrence: "earlier", mode: "video", address: "" }));
    const later = await event(await booked({ date, time: "01:30", occurrence: "later", mode: "video", address: "" }));
    expect(later.start - earlier.start).toBe(HOUR);
    expect(earlier.uid).not.toBe(later.uid);
  });

  it("in Arabic from the Arabic page; an unknown link is a 404", async () => {
    const token = await booked({}, "/ar");
    expect((await event(token, "/ar")).summary).toMatch(/^مترجم A-\d{6}: Spanish، في الموقع$/);
    const unknown = "A".repeat(43);
    expect(statusOf(await thrown(() => bookIcs.loader(get(`/Book/${unknown}/appointment.ics`, undefined, { params: { token: unknown } }) as never)))).toBe(404);
  });
});
