// Staff booking on a customer's behalf and changing an appointment (issue 25) against a real D1, through the routes:
// /Dashboard/Appointments/New (the /Book schema's refusals, the customer's e-mail with their link, the new page) and the
// appointment page's "change" intent — refused with field messages or as stale, storing nothing; kept by an interpreter
// who can still take it; sent back to offering when they cannot, both people told; a database conflict a clear 409;
// and a cancellation telling the interpreter too.
import { tuesdayAWeekOn } from "./clock-changes";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/domain/availability";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { instantOf, wallClockOf } from "~/domain/zoned-time";
import { staffChange } from "~/features/appointments/appointment-changes.server";
import { changeValues } from "~/features/appointments/ChangePanel";
import { messagesFor } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import type { IntentInput } from "~/request/intents.server";
import * as appointmentPage from "~/routes/dashboard/appointment";
import * as newPage from "~/routes/dashboard/appointment-new";
import { asResponse, backendFor, cookieOf, count, failure, languageId, redirected, seed, statusOf, thrown } from "./helpers";
import { addressesIn, browser, ORIGIN, settled } from "./requests";

const { get, post } = browser({ addresses: addressesIn(185), headers: { Origin: ORIGIN } });
const PASSWORD = "change-Password-1";
const HOUR = 3_600_000;
let admin = "";
let spanish = 0;
let day = "";
let ben = { id: "", email: "" };

const pageOf = (id: number) => ({ params: { appointmentId: String(id) } });
/** The customer's and the interpreter's e-mails about it (the office's notice of a booking left out). */
const mailsOf = async (id: number) =>
  (await backendFor().mail.forAppointment(id))
    .filter((mail) => mail.kind !== "appointment-new-for-staff")
    .map((mail) => [mail.kind, mail.to])
    .sort();
const at = (date: string, time: string) => (instantOf({ date, time }, COMPANY_TIME_ZONE) as { instant: number }).instant;

const BOOKING = {
  mode: "on_site",
  setting: "medical",
  time: "10:00",
  duration: "120",
  address: "1 Main St, Cheyenne",
  callNumber: "",
  name: "Ana Ruiz",
  email: "Ana.Phone@Example.com",
  phone: "+1 307 555 0100",
  organisation: "Clinic",
  notes: "Room 4",
  gender: "",
};

async function staffBook(fields: Record<string, string>) {
  const call = post("/Dashboard/Appointments/New", fields, admin);
  return settled(newPage.action(call as never), call);
}

/** Booked by staff for the Tuesday `weeks` after `day`, at 10:00 (each test its own Tuesday, so Ben's jobs never meet); its id. */
async function bookedByStaff(weeks = 0) {
  const answer = await redirected(await staffBook({ ...BOOKING, language: String(spanish), date: addDays(day, 7 * weeks), consent: "on" }));
  return Number(answer.location!.split("/").at(-1));
}

async function change(id: number, fields: Record<string, string>) {
  const call = post(`/Dashboard/Appointments/${id}`, { intent: "change", ...fields }, admin, pageOf(id));
  return settled(appointmentPage.action(call as never), call);
}

/** Offered to Ben and accepted: confirmed to him. */
async function confirmToBen(id: number) {
  const version = (await backendFor().appointments.get(id))!.version;
  await backendFor().offers.offer(id, { basedOn: version, interpreterIds: [ben.id], expiresAt: Date.now() + 24 * HOUR }, Date.now());
  const [offer] = await backendFor().offers.forAppointment(id);
  expect(await backendFor().offers.accept(offer!.id, ben.id, Date.now())).toMatchObject({ ok: true });
}

/** The appointment's form as the page fills it, with `fields` changed. */
async function formOf(id: number, fields: Record<string, string>) {
  const appointment = (await backendFor().appointments.get(id))!;
  return { ...changeValues(appointment), basedOn: String(appointment.version), ...fields };
}

beforeAll(async () => {
  await seed();
  admin = await cookieOf("admin@example.com");
  spanish = await languageId("Spanish");
  day = tuesdayAWeekOn();
  const email = "ben.change@example.com";
  const created = await backendFor().interpreters.create({ fullName: "Ben Change", gender: "", email, phone: "", password: PASSWORD });
  if (!created.ok) throw new Error(created.reason);
  await backendFor().links.link(created.id, spanish);
  // Tuesdays 07:00–15:00, and the Medical (CCHI) the medical setting requires.
  await backendFor().availability.setHours(created.id, [{ weekday: 2, startMinute: 7 * 60, endMinute: 15 * 60 }]);
  await backendFor().availability.addCredential(created.id, { name: "Medical (CCHI)", expiresOn: null });
  ben = { id: created.id, email };
});

