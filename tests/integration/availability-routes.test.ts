// Interpreters' availability and credentials (issue 25) against a real D1: an interpreter's own hours and time off on
// Profile, an admin's page for any interpreter (credentials too), the credentials about to expire, and the
// appointment page's account of who can take it and why the others cannot.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { blockedBy } from "~/domain/appointment-times";
import { addDays } from "~/domain/availability";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { instantOf, wallClockOf } from "~/domain/zoned-time";
import * as appointmentPage from "~/routes/dashboard/appointment";
import * as interpreterPage from "~/routes/dashboard/interpreter";
import * as interpretersPage from "~/routes/dashboard/interpreters";
import * as profilePage from "~/routes/dashboard/profile";
import { backendFor, cookieOf, failure, idOf, languageId, redirected, seed, statusOf, thrown } from "./helpers";
import { addressesIn, browser, ORIGIN } from "./requests";

const { get, post } = browser({ addresses: addressesIn(105), headers: { Origin: ORIGIN } });
let admin = "";
let interpreter = "";
let interpreterId = "";
const availability = () => backendFor().availability;
const today = () => wallClockOf(Date.now(), COMPANY_TIME_ZONE).date;

beforeAll(async () => {
  await seed();
  admin = await cookieOf("admin@example.com");
  interpreter = await cookieOf("interpreter@example.com");
  interpreterId = await idOf("interpreter@example.com");
});

const personPage = (id: string) => ({ params: { userId: id } });

describe("who may see and change availability", () => {
  it("Profile is anyone's own; an interpreter's page is for admins, and names somebody (404 otherwise)", async () => {
    expect(statusOf(await thrown(() => profilePage.loader(get("/Dashboard/Profile") as never)))).toBe(302);
    const own = await profilePage.loader(get("/Dashboard/Profile", interpreter));
    expect(own.availability).toEqual({ ok: true, value: expect.objectContaining({ hours: [], timeOff: [], credentials: [] }) });

    const page = `/Dashboard/Interpreter/${interpreterId}`;
    expect(statusOf(await thrown(() => interpreterPage.loader(get(page, interpreter, personPage(interpreterId)) as never)))).toBe(403);
    const posted = { intent: "add-credential", name: "Court certified", expiresOn: "" };
    expect(statusOf(await thrown(() => interpreterPage.action(post(page, posted, interpreter, personPage(interpreterId)) as never)))).toBe(403);
    expect((await availability().of(interpreterId))!.credentials).toEqual([]);

    expect((await interpreterPage.loader(get(page, admin, personPage(interpreterId)) as never)).availability.name).toBeTruthy();
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "1"]) {
      expect(statusOf(await thrown(() => interpreterPage.loader(get(`/Dashboard/Interpreter/${id}`, admin, personPage(id)) as never)))).toBe(404);
      expect(statusOf(await thrown(() => interpreterPage.action(post(`/Dashboard/Interpreter/${id}`, posted, admin, personPage(id)) as never)))).toBe(404);
    }
  });

  it("an interpreter cannot record their own credentials from Profile", async () => {
    const answer = failure(await profilePage.action(post("/Dashboard/Profile", { intent: "add-credential", name: "Court certified" }, interpreter)));
    expect(answer.status).toBe(400);
    expect((await availability().of(interpreterId))!.credentials).toEqual([]);
  });
});

describe("working hours on Profile", () => {
  it("saved from seven texts, merged per weekday, and shown back as typed", async () => {
    const answer = await redirected(
      await profilePage.action(
        post(
          "/Dashboard/Profile",
          { intent: "save-hours", "hours-1": "13:00-17:00, 09:00 - 12:00", "hours-3": "08:00–12:00; 11:00-14:00", "hours-7": "" },
          interpreter,
        ),
      ),
    );
    expect(answer.location).toBe("/Dashboard/Profile#working-hours");
    expect(answer.toast?.message).toBe("Working hours saved.");
    expect((await availability().of(interpreterId))!.hours).toEqual([
      { weekday: 1, startMinute: 540, endMinute: 720 },
      { weekday: 1, startMinute: 780, endMinute: 1020 },
      { weekday: 3, startMinute: 480, endMinute: 840 },
    ]);
  });

  it("a text that is not times, or ends before it starts, is a 400 under its day, and the week on file stays", async () => {
    const before = (await availability().of(interpreterId))!.hours;
    for (const text of ["9 to 5", "17:00-09:00", "09:00-25:00", "09:00-09:00"]) {
      const answer = failure(await profilePage.action(post("/Dashboard/Profile", { intent: "save-hours", "hours-2": text }, interpreter)));
      expect(answer.status).toBe(400);
      expect(answer.errors["hours-2"]).toBe("Write times like 09:00-12:00, 13:00-17:00, each ending after it starts.");
      expect(answer.values["hours-2"]).toBe(text);
    }
    expect((await availability().of(interpreterId))!.hours).toEqual(before);
  });

  it("the day can end at 24:00, and a whole day off is an empty text", async () => {
    await profilePage.action(post("/Dashboard/Profile", { intent: "save-hours", "hours-6": "18:00-24:00" }, interpreter));
    expect((await availability().of(interpreterId))!.hours).toEqual([{ weekday: 6, startMinute: 1080, endMinute: 1440 }]);
  });
});

