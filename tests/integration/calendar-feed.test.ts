// An interpreter's calendar subscription (issue 25) against a real D1: made on Profile and shown once (only its hash
// is stored), read by a real iCalendar parser (ical.js) — a stable UID per appointment, SEQUENCE growing with each
// change, a cancelled appointment as STATUS:CANCELLED, the instants right across both daylight-saving changes — and a
// replaced or stopped link answering 404.
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { blockedBy } from "~/domain/appointment-times";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { instantOf } from "~/domain/zoned-time";
import * as profilePage from "~/routes/dashboard/profile";
import * as feedRoute from "~/routes/public/calendar-feed";
import { backendFor, cookieOf, count, failure, redirected, seed, statusOf, thrown, unwrap } from "./helpers";
import { nextChange } from "./clock-changes";
import { addressesIn, browser, ORIGIN } from "./requests";

const { get, post } = browser({ addresses: addressesIn(107), headers: { Origin: ORIGIN } });
const HOUR = 3_600_000;
let person = { id: "", cookie: "" };
let tokens = 0;

/** An appointment confirmed to the person, `minutes` long from a wall-clock time in the company's zone. */
async function confirmedAt(date: string, time: string, minutes = 120, which: "earlier" | "later" = "earlier") {
  const zoned = instantOf({ date, time }, COMPANY_TIME_ZONE);
  const startsAt = zoned.kind === "exact" ? zoned.instant : zoned.kind === "repeated" ? zoned[which] : NaN;
  const backend = backendFor();
  const { from, to } = blockedBy({ start: startsAt, minutes, mode: "video" });
  const spanish = (await backend.languages.list()).find((language) => language.name === "Spanish")!.id;
  const made = await backend.appointments.request(
    {
      contact: { name: "Ana Ruiz", email: "ana.feed@example.com", phone: "+1 307 555 0100", organisation: "" },
      ...{ languageId: spanish, mode: "video" as const, setting: "business" as const, startsAt, minutes, blockedFrom: from, blockedTo: to },
      ...{ address: "", callNumber: "", notes: "", genderPreference: null, locale: "en" as const },
      ...{ tokenHash: (tokens++).toString(16).padStart(64, "d"), tokenSealed: "sealed" },
    },
    Date.now(),
  );
  if (!made.ok) throw new Error(made.reason);
  await backend.offers.offer(made.id, { basedOn: 1, interpreterIds: [person.id], expiresAt: startsAt }, Date.now());
  const [offer] = await backend.offers.forAppointment(made.id);
  if (!(await backend.offers.accept(offer!.id, person.id, Date.now())).ok) throw new Error("not accepted");
  return { id: made.id, startsAt };
}

/** Makes a link on Profile: the URL the answer shows, and its token. */
async function makeLink() {
  const answer = unwrap(await profilePage.action(post("/Dashboard/Profile", { intent: "issue-calendar" }, person.cookie))) as { data: { calendarUrl: string } };
  const url = answer.data.calendarUrl;
  const token = /\/calendar\/([A-Za-z0-9_-]{43})\/appointments\.ics$/.exec(url)![1]!;
  return { url, token };
}

async function feed(token: string) {
  const response = await feedRoute.loader(get(`/calendar/${token}/appointments.ics`, undefined, { params: { token } }));
  expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  const calendar = new ICAL.Component(ICAL.parse(await response.text()) as unknown[]);
  return calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      sequence: event.sequence,
      status: component.getFirstPropertyValue("status"),
      start: event.startDate.toJSDate().getTime(),
      end: event.endDate.toJSDate().getTime(),
    };
  });
}

beforeAll(async () => {
  await seed();
  const created = await backendFor().interpreters.create({
    fullName: "Fay Feed",
    gender: "",
    email: "fay.feed@example.com",
    phone: "",
    password: "fay-Password-1",
  });
  if (!created.ok) throw new Error(created.reason);
  person = { id: created.id, cookie: await cookieOf("fay.feed@example.com", "fay-Password-1") };
});

