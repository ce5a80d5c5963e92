// "The same interpreter as last time" on /Book (issue 27; docs/decisions/0041 "As built") against a real D1: Clinic A
// worked with Pat and Bea before (and blocks Bea); Firm B worked with Kim. A Clinic A requester sees Bea and Pat to
// choose from, and a booking asking for Pat is offered to Pat alone until the window (PREFERRED_OFFER_WINDOW_MINUTES,
// 60 by default) after booking has passed, then to everyone, Pat first; the staff page says whom they asked for.
// Choosing Bea changes nothing (the block wins); the organisation's own preferred interpreter still joins the window.
// Kim's id (another organisation's past interpreter) or a made-up one is a field message, and nothing is stored; a
// visitor is never offered the choice and what they post of it is ignored. The clock is controlled through the data
// (docs/decisions/0034): the booking instant is moved back.
import { tuesdayAWeekOn } from "./clock-changes";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/domain/availability";
import * as appointmentPage from "~/routes/dashboard/appointment";
import * as book from "~/routes/public/book";
import { asResponse, backendFor, cookieOf, failure, languageId, redirected, seed, unwrap } from "./helpers";
import { addRequester, type Requester } from "./requester-fixture";
import { addressesIn, browser, ORIGIN, settled } from "./requests";

const { get, post, upload } = browser({ addresses: addressesIn(150), headers: { Origin: ORIGIN } });
const MINUTE = 60_000;
let admin = "";
let clinicCookie = "";
let firmCookie = "";
let spanish = 0;
let day = "";
let clinic: Requester;
let firm: Requester;
const people: Record<string, string> = {};
let tokens = 0;

/** A past appointment of this customer, done by `interpreter` some weeks ago (status completed: nobody is busy for it). */
async function pastWork(email: string, interpreter: string) {
  const startsAt = Date.now() - 30 * 24 * 60 * MINUTE;
  const made = await backendFor().appointments.request(
    {
      contact: { name: "Ana Ruiz", email, phone: "+1 307 555 0100", organisation: "" },
      ...{
        languageId: spanish,
        mode: "video" as const,
        setting: "business" as const,
        startsAt,
        minutes: 60,
        blockedFrom: startsAt,
        blockedTo: startsAt + 60 * MINUTE,
      },
      ...{ address: "", callNumber: "", notes: "", genderPreference: null, locale: "en" as const },
      ...{ tokenHash: (tokens++).toString(16).padStart(64, "d"), tokenSealed: "sealed" },
    },
    Date.now(),
  );
  if (!made.ok) throw new Error(made.reason);
  await env.DB.prepare("UPDATE appointments SET status = 'completed', interpreter_id = ? WHERE id = ?").bind(interpreter, made.id).run();
}

/** /Book's fields for a video appointment `weeks` Tuesdays on, with `extra` (the choice) added. */
function bookingFields(weeks: number, extra: Record<string, string> = {}) {
  return {
    ...{ language: String(spanish), mode: "video", setting: "business", date: addDays(day, 7 * weeks), time: "10:00", duration: "60" },
    ...{ address: "", callNumber: "", name: "Dana Desk", email: "desk@clinic-a.example", phone: "+1 307 555 0100", organisation: "" },
    ...{ notes: "", gender: "", consent: "on" },
    ...extra,
  };
}
const posted = async (fields: Record<string, string>, cookie?: string) => {
  const args = post("/Book", fields, cookie);
  return settled(book.action(args as never), args);
};
const appointmentCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM appointments").first<{ n: number }>())!.n;
const newest = () =>
  env.DB.prepare("SELECT id, preferred_interpreter_id FROM appointments ORDER BY id DESC LIMIT 1").first<{
    id: number;
    preferred_interpreter_id: string | null;
  }>();
/** The controlled clock: the appointment was booked `minutes` ago. */
const bookedAgo = (id: number, minutes: number) =>
  env.DB.prepare("UPDATE appointments SET created_at = ? WHERE id = ?")
    .bind(Date.now() - minutes * MINUTE, id)
    .run();