describe("time off", () => {
  it("added and removed on Profile; the days checked; another person's row is not removed", async () => {
    const first = addDays(today(), 10);
    const last = addDays(today(), 12);
    const refused = failure(await profilePage.action(post("/Dashboard/Profile", { intent: "add-time-off", firstDay: last, lastDay: first }, interpreter)));
    expect(refused.errors.lastDay).toBe("The last day can't be before the first day.");
    const missing = failure(await profilePage.action(post("/Dashboard/Profile", { intent: "add-time-off", firstDay: "2031-02-30", lastDay: "" }, interpreter)));
    expect([missing.errors.firstDay, missing.errors.lastDay]).toEqual(["Choose a date.", "Choose a date."]);
    // Shaped like dates but no month or day there is: refused, not thrown (these answered 500).
    const shaped = failure(
      await profilePage.action(post("/Dashboard/Profile", { intent: "add-time-off", firstDay: "2031-13-01", lastDay: "9999-99-99" }, interpreter)),
    );
    expect([shaped.status, shaped.errors.firstDay, shaped.errors.lastDay]).toEqual([400, "Choose a date.", "Choose a date."]);
    const tooLong = failure(
      await profilePage.action(post("/Dashboard/Profile", { intent: "add-time-off", firstDay: first, lastDay: addDays(first, 366) }, interpreter)),
    );
    expect(tooLong.errors.lastDay).toMatch(/at most 366 days/);
    expect((await availability().of(interpreterId))!.timeOff).toEqual([]);

    const added = await redirected(
      await profilePage.action(post("/Dashboard/Profile", { intent: "add-time-off", firstDay: first, lastDay: last, note: "Family" }, interpreter)),
    );
    expect(added.location).toBe("/Dashboard/Profile#time-off");
    const [span] = (await availability().of(interpreterId))!.timeOff;
    expect(span).toEqual({ id: expect.any(Number), firstDay: first, lastDay: last, note: "Family" });

    // An admin's own Profile cannot remove the interpreter's span by its id.
    const elsewhere = failure(await profilePage.action(post("/Dashboard/Profile", { intent: "remove-time-off", id: String(span!.id) }, admin)));
    expect([elsewhere.status, elsewhere.formError]).toEqual([404, "That time off was already removed."]);
    expect((await availability().of(interpreterId))!.timeOff).toHaveLength(1);

    await redirected(await profilePage.action(post("/Dashboard/Profile", { intent: "remove-time-off", id: String(span!.id) }, interpreter)));
    expect((await availability().of(interpreterId))!.timeOff).toEqual([]);
  });
});

describe("credentials, by admins", () => {
  it("recorded with an expiry, listed as expiring within 30 days on the interpreters' page, then removed", async () => {
    const page = `/Dashboard/Interpreter/${interpreterId}`;
    const soon = addDays(today(), 20);
    const refused = failure(
      await interpreterPage.action(post(page, { intent: "add-credential", name: "  ", expiresOn: "soon" }, admin, personPage(interpreterId))),
    );
    expect(refused.errors).toEqual({ name: "Name the credential.", expiresOn: "Choose a date." });
    const noMonth = failure(
      await interpreterPage.action(post(page, { intent: "add-credential", name: "ATA", expiresOn: "2031-00-10" }, admin, personPage(interpreterId))),
    );
    expect([noMonth.status, noMonth.errors.expiresOn]).toEqual([400, "Choose a date."]);
    // A NUL ends the text for SQLite's length(): the table's CHECK failed (a 500) before the form refused it.
    const nul = failure(
      await interpreterPage.action(post(page, { intent: "add-credential", name: "\u0000Court certified", expiresOn: "" }, admin, personPage(interpreterId))),
    );
    expect([nul.status, nul.errors.name]).toEqual([400, "Please keep this on one line."]);

    const added = await redirected(
      await interpreterPage.action(post(page, { intent: "add-credential", name: "Medical (CCHI)", expiresOn: soon }, admin, personPage(interpreterId))),
    );
    expect(added.location).toBe(`${page}#credentials`);
    await interpreterPage.action(
      post(page, { intent: "add-credential", name: "Court certified", expiresOn: addDays(today(), 45) }, admin, personPage(interpreterId)),
    );
    await interpreterPage.action(post(page, { intent: "add-credential", name: "ATA", expiresOn: "" }, admin, personPage(interpreterId)));

    const listing = await interpretersPage.loader(get("/Dashboard/Interpreter", admin));
    expect(listing.expiring.ok && listing.expiring.value.map((item) => [item.name, item.expiresOn])).toEqual([["Medical (CCHI)", soon]]);

    const credentials = (await availability().of(interpreterId))!.credentials;
    expect(credentials.map((item) => [item.name, item.expiresOn])).toEqual([
      ["ATA", null],
      ["Court certified", addDays(today(), 45)],
      ["Medical (CCHI)", soon],
    ]);
    for (const credential of credentials) {
      await redirected(await interpreterPage.action(post(page, { intent: "remove-credential", id: String(credential.id) }, admin, personPage(interpreterId))));
    }
    expect((await availability().of(interpreterId))!.credentials).toEqual([]);
    const again = failure(
      await interpreterPage.action(post(page, { intent: "remove-credential", id: String(credentials[0]!.id) }, admin, personPage(interpreterId))),
    );
    expect(again.status).toBe(404);
  });

  it("an admin sets an interpreter's hours and time off on their page", async () => {
    const someone = await idOf("linh.tran@example.com");
    const page = `/Dashboard/Interpreter/${someone}`;
    await redirected(await interpreterPage.action(post(page, { intent: "save-hours", "hours-4": "10:00-11:00" }, admin, personPage(someone))));
    expect((await availability().of(someone))!.hours).toEqual([{ weekday: 4, startMinute: 600, endMinute: 660 }]);
  });
});