describe("staff book on a customer's behalf", () => {
  it("admins only: anonymous → sign in, an interpreter → 403", async () => {
    expect(statusOf(await thrown(() => newPage.loader(get("/Dashboard/Appointments/New") as never)))).toBe(302);
    const interpreter = await cookieOf("interpreter@example.com");
    expect(statusOf(await thrown(() => newPage.loader(get("/Dashboard/Appointments/New", interpreter) as never)))).toBe(403);
    const call = post("/Dashboard/Appointments/New", { ...BOOKING, language: String(spanish), date: day, consent: "on" }, interpreter);
    expect(statusOf(await thrown(() => newPage.action(call as never)))).toBe(403);
    expect(await count("SELECT COUNT(*) AS n FROM appointments WHERE contact_email = 'ana.phone@example.com'")).toBe(0);
  });

  it("the /Book form's refusals with field messages, storing nothing; then booked, the customer sent their link, the new appointment's page", async () => {
    const refused = failure(await staffBook({ ...BOOKING, language: "99999", date: "2020-01-07", email: "not an address" }));
    expect(refused.status).toBe(400);
    expect(refused.errors).toMatchObject({
      date: "That time has passed. Please choose a time in the future.",
      consent: "Please confirm that the customer agreed to the privacy policy.",
      email: expect.any(String),
    });
    expect(failure(await staffBook({ ...BOOKING, language: "99999", date: day, consent: "on" })).errors.language).toBeDefined();
    expect(await count("SELECT COUNT(*) AS n FROM appointments WHERE contact_email = 'ana.phone@example.com'")).toBe(0);

    const answer = await redirected(await staffBook({ ...BOOKING, language: String(spanish), date: day, consent: "on", locale: "ar" }));
    const id = Number(answer.location!.split("/").at(-1));
    expect(answer.location).toBe(`/Dashboard/Appointments/${id}`);
    expect(answer.toast?.message).toBe("Booked. The customer has been sent their link.");
    expect(await backendFor().appointments.get(id)).toMatchObject({
      status: "requested",
      locale: "ar",
      startsAt: at(day, "10:00"),
      minutes: 120,
      contact: { email: "ana.phone@example.com", name: "Ana Ruiz" },
    });
    const [received] = (await backendFor().mail.forAppointment(id)).filter((mail) => mail.kind === "appointment-received");
    expect(received).toMatchObject({ to: "ana.phone@example.com" });
    expect(received!.body).toContain("/ar/Book/{appointment-link-token}");
  });
});

