// The staff's appointment screens (issue 25) against a real D1: who may see them, the list's filters and pages, the
// week calendar, and cancelling with a reason the customer is told (a compare-and-set; a refusal stores nothing).
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import * as appointmentPage from "~/routes/dashboard/appointment";
import * as appointmentsPage from "~/routes/dashboard/appointments";
import { blockedBy } from "~/domain/appointment-times";
import { APPOINTMENTS_PAGE_SIZE, mondayOf, weekFrom } from "~/domain/appointment-lists";
import type { NewAppointment } from "~/domain/appointments";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { instantOf } from "~/domain/zoned-time";
import { asResponse, backendFor, cookieOf, count, failure, idOf, languageId, seed, statusOf, thrown } from "./helpers";
import { addressesIn, browser, ORIGIN, settled } from "./requests";

const { get, post } = browser({ addresses: addressesIn(102), headers: { Origin: ORIGIN } });
let admin = "";
let spanish = 0;
let arabic = 0;
let tokens = 0;

const at = (date: string, time: string) => (instantOf({ date, time }, COMPANY_TIME_ZONE) as { instant: number }).instant;

async function book(date: string, time: string, fields: Partial<NewAppointment> = {}) {
  const startsAt = at(date, time);
  const mode = fields.mode ?? "video";
  const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode });
  const created = await backendFor().appointments.request(
    {
      contact: { name: "Ana Ruiz", email: "ana@example.com", phone: "+1 307 555 0100", organisation: "Clinic" },
      ...{ languageId: spanish, mode, setting: "medical", startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
      ...{ address: mode === "on_site" ? "1 Main St" : "", callNumber: "", notes: "", genderPreference: null, locale: "en" },
      ...{ tokenHash: (tokens++).toString(16).padStart(64, "0"), tokenSealed: "sealed" },
      ...fields,
    },
    Date.now(),
  );
  if (!created.ok) throw new Error(created.reason);
  return created.id;
}

const list = async (search: string) => {
  const answer = await appointmentsPage.loader(get(`/Dashboard/Appointments${search}`, admin));
  return answer;
};

beforeAll(async () => {
  await seed();
  admin = await cookieOf("admin@example.com");
  spanish = await languageId("Spanish");
  arabic = await languageId("Arabic");
});

describe("who sees the appointments", () => {
  it("anonymous → sign in; an interpreter → 403; an administrator → the pages", async () => {
    const id = await book("2031-01-06", "10:00");
    const params = { appointmentId: String(id) };
    expect(statusOf(await thrown(() => appointmentsPage.loader(get("/Dashboard/Appointments") as never)))).toBe(302);
    const interpreter = await cookieOf("interpreter@example.com");
    expect(statusOf(await thrown(() => appointmentsPage.loader(get("/Dashboard/Appointments", interpreter) as never)))).toBe(403);
    expect(statusOf(await thrown(() => appointmentPage.loader(get(`/Dashboard/Appointments/${id}`, interpreter, { params }) as never)))).toBe(403);
    expect(
      statusOf(
        await thrown(() =>
          appointmentPage.action(post(`/Dashboard/Appointments/${id}`, { intent: "cancel", basedOn: "1", reason: "x" }, interpreter, { params }) as never),
        ),
      ),
    ).toBe(403);
    expect((await appointmentPage.loader(get(`/Dashboard/Appointments/${id}`, admin, { params }) as never)).appointment.id).toBe(id);
    expect(
      statusOf(await thrown(() => appointmentPage.loader(get("/Dashboard/Appointments/999999", admin, { params: { appointmentId: "999999" } }) as never))),
    ).toBe(404);
  });
});