describe("who can take an appointment", () => {
  it("the appointment page lists the eligible and, for each of the others, why not", async () => {
    const spanish = await languageId("Spanish");
    // Next Tuesday at 10:00 (at least 8 days away), 2 hours on site, medical.
    let day = addDays(today(), 8);
    while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 2) day = addDays(day, 1);
    const startsAt = (instantOf({ date: day, time: "10:00" }, COMPANY_TIME_ZONE) as { instant: number }).instant;
    const { from, to } = blockedBy({ start: startsAt, minutes: 120, mode: "on_site" });
    const booking = (tokenHash: string) => ({
      contact: { name: "Ana Ruiz", email: "ana@example.com", phone: "+1 307 555 0100", organisation: "" },
      ...{ languageId: spanish, mode: "on_site" as const, setting: "medical" as const, startsAt, minutes: 120, blockedFrom: from, blockedTo: to },
      ...{ address: "1 Main St", callNumber: "", notes: "", genderPreference: null, locale: "en" as const, tokenHash, tokenSealed: "sealed" },
    });
    const made = await backendFor().appointments.request(booking("e".repeat(64)), Date.now());
    if (!made.ok) throw new Error(made.reason);

    const people: Record<string, string> = {};
    for (const name of ["Able Ready", "Busy Bee", "Expired Eve", "Holiday Hal", "Stranger Sam"]) {
      const created = await backendFor().interpreters.create({
        fullName: name,
        gender: "",
        email: `${name.split(" ")[0]!.toLowerCase()}@example.com`,
        phone: "",
        password: "first-password-1",
      });
      if (!created.ok) throw new Error(created.reason);
      people[name] = created.id;
      if (name !== "Stranger Sam") await backendFor().links.link(created.id, spanish);
      await availability().setHours(created.id, [{ weekday: 2, startMinute: 8 * 60, endMinute: 18 * 60 }]);
      await availability().addCredential(created.id, { name: "Medical (CCHI)", expiresOn: name === "Expired Eve" ? addDays(day, -1) : null });
    }
    await availability().addTimeOff(people["Holiday Hal"]!, { firstDay: day, lastDay: day, note: "" });
    // Busy Bee is confirmed for another appointment an hour later: the travel buffers overlap.
    const other = await backendFor().appointments.request(
      { ...booking("f".repeat(64)), startsAt: startsAt + 3_600_000, blockedFrom: from + 3_600_000, blockedTo: to + 3_600_000 },
      Date.now(),
    );
    if (!other.ok) throw new Error(other.reason);
    await env.DB.prepare("UPDATE appointments SET status = 'confirmed', interpreter_id = ? WHERE id = ?").bind(people["Busy Bee"], other.id).run();

    const params = { appointmentId: String(made.id) };
    const { eligibility } = await appointmentPage.loader(get(`/Dashboard/Appointments/${made.id}`, admin, { params }));
    const named = (items: { id: string }[]) => items.map((item) => Object.entries(people).find(([, id]) => id === item.id)?.[0]).filter(Boolean);
    expect(named(eligibility!.eligible)).toEqual(["Able Ready"]);
    expect(eligibility!.ineligible.filter((item) => Object.values(people).includes(item.id)).map((item) => [named([item])[0], item.reasons])).toEqual([
      ["Busy Bee", ["busy"]],
      ["Expired Eve", ["credential-expired"]],
      ["Holiday Hal", ["time-off"]],
    ]);
    expect(eligibility!.unlinked).toBeGreaterThanOrEqual(1);
    expect(eligibility!.credential).toBe("Medical (CCHI)");

    // Once it is cancelled nobody is to be offered it: the page reads no candidates.
    await backendFor().appointments.cancel(made.id, { basedOn: 1, by: "staff", reason: "x" }, Date.now());
    expect((await appointmentPage.loader(get(`/Dashboard/Appointments/${made.id}`, admin, { params }) as never)).eligibility).toBeNull();
  });
});
