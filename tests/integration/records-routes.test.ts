// After a booked appointment (issue 25) against a real D1, through the routes: the assigned interpreter records the
// actual times (or a no-show) under My jobs and may change them until staff approve; staff approve on the appointment's
// page, as recorded or corrected, which completes it. Refused: bad times (400, nothing stored), another interpreter's
// appointment (404), one not started yet, a stale page, a record already approved (409).
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { blockedBy } from "~/domain/appointment-times";
import { addDays } from "~/domain/availability";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { instantOf, wallClockOf } from "~/domain/zoned-time";
import * as appointmentPage from "~/routes/dashboard/appointment";
import * as jobsPage from "~/routes/dashboard/jobs";
import { backendFor, cookieOf, failure, languageId, redirected, seed } from "./helpers";
import { addressesIn, browser, ORIGIN } from "./requests";

const { get, post } = browser({ addresses: addressesIn(187), headers: { Origin: ORIGIN } });
const PASSWORD = "record-Password-1";
const MINUTE = 60_000;
let admin = "";
let spanish = 0;
let yesterday = "";
const people: Record<string, { id: string; cookie: string }> = {};
let tokens = 0;

const at = (date: string, time: string) => (instantOf({ date, time }, COMPANY_TIME_ZONE) as { instant: number }).instant;

/** An appointment at `startsAt` confirmed to `interpreter` (as an accepted offer leaves it). */
async function confirmed(interpreter: string, startsAt: number, mode: "on_site" | "video" = "on_site") {
  const { from, to } = blockedBy({ start: startsAt, minutes: 120, mode });
  const made = await backendFor().appointments.request(
    {
      contact: { name: "Ana Ruiz", email: "ana.record@example.com", phone: "+1 307 555 0100", organisation: "" },
      ...{ languageId: spanish, mode, setting: "medical" as const, startsAt, minutes: 120, blockedFrom: from, blockedTo: to },
      ...{ address: mode === "on_site" ? "1 Main St" : "", callNumber: "", notes: "", genderPreference: null, locale: "en" as const },
      ...{ tokenHash: (tokens++).toString(16).padStart(64, "b"), tokenSealed: "sealed" },
    },
    startsAt - 3 * 24 * 60 * MINUTE,
  );
  if (!made.ok) throw new Error(made.reason);
  await env.DB.prepare("UPDATE appointments SET status = 'confirmed', interpreter_id = ?, version = 3 WHERE id = ?").bind(interpreter, made.id).run();
  return made.id;
}
const pageOf = (id: number) => ({ params: { appointmentId: String(id) } });
const record = (id: number, cookie: string, fields: Record<string, string>) =>
  jobsPage.action(post("/Dashboard/Jobs", { intent: "record", appointment: String(id), ...fields }, cookie));
const approve = (id: number, fields: Record<string, string>) =>
  appointmentPage.action(post(`/Dashboard/Appointments/${id}`, { intent: "approve-record", ...fields }, admin, pageOf(id)));
const held = (start: string, end: string, travel = "0") => ({ outcome: "held", date: yesterday, start, end, travel });

beforeAll(async () => {
  await seed();
  admin = await cookieOf("admin@example.com");
  spanish = await languageId("Spanish");
  yesterday = addDays(wallClockOf(Date.now(), COMPANY_TIME_ZONE).date, -1);
  for (const name of ["Rita Record", "Other Record"]) {
    const email = `${name.split(" ")[0]!.toLowerCase()}.record@example.com`;
    const created = await backendFor().interpreters.create({ fullName: name, gender: "", email, phone: "", password: PASSWORD });
    if (!created.ok) throw new Error(created.reason);
    people[name.split(" ")[0]!] = { id: created.id, cookie: await cookieOf(email, PASSWORD) };
  }
});