describe("the list and the week", () => {
  it("filters by days, status, language, mode and interpreter, by start time, a page at a time", async () => {
    const first = await book("2031-02-03", "09:00", { mode: "on_site" });
    const second = await book("2031-02-03", "13:00", { languageId: arabic });
    const third = await book("2031-02-05", "10:00", { mode: "phone", callNumber: "+1 307 555 0111" });
    const interpreter = await idOf("interpreter@example.com");
    await env.DB.prepare("UPDATE appointments SET status = 'confirmed', interpreter_id = ? WHERE id = ?").bind(interpreter, second).run();
    const ids = async (search: string) =>
      (await list(search)).page.ok ? ((await list(search)).page as { value: { items: { id: number }[] } }).value.items.map((item) => item.id) : null;
    expect(await ids("?from=2031-02-03&to=2031-02-05")).toEqual([first, second, third]);
    expect(await ids("?from=2031-02-04&to=2031-02-05")).toEqual([third]);
    expect(await ids("?from=2031-02-03&to=2031-02-05&status=confirmed")).toEqual([second]);
    expect(await ids(`?from=2031-02-03&to=2031-02-05&language=${arabic}`)).toEqual([second]);
    expect(await ids("?from=2031-02-03&to=2031-02-05&mode=phone")).toEqual([third]);
    expect(await ids("?from=2031-02-03&to=2031-02-05&interpreter=interpreter%40example.com")).toEqual([second]);
    // The week of 3 February 2031, Monday to Sunday, in the company's zone: all three, in time order; one interpreter's: one.
    const week = await list("?week=2031-02-05");
    expect(week.week.monday).toBe(mondayOf("2031-02-05"));
    expect(week.week.days).toEqual(weekFrom("2031-02-03").days);
    expect(week.calendar.ok && week.calendar.value.map((item) => item.id)).toEqual([first, second, third]);
    const theirs = await list("?week=2031-02-05&interpreter=interpreter%40example.com");
    expect(theirs.calendar.ok && theirs.calendar.value.map((item) => item.id)).toEqual([second]);
  });

  it("pages by 25 with the total", async () => {
    for (let index = 0; index < APPOINTMENTS_PAGE_SIZE + 2; index++)
      await book("2031-03-04", `${String(8 + Math.floor(index / 4)).padStart(2, "0")}:${String((index % 4) * 15).padStart(2, "0")}`);
    const second = await list("?from=2031-03-04&to=2031-03-04&page=2");
    expect(second.page.ok && { total: second.page.value.total, items: second.page.value.items.length, pageCount: second.page.value.pageCount }).toEqual({
      total: 27,
      items: 2,
      pageCount: 2,
    });
  });
});

describe("cancelling from the dashboard", () => {
  it("needs a reason, refuses a stale page, and tells the customer the reason", async () => {
    const id = await book("2031-04-01", "10:00");
    const params = { appointmentId: String(id) };
    const cancel = (fields: Record<string, string>) => {
      const call = post(`/Dashboard/Appointments/${id}`, { intent: "cancel", ...fields }, admin, { params });
      return settled(appointmentPage.action(call as never), call);
    };
    const empty = await cancel({ basedOn: "1", reason: "  " });
    expect(statusOf(empty)).toBe(400);
    expect(failure(empty).errors.reason).toBe("Please give a reason: the customer reads it.");
    expect(statusOf(await cancel({ basedOn: "2", reason: "Clinic closed" }))).toBe(409);
    expect(await count("SELECT COUNT(*) AS n FROM appointments WHERE id = ? AND status = 'requested'", id)).toBe(1);
    expect(asResponse(await cancel({ basedOn: "1", reason: "The clinic is closed that day." })).status).toBe(302);
    const stored = await backendFor().appointments.get(id);
    expect(stored).toMatchObject({ status: "cancelled", cancelledBy: "staff", cancelReason: "The clinic is closed that day." });
    const [mail] = await backendFor().mail.forAppointment(id);
    expect(mail).toMatchObject({ kind: "appointment-cancelled", to: "ana@example.com" });
    expect(mail!.body).toContain("The clinic is closed that day.");
    expect(statusOf(await cancel({ basedOn: "2", reason: "again" }))).toBe(409);
  });
});
