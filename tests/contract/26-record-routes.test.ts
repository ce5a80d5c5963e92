// After a booked appointment on the Supabase adapter (issue 25), whole routes with the exact requests they make: My jobs
// lists the interpreter's started appointments with their records in one call; the interpreter's record reads the
// appointment, then is one call; staff approve in one call (the appointment completed and the record approved
// together). Refusals store nothing: bad times before any write, another's appointment, a stale page. The
// interpreter's .ics of their confirmed appointment reads the appointment alone.
import { beforeAll, describe, expect, it } from "vitest";
import { blockedBy } from "~/domain/appointment-times";
import * as appointmentPage from "~/routes/dashboard/appointment";
import * as icsRoute from "~/routes/dashboard/job-appointment-ics";
import * as jobsPage from "~/routes/dashboard/jobs";
import { ADMIN, backendFor, double, languageIdOf, signIn, step, who } from "./helpers";
import { acted, answerOf, form, routeArgs } from "./route-helpers";

const GUARD = ["auth.user.get user", "rest.session_devices.seen service", "rest.users.me user"];
const PASSWORD = "Record-Routes-Pass-1";
const HOUR = 3_600_000;
const people: Record<"rita" | "sol", { id: string; cookie: string }> = {} as never;
let admin = "";
let spanish = 0;
let tokens = 0;

/** An on-site appointment in Spanish that started `hoursAgo` hours ago, confirmed to Rita through an accepted offer. */
async function started(hoursAgo: number) {
  const startsAt = Math.floor((Date.now() - hoursAgo * HOUR) / 60_000) * 60_000;
  const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode: "on_site" });
  const booked = await backendFor().appointments.request(
    {
      contact: { name: "Ruth Reyes", email: "ruth.record@example.com", phone: "+1 307 555 0100", organisation: "" },
      ...{ languageId: spanish, mode: "on_site", setting: "business", startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
      ...{ address: "1 Main St", callNumber: "", notes: "", genderPreference: null, locale: "en" },
      ...{ tokenHash: (tokens++).toString(16).padStart(64, "f"), tokenSealed: "sealed" },
    },
    startsAt - 3 * HOUR,
  );
  if (!booked.ok) throw new Error(booked.reason);
  await backendFor().offers.offer(booked.id, { basedOn: 1, interpreterIds: [people.rita.id], expiresAt: startsAt }, startsAt - 2 * HOUR);
  const [offer] = await backendFor().offers.forAppointment(booked.id);
  if (!(await backendFor().offers.accept(offer!.id, people.rita.id, startsAt - HOUR)).ok) throw new Error("not accepted");
  return { id: booked.id, startsAt };
}