describe("changing the time or the details", () => {
  it("refused with field messages (the schema's), or as stale or no longer changeable, storing nothing", async () => {
    const id = await bookedByStaff();
    const bad = failure(await change(id, await formOf(id, { date: "2020-01-07", duration: "17", name: "" })));
    expect(bad.status).toBe(400);
    expect(bad.errors).toMatchObject({ date: expect.any(String), duration: expect.any(String), name: expect.any(String) });
    const stale = failure(await change(id, await formOf(id, { basedOn: "7", notes: "x" })));
    expect([stale.status, stale.formError]).toEqual([409, "The appointment changed in the meantime. Here it is as it is now."]);
    expect(await backendFor().appointments.get(id)).toMatchObject({ version: 1, notes: "Room 4" });
    expect(await mailsOf(id)).toEqual([["appointment-received", "ana.phone@example.com"]]);
    await backendFor().appointments.cancel(id, { basedOn: 1, by: "staff", reason: "x" }, Date.now());
    expect(failure(await change(id, await formOf(id, { notes: "y" }))).status).toBe(409);
  });

  it("a requested one: stored, the version grown, the customer told; the lead time is waived for staff", async () => {
    const id = await bookedByStaff();
    // Within the public lead time (2 hours), still in the future: staff may.
    const soon = wallClockOf(Date.now() + HOUR, COMPANY_TIME_ZONE);
    const answer = await redirected(await change(id, await formOf(id, { date: soon.date, time: soon.time, mode: "phone", callNumber: "+1 307 555 0123" })));
    expect(answer.toast?.message).toBe("Saved. The customer has been told.");
    expect(await backendFor().appointments.get(id)).toMatchObject({ version: 2, mode: "phone", address: "", callNumber: "+1 307 555 0123" });
    expect(await mailsOf(id)).toEqual([
      ["appointment-changed", "ana.phone@example.com"],
      ["appointment-received", "ana.phone@example.com"],
    ]);
  });

  it("confirmed: kept by an interpreter who can still take it (both told); moved outside their hours → back to offering, both told", async () => {
    const id = await bookedByStaff(1);
    const tuesday = addDays(day, 7);
    await confirmToBen(id);
    const kept = await redirected(await change(id, await formOf(id, { time: "11:00", notes: "Room 5" })));
    expect(kept.toast?.message).toBe("Saved. The customer and the interpreter have been told.");
    expect(await backendFor().appointments.get(id)).toMatchObject({
      status: "confirmed",
      interpreter: { id: ben.id },
      startsAt: at(tuesday, "11:00"),
      notes: "Room 5",
    });
    const changedForBen = (await backendFor().mail.forAppointment(id)).find((mail) => mail.kind === "appointment-changed-interpreter")!;
    expect([changedForBen.to, changedForBen.body.includes("Room 5")]).toEqual([ben.email, true]);

    // 14:00–16:00 runs past his 15:00.
    const released = await redirected(await change(id, await formOf(id, { time: "14:00" })));
    expect(released.toast?.message).toMatch(/back to offering/);
    expect(await backendFor().appointments.get(id)).toMatchObject({ status: "requested", interpreter: null, startsAt: at(tuesday, "14:00") });
    expect(await backendFor().offers.forAppointment(id)).toEqual([]);
    const mails = await backendFor().mail.forAppointment(id);
    expect(mails.find((mail) => mail.kind === "appointment-released")?.to).toBe(ben.email);
    const toCustomer = mails.filter((mail) => mail.kind === "appointment-changed");
    expect(toCustomer).toHaveLength(2);
    expect(toCustomer[0]!.body).toContain("We are finding an interpreter for it again");
    // The page now offers it again, with Ben counted out for the hours.
    const page = await appointmentPage.loader(get(`/Dashboard/Appointments/${id}`, admin, pageOf(id)));
    expect(page.eligibility!.ineligible.find((person) => person.id === ben.id)?.reasons).toEqual(["outside-hours"]);
  });

  it("a database conflict (another confirmation landing after the eligibility read) is a clear 409, storing nothing", async () => {
    const id = await bookedByStaff(2);
    await confirmToBen(id);
    const other = await bookedByStaff(2);
    await redirected(await change(other, await formOf(other, { time: "13:00" })));
    await confirmToBen(other);
    // Moving this one to 12:00 overlaps his 13:00 job (travel buffers counted). The page's eligibility read sees that and would release him; here
    // the read is made to miss it, as when the other confirmation commits between that read and the write.
    const call = post(`/Dashboard/Appointments/${id}`, {}, admin, pageOf(id));
    const app = appContext(call.context);
    const blind: typeof app.backend.availability = {
      ...app.backend.availability,
      candidates: async (...args) => {
        const answer = await app.backend.availability.candidates(...args);
        return { ...answer, linked: answer.linked.map((person) => ({ ...person, busy: [] })) };
      },
    };
    const formData = new FormData();
    for (const [name, value] of Object.entries(await formOf(id, { time: "12:00" }))) formData.set(name, value);
    const input = {
      request: call.request,
      url: new URL(call.request.url),
      app: { ...app, backend: { ...app.backend, availability: blind } },
      formData,
      user: {} as IntentInput["user"],
      messages: messagesFor("en"),
    } satisfies IntentInput;
    const refused = failure(await staffChange(input, (await backendFor().appointments.get(id))!));
    expect([refused.status, refused.formError]).toEqual([409, "The interpreter has another confirmed appointment at that time. Choose another time."]);
    expect(await backendFor().appointments.get(id)).toMatchObject({ status: "confirmed", version: 3, startsAt: at(addDays(day, 14), "10:00") });
    expect((await mailsOf(id)).filter(([kind]) => kind === "appointment-changed")).toEqual([]);
  });

  it("a cancellation tells the interpreter too", async () => {
    const id = await bookedByStaff(3);
    await confirmToBen(id);
    const call = post(`/Dashboard/Appointments/${id}`, { intent: "cancel", basedOn: "3", reason: "The clinic is closed." }, admin, pageOf(id));
    expect(asResponse(await settled(appointmentPage.action(call as never), call)).status).toBe(302);
    const mails = await mailsOf(id);
    expect(mails).toContainEqual(["appointment-cancelled", "ana.phone@example.com"]);
    expect(mails).toContainEqual(["appointment-cancelled-interpreter", ben.email]);
  });
});