const pageOf = (id: number) => ({ params: { appointmentId: String(id) } });
const staffPage = async (id: number) => appointmentPage.loader(get(`/Dashboard/Appointments/${id}`, admin, pageOf(id)));
const names = (list: { id: string }[]) => list.map((item) => Object.keys(people).find((name) => people[name] === item.id) ?? item.id);
const onlySeeded = (list: { id: string }[]) => names(list).filter((name) => name in people);
const offer = (id: number, interpreter: string[]) =>
  appointmentPage.action(upload(`/Dashboard/Appointments/${id}`, { intent: "offer", basedOn: "1", interpreter }, admin, pageOf(id)));

/** Books through /Book as the Clinic A requester, asking for `name`; the new appointment's id. */
async function bookAsking(name: string, weeks: number) {
  const response = asResponse(await posted(bookingFields(weeks, { sameInterpreter: people[name]! }), clinicCookie));
  expect(response.status, await response.clone().text()).toBe(302);
  const stored = (await newest())!;
  expect(stored.preferred_interpreter_id).toBe(people[name]);
  return stored.id;
}

beforeAll(async () => {
  await seed();
  admin = await cookieOf("admin@example.com");
  spanish = await languageId("Spanish");
  day = tuesdayAWeekOn();
  for (const name of ["Bea", "Kim", "Oli", "Pat"]) {
    const email = `${name.toLowerCase()}.same@example.com`;
    const created = await backendFor().interpreters.create({ fullName: `${name} Same`, gender: "", email, phone: "", password: "same-Password-1" });
    if (!created.ok) throw new Error(created.reason);
    await backendFor().links.link(created.id, spanish);
    await backendFor().availability.setHours(created.id, [{ weekday: 2, startMinute: 7 * 60, endMinute: 19 * 60 }]);
    people[name] = created.id;
  }
  clinic = await addRequester({ organisation: "Clinic A", email: "desk@clinic-a.example", name: "Dana Desk" });
  firm = await addRequester({ organisation: "Firm B", email: "bo@firm-b.example" });
  clinicCookie = await cookieOf(clinic.email, clinic.password);
  firmCookie = await cookieOf(firm.email, firm.password);
  await pastWork(clinic.email, people.Pat!);
  await pastWork(clinic.email, people.Bea!);
  await pastWork(firm.email, people.Kim!);
  await backendFor().preferences.set(clinic.organisationId, people.Bea!, "blocked", "00000000-0000-4000-8000-00000000aaaa", Date.now());
});

describe("/Book's choice", () => {
  it("a requester chooses among their organisation's past interpreters only; a visitor is not offered it", async () => {
    const clinicForm = unwrap(await book.loader(get("/Book", clinicCookie) as never)).data;
    expect(clinicForm.options.pastInterpreters.map((person) => person.name)).toEqual(["Bea Same", "Pat Same"]);
    const firmForm = unwrap(await book.loader(get("/Book", firmCookie) as never)).data;
    expect(firmForm.options.pastInterpreters).toEqual([{ id: people.Kim, name: "Kim Same" }]);
    expect(unwrap(await book.loader(get("/Book") as never)).data.options.pastInterpreters).toEqual([]);
  });

  it("another organisation's interpreter, or an id that is nobody's, is a field message and nothing is stored", async () => {
    const before = await appointmentCount();
    for (const forged of [people.Kim!, "00000000-0000-4000-8000-0000000000ff", "not-an-id", "x".repeat(5000)]) {
      const refused = failure(await posted(bookingFields(1, { sameInterpreter: forged }), clinicCookie));
      expect([refused.status, refused.errors.sameInterpreter], forged.slice(0, 40)).toEqual([
        400,
        "Please choose someone from the list of your organisation's past interpreters.",
      ]);
    }
    expect(await appointmentCount()).toBe(before);
  });

  it("a visitor's post of the field is ignored: the booking is stored without a choice", async () => {
    const response = asResponse(await posted(bookingFields(1, { email: "vera@example.com", name: "Vera Visitor", sameInterpreter: people.Pat! })));
    expect(response.status).toBe(302);
    expect((await newest())!.preferred_interpreter_id).toBeNull();
  });
});