const clock = (at: number) => new Intl.DateTimeFormat("en-GB", { timeZone: "America/Denver", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
const day = (at: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Denver", year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
const held = (startsAt: number, minutes: number, travel = "20") => ({
  outcome: "held",
  date: day(startsAt),
  start: clock(startsAt),
  end: clock(startsAt + minutes * 60_000),
  travel,
});
const recordRow = async (appointmentId: number) =>
  (await double.table<{ appointment_id: number; travel_minutes: number; approved_at: string | null }>("appointment_records")).find(
    (row) => row.appointment_id === appointmentId,
  );

beforeAll(async () => {
  await double.reset();
  admin = (await signIn(ADMIN)).cookie;
  spanish = await languageIdOf("Spanish");
  const made = await double.people(
    (["rita", "sol"] as const).map((key) => ({ full_name: `${key} Record`, email: `${key}.record@example.com`, password: PASSWORD, languages: ["Spanish"] })),
  );
  for (const [index, key] of (["rita", "sol"] as const).entries()) {
    people[key] = { id: made[index]!.id, cookie: (await signIn(`${key}.record@example.com`, PASSWORD)).cookie };
  }
});

describe("after an appointment, on Supabase", () => {
  const record = (who: "rita" | "sol", fields: Record<string, string>) =>
    acted(jobsPage.action, routeArgs("/Dashboard/Jobs", people[who].cookie, form({ intent: "record", ...fields })));
  const approve = (id: number, fields: Record<string, string>) =>
    acted(
      appointmentPage.action,
      routeArgs(`/Dashboard/Appointments/${id}`, admin, form({ intent: "approve-record", ...fields }), { appointmentId: String(id) }),
    );

  it("My jobs: the started appointments to record and their records, in one call beside the page's other reads", async () => {
    const { id } = await started(3);
    const { args } = routeArgs("/Dashboard/Jobs", people.rita.cookie);
    const shown = await step(() => jobsPage.loader(args));
    const calls = who(shown.requests);
    expect(calls.slice(0, 3)).toEqual(GUARD);
    expect(calls.filter((call) => call === "rpc.push_appointment_records service")).toHaveLength(1);
    // The records are asked for after the list that names the appointments.
    expect(calls.lastIndexOf("rpc.push_list_appointments service")).toBeLessThan(calls.indexOf("rpc.push_appointment_records service"));
    const toRecord = (shown.result as unknown as { toRecord: { value: { appointment: { id: number } }[] } }).toRecord.value;
    expect(toRecord.map((work) => work.appointment.id)).toContain(id);
    expect(JSON.stringify(shown.result)).not.toMatch(/ruth\.record@example\.com|sealed/);
  });

  it("the interpreter's record: the appointment, then one call; bad times and another's appointment store nothing", async () => {
    const { id, startsAt } = await started(6);
    const refused = await record("rita", { appointment: String(id), ...held(startsAt, 60), end: "" });
    expect(answerOf(refused.result)).toMatchObject({ status: 400, errors: { end: "Enter the time as HH:MM (24-hour clock)." } });
    expect(who(refused.requests)).toEqual([...GUARD, "rpc.push_get_appointment service"]);
    const theirs = await record("sol", { appointment: String(id), ...held(startsAt, 60) });
    expect(answerOf(theirs.result)).toMatchObject({ status: 404 });
    expect(who(theirs.requests)).toEqual([...GUARD, "rpc.push_get_appointment service"]);
    expect(await recordRow(id)).toBeUndefined();

    const saved = await record("rita", { appointment: String(id), ...held(startsAt, 70) });
    expect(answerOf(saved.result)).toEqual({ status: 302, location: "/Dashboard/Jobs#to-record" });
    expect(who(saved.requests)).toEqual([...GUARD, "rpc.push_get_appointment service", "rpc.push_record_attendance service"]);
    expect(await recordRow(id)).toMatchObject({ travel_minutes: 20, approved_at: null });
  });

  it("staff approve in one call, completing the appointment; a stale page is refused before any write", async () => {
    const { id, startsAt } = await started(9);
    await record("rita", { appointment: String(id), ...held(startsAt, 60) });
    const stale = await approve(id, { basedOn: "2", ...held(startsAt, 55) });
    expect(answerOf(stale.result)).toMatchObject({ status: 409, formError: "The appointment changed in the meantime. Here it is as it is now." });
    expect(who(stale.requests)).toEqual([...GUARD, "rpc.push_get_appointment service"]);

    const approved = await approve(id, { basedOn: "3", ...held(startsAt, 55, "15") });
    expect(answerOf(approved.result)).toEqual({ status: 302, location: `/Dashboard/Appointments/${id}#after` });
    expect(who(approved.requests)).toEqual([...GUARD, "rpc.push_get_appointment service", "rpc.push_approve_attendance service"]);
    const [appointment] = (await double.table<{ id: number; status: string; version: number }>("appointments")).filter((row) => row.id === id);
    expect(appointment).toMatchObject({ status: "completed", version: 4 });
    expect(await recordRow(id)).toMatchObject({ travel_minutes: 15 });
    expect((await recordRow(id))!.approved_at).not.toBeNull();
  });

  it("the interpreter's .ics: the guard, then the appointment; another interpreter's is 404 after the same calls", async () => {
    const { id } = await started(12);
    const download = (who: "rita" | "sol") => {
      const { args } = routeArgs(`/Dashboard/Jobs/appointments/${id}/appointment.ics`, people[who].cookie, {}, { appointmentId: String(id) });
      return step(() => icsRoute.loader(args).catch((thrown: unknown) => thrown));
    };
    const own = await download("rita");
    expect(who(own.requests)).toEqual([...GUARD, "rpc.push_get_appointment service"]);
    expect((own.result as Response).headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(await (own.result as Response).text()).toContain(`UID:appointment-${id}@push-languages`);
    const other = await download("sol");
    expect(who(other.requests)).toEqual([...GUARD, "rpc.push_get_appointment service"]);
    expect((other.result as { init: { status: number } }).init.status).toBe(404);
  });
});