describe("the interpreter records", () => {
  it("lists the started appointment under To record; bad times are refused with field messages and nothing stored", async () => {
    const id = await confirmed(people.Rita!.id, at(yesterday, "10:00"));
    const later = await confirmed(people.Rita!.id, Date.now() + 5 * 24 * 60 * MINUTE);
    const jobs = await jobsPage.loader(get("/Dashboard/Jobs", people.Rita!.cookie));
    const listed = jobs.toRecord.ok ? jobs.toRecord.value.map((work) => [work.appointment.id, work.record]) : null;
    expect(listed).toContainEqual([id, null]);
    expect(listed!.map(([listedId]) => listedId)).not.toContain(later);
    // The interpreter reads the work, not the customer's contact details.
    expect(JSON.stringify(jobs.toRecord)).not.toContain("ana.record@example.com");

    const noTimes = failure(await record(id, people.Rita!.cookie, held("", "25:00")));
    expect([noTimes.status, noTimes.errors.start, noTimes.errors.end]).toEqual([
      400,
      "Enter the time as HH:MM (24-hour clock).",
      "Enter the time as HH:MM (24-hour clock).",
    ]);
    const future = failure(await record(id, people.Rita!.cookie, { ...held("10:00", "12:00"), date: addDays(yesterday, 2) }));
    expect([future.status, future.errors.start]).toEqual([400, "This time has not come yet."]);
    const travel = failure(await record(id, people.Rita!.cookie, held("10:00", "12:00", "601")));
    expect([travel.status, travel.errors.travel]).toEqual([400, "Enter whole minutes from 0 to 600."]);
    const outcome = failure(await record(id, people.Rita!.cookie, { ...held("10:00", "12:00"), outcome: "maybe" }));
    expect([outcome.status, outcome.errors.outcome]).toEqual([400, "Choose what happened."]);
    expect(await backendFor().records.of(id)).toBeNull();

    // Another interpreter's appointment, or one not started yet, is refused by the store.
    const other = failure(await record(id, people.Other!.cookie, held("10:05", "12:10")));
    expect([other.status, other.formError]).toEqual([404, "This appointment is not yours to record, or it was cancelled."]);
    const early = failure(await record(later, people.Rita!.cookie, held("10:05", "12:10")));
    expect([early.status, early.formError]).toEqual([409, "This appointment has not started yet."]);
    expect(await backendFor().records.of(id)).toBeNull();
    expect(await backendFor().records.of(later)).toBeNull();
  });

  it("records the actual times and travel, changes them until approved; staff approve a correction, which completes it", async () => {
    const id = await confirmed(people.Rita!.id, at(yesterday, "14:00"));
    const saved = await redirected(await record(id, people.Rita!.cookie, held("14:05", "16:20", "45")));
    expect(saved.location).toBe("/Dashboard/Jobs#to-record");
    expect(saved.toast?.message).toBe(`The record of appointment A-${String(id).padStart(6, "0")} is saved. Staff will approve it.`);
    await redirected(await record(id, people.Rita!.cookie, held("14:05", "16:25", "45")));
    expect(await backendFor().records.of(id)).toMatchObject({
      actualStart: at(yesterday, "14:05"),
      actualEnd: at(yesterday, "16:25"),
      travelMinutes: 45,
      noShow: null,
      recordedBy: people.Rita!.id,
      approvedAt: null,
    });

    const page = await appointmentPage.loader(get(`/Dashboard/Appointments/${id}`, admin, pageOf(id)));
    expect(page.record).toMatchObject({ actualEnd: at(yesterday, "16:25"), approvedAt: null });
    const stale = failure(await approve(id, { basedOn: "2", ...held("14:05", "16:00", "45") }));
    expect([stale.status, stale.formError]).toEqual([409, "The appointment changed in the meantime. Here it is as it is now."]);
    const approved = await redirected(await approve(id, { basedOn: "3", ...held("14:05", "16:00", "40") }));
    expect(approved.location).toBe(`/Dashboard/Appointments/${id}#after`);
    const after = await appointmentPage.loader(get(`/Dashboard/Appointments/${id}`, admin, pageOf(id)));
    expect(after.appointment).toMatchObject({ status: "completed", version: 4 });
    expect(after.record).toMatchObject({ actualStart: at(yesterday, "14:05"), actualEnd: at(yesterday, "16:00"), travelMinutes: 40 });
    expect(after.record!.approvedAt).not.toBeNull();

    // Approved: the interpreter can no longer change it, and it has left To record.
    const late = failure(await record(id, people.Rita!.cookie, held("14:00", "17:00")));
    expect([late.status, late.formError]).toEqual([409, "Staff have already approved this record."]);
    const jobs = await jobsPage.loader(get("/Dashboard/Jobs", people.Rita!.cookie));
    expect(jobs.toRecord.ok && jobs.toRecord.value.map((work) => work.appointment.id)).not.toContain(id);
  });

  it("a customer's no-show keeps no times; travel counts on site only; an end before the start is the next day", async () => {
    const site = await confirmed(people.Rita!.id, at(yesterday, "18:00"));
    await redirected(await record(site, people.Rita!.cookie, { ...held("18:00", "18:00", "30"), outcome: "customer" }));
    expect(await backendFor().records.of(site)).toMatchObject({ actualStart: null, actualEnd: null, noShow: "customer", travelMinutes: 30 });

    const video = await confirmed(people.Rita!.id, at(addDays(yesterday, -1), "23:00"), "video");
    await redirected(await record(video, people.Rita!.cookie, { ...held("23:00", "00:30", "30"), date: addDays(yesterday, -1) }));
    const overnight = await backendFor().records.of(video);
    expect(overnight).toMatchObject({ actualStart: at(addDays(yesterday, -1), "23:00"), actualEnd: at(yesterday, "00:30"), travelMinutes: 0 });
  });
});