describe("a booking asking for Pat", () => {
  it("just booked: Pat alone can be offered it, the others wait for the window; the staff page says whom they asked for", async () => {
    const id = await bookAsking("Pat", 2);
    const page = await staffPage(id);
    expect(page.appointment.preferredInterpreter).toEqual({ id: people.Pat, name: "Pat Same" });
    const eligibility = page.eligibility!;
    expect(onlySeeded(eligibility.eligible)).toEqual(["Pat"]);
    expect(eligibility.eligible[0]!.preferred).toBe(true);
    expect(eligibility.ineligible.filter((person) => person.id === people.Oli || person.id === people.Kim)).toEqual([
      { id: people.Kim, name: "Kim Same", reasons: ["preferred-window"] },
      { id: people.Oli, name: "Oli Same", reasons: ["preferred-window"] },
    ]);
    expect(names([...eligibility.eligible, ...eligibility.ineligible])).not.toContain("Bea");
    expect(eligibility.preferredUntil).toBeGreaterThan(Date.now() + 59 * MINUTE);

    expect(failure(await offer(id, [people.Oli!])).status).toBe(409);
    const first = await redirected(await offer(id, [people.Pat!]));
    expect(first.toast?.message).toBe("Offered to 1 interpreter.");
    expect((await backendFor().offers.forAppointment(id)).map((made) => made.interpreter.id)).toEqual([people.Pat]);
  });

  it("59 minutes after booking the others still wait; at 60 everyone eligible can be offered it, Pat first", async () => {
    const id = await bookAsking("Pat", 3);
    await bookedAgo(id, 59);
    expect(onlySeeded((await staffPage(id)).eligibility!.eligible)).toEqual(["Pat"]);
    expect(failure(await offer(id, [people.Kim!])).status).toBe(409);
    await bookedAgo(id, 60);
    const after = (await staffPage(id)).eligibility!;
    expect(after.preferredUntil).toBeNull();
    expect(onlySeeded(after.eligible)).toEqual(["Pat", "Kim", "Oli"]);
    expect((await redirected(await offer(id, [people.Kim!, people.Oli!]))).toast?.message).toBe("Offered to 2 interpreters.");
  });

  it("joins the organisation's own preferred interpreters: Oli (preferred by Clinic A) shares the window, Kim waits", async () => {
    await backendFor().preferences.set(clinic.organisationId, people.Oli!, "preferred", "00000000-0000-4000-8000-00000000aaaa", Date.now());
    try {
      const id = await bookAsking("Pat", 4);
      const eligibility = (await staffPage(id)).eligibility!;
      expect(onlySeeded(eligibility.eligible)).toEqual(["Oli", "Pat"]);
      expect(eligibility.ineligible.find((person) => person.id === people.Kim)!.reasons).toEqual(["preferred-window"]);
    } finally {
      await backendFor().preferences.clear(clinic.organisationId, people.Oli!);
    }
  });
});

describe("a booking asking for Bea, whom Clinic A blocks", () => {
  it("the block wins: Bea is neither listed nor offerable, and with nobody preferred there is no window", async () => {
    const id = await bookAsking("Bea", 5);
    const page = await staffPage(id);
    expect(page.appointment.preferredInterpreter).toEqual({ id: people.Bea, name: "Bea Same" });
    const eligibility = page.eligibility!;
    expect(eligibility.preferredUntil).toBeNull();
    expect(onlySeeded(eligibility.eligible)).toEqual(["Kim", "Oli", "Pat"]);
    expect(names([...eligibility.eligible, ...eligibility.ineligible])).not.toContain("Bea");
    expect(failure(await offer(id, [people.Bea!])).status).toBe(409);
    expect(await backendFor().offers.forAppointment(id)).toEqual([]);
  });
});

describe("an appointment booked without a choice", () => {
  it("says nothing of one on the staff page", async () => {
    const response = asResponse(await posted(bookingFields(6), clinicCookie));
    expect(response.status).toBe(302);
    const { id, preferred_interpreter_id } = (await newest())!;
    expect(preferred_interpreter_id).toBeNull();
    expect((await staffPage(id)).appointment).not.toHaveProperty("preferredInterpreter");
  });
});