describe("the calendar feed", () => {
  it("made on Profile and shown once; only its hash is stored; the page later says when it was made, not the link", async () => {
    const { url, token } = await makeLink();
    expect(url.startsWith(`${ORIGIN}/calendar/`)).toBe(true);
    expect(await count("SELECT COUNT(*) AS n FROM calendar_feeds WHERE user_id = ? AND token_hash <> ?", person.id, token)).toBe(1);
    const page = await profilePage.loader(get("/Dashboard/Profile", person.cookie));
    expect(page.calendarIssuedAt).toEqual({ ok: true, value: expect.any(Number) });
    expect(JSON.stringify(page)).not.toContain(token);
  });

  it("lists the appointments confirmed to its owner: stable UIDs, SEQUENCE growing, a cancellation as CANCELLED", async () => {
    const { token } = await makeLink();
    const first = await confirmedAt("2039-02-08", "10:00", 60);
    const second = await confirmedAt("2039-02-09", "15:30", 90);
    const events = await feed(token);
    const ours = events.filter((event) => [first.id, second.id].some((id) => event.uid === `appointment-${id}@push-languages`));
    // Booked (1), offered (2), confirmed (3): SEQUENCE 2.
    expect(ours).toEqual([
      { uid: `appointment-${first.id}@push-languages`, sequence: 2, status: "CONFIRMED", start: first.startsAt, end: first.startsAt + HOUR },
      { uid: `appointment-${second.id}@push-languages`, sequence: 2, status: "CONFIRMED", start: second.startsAt, end: second.startsAt + 1.5 * HOUR },
    ]);
    await backendFor().appointments.cancel(second.id, { basedOn: 3, by: "staff", reason: "moved" }, Date.now());
    const after = (await feed(token)).find((event) => event.uid === `appointment-${second.id}@push-languages`)!;
    expect([after.status, after.sequence]).toEqual(["CANCELLED", 3]);
  });

  it("across the spring change a 2-hour appointment lasts 2 real hours; the autumn change's two 01:30s are an hour apart", async () => {
    const { token } = await makeLink();
    const spring = await confirmedAt(nextChange("spring"), "01:00", 120);
    const autumnDay = nextChange("autumn");
    const earlier = await confirmedAt(autumnDay, "01:30", 30, "earlier");
    const later = await confirmedAt(autumnDay, "01:30", 30, "later");
    const events = await feed(token);
    const of = (id: number) => events.find((event) => event.uid === `appointment-${id}@push-languages`)!;
    expect(of(spring.id).end - of(spring.id).start).toBe(2 * HOUR);
    expect(of(later.id).start - of(earlier.id).start).toBe(HOUR);
  });

  it("a new link replaces the old (404); a stopped link is 404; stopping twice says there is none", async () => {
    const old = await makeLink();
    const fresh = await makeLink();
    expect(statusOf(await thrown(() => feedRoute.loader(get(`/calendar/${old.token}/appointments.ics`, undefined, { params: { token: old.token } }))))).toBe(
      404,
    );
    expect((await feed(fresh.token)).length).toBeGreaterThanOrEqual(0);
    const stopped = await redirected(await profilePage.action(post("/Dashboard/Profile", { intent: "revoke-calendar" }, person.cookie)));
    expect([stopped.location, stopped.toast?.message]).toEqual(["/Dashboard/Profile#calendar", "Your calendar link no longer works."]);
    expect(
      statusOf(await thrown(() => feedRoute.loader(get(`/calendar/${fresh.token}/appointments.ics`, undefined, { params: { token: fresh.token } })))),
    ).toBe(404);
    const again = failure(await profilePage.action(post("/Dashboard/Profile", { intent: "revoke-calendar" }, person.cookie)));
    expect([again.status, again.formError]).toEqual([404, "You have no calendar link to stop."]);
    for (const token of ["", "short", "x".repeat(43), `${fresh.token}x`]) {
      expect(statusOf(await thrown(() => feedRoute.loader(get(`/calendar/${token}/appointments.ics`, undefined, { params: { token } }))))).toBe(404);
    }
    expect(await count("SELECT COUNT(*) AS n FROM calendar_feeds WHERE user_id = ?", person.id)).toBe(0);
  });
});
