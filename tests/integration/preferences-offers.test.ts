// Preferred and blocked interpreters in the offers (issue 27) against a real D1, through the appointment's staff page:
// Clinic A prefers Pat and blocks Bea; Firm B blocks Oli. A Clinic A appointment never lists Bea (the candidates'
// query leaves her out) and an offer to her is refused; Pat can be offered it at once, Oli only when the window
// (PREFERRED_OFFER_WINDOW_MINUTES, 60 by default) after booking has passed. The clock is controlled through the data
// (docs/decisions/0034): the appointment's booking instant is moved back. A walk-in's appointment has no window and
// no block; Firm B's block does not reach Clinic A's work.
import { tuesdayAWeekOn } from "./clock-changes";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { blockedBy } from "~/domain/appointment-times";
import { addDays } from "~/domain/availability";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { instantOf } from "~/domain/zoned-time";
import { readConfig } from "~/platform/core/config.server";
import * as appointmentPage from "~/routes/dashboard/appointment";
import { backendFor, cookieOf, failure, languageId, redirected, seed } from "./helpers";
import { addRequester } from "./requester-fixture";
import { addressesIn, browser, ORIGIN } from "./requests";

const { get, upload } = browser({ addresses: addressesIn(130), headers: { Origin: ORIGIN } });
const MINUTE = 60_000;
let admin = "";
let spanish = 0;
let day = "";
let clinicEmail = "";
const people: Record<string, string> = {};
let tokens = 0;

async function book(email: string, daysAhead: number) {
  const startsAt = (instantOf({ date: addDays(day, daysAhead), time: "10:00" }, COMPANY_TIME_ZONE) as { instant: number }).instant;
  const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode: "video" });
  const made = await backendFor().appointments.request(
    {
      contact: { name: "Ana Ruiz", email, phone: "+1 307 555 0100", organisation: "" },
      ...{ languageId: spanish, mode: "video" as const, setting: "business" as const, startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
      ...{ address: "", callNumber: "", notes: "", genderPreference: null, locale: "en" as const },
      ...{ tokenHash: (tokens++).toString(16).padStart(64, "c"), tokenSealed: "sealed" },
    },
    Date.now(),
  );
  if (!made.ok) throw new Error(made.reason);
  return made.id;
}
/** The controlled clock: the appointment was booked `minutes` ago. */
const bookedAgo = (id: number, minutes: number) =>
  env.DB.prepare("UPDATE appointments SET created_at = ? WHERE id = ?")
    .bind(Date.now() - minutes * MINUTE, id)
    .run();
const pageOf = (id: number) => ({ params: { appointmentId: String(id) } });
const shown = async (id: number) => (await appointmentPage.loader(get(`/Dashboard/Appointments/${id}`, admin, pageOf(id)))).eligibility!;
const names = (list: { id: string }[]) => list.map((item) => Object.keys(people).find((name) => people[name] === item.id) ?? item.id);
const offer = (id: number, interpreter: string[]) =>
  appointmentPage.action(upload(`/Dashboard/Appointments/${id}`, { intent: "offer", basedOn: "1", interpreter }, admin, pageOf(id)));

beforeAll(async () => {
  await seed();
  admin = await cookieOf("admin@example.com");
  spanish = await languageId("Spanish");
  day = tuesdayAWeekOn();
  for (const name of ["Bea", "Oli", "Pat"]) {
    const email = `${name.toLowerCase()}.prefs@example.com`;
    const created = await backendFor().interpreters.create({ fullName: `${name} Prefs`, gender: "", email, phone: "", password: "prefs-Password-1" });
    if (!created.ok) throw new Error(created.reason);
    await backendFor().links.link(created.id, spanish);
    await backendFor().availability.setHours(created.id, [{ weekday: 2, startMinute: 7 * 60, endMinute: 19 * 60 }]);
    people[name] = created.id;
  }
  const clinic = await addRequester({ organisation: "Clinic A", email: "ana@clinic-a.example" });
  const firm = await addRequester({ organisation: "Firm B", email: "bo@firm-b.example" });
  clinicEmail = clinic.email;
  const staff = "00000000-0000-4000-8000-00000000aaaa";
  await backendFor().preferences.set(clinic.organisationId, people.Pat!, "preferred", staff, Date.now());
  await backendFor().preferences.set(clinic.organisationId, people.Bea!, "blocked", staff, Date.now());
  await backendFor().preferences.set(firm.organisationId, people.Oli!, "blocked", staff, Date.now());
});

const onlySeeded = (list: { id: string }[]) => names(list).filter((name) => name in people);

describe("a Clinic A appointment", () => {
  it("just booked: only the preferred interpreter can be offered it; the blocked one is not even listed", async () => {
    const id = await book(clinicEmail, 0);
    const eligibility = await shown(id);
    expect(onlySeeded(eligibility.eligible)).toEqual(["Pat"]);
    expect(eligibility.eligible.find((person) => person.id === people.Pat)!.preferred).toBe(true);
    expect(eligibility.ineligible.filter((person) => person.id === people.Oli)).toEqual([{ id: people.Oli, name: "Oli Prefs", reasons: ["preferred-window"] }]);
    expect(names([...eligibility.eligible, ...eligibility.ineligible])).not.toContain("Bea");
    expect(eligibility.preferredUntil).toBeGreaterThan(Date.now() + 59 * MINUTE);

    const early = failure(await offer(id, [people.Oli!]));
    expect([early.status, early.formError]).toEqual([409, "Oli Prefs can no longer take it. Here is who can, as it stands now."]);
    const blocked = failure(await offer(id, [people.Bea!]));
    expect(blocked.status).toBe(409);
    expect(await backendFor().offers.forAppointment(id)).toEqual([]);

    const first = await redirected(await offer(id, [people.Pat!]));
    expect(first.toast?.message).toBe("Offered to 1 interpreter.");
    expect((await backendFor().offers.forAppointment(id)).map((made) => made.interpreter.id)).toEqual([people.Pat]);
  });

  it("59 minutes after booking the others still wait; at 60 they can be offered it too (preferred first) — never the blocked one", async () => {
    const id = await book(clinicEmail, 7);
    await bookedAgo(id, 59);
    expect(onlySeeded((await shown(id)).eligible)).toEqual(["Pat"]);
    expect(failure(await offer(id, [people.Oli!])).status).toBe(409);

    await bookedAgo(id, 60);
    const after = await shown(id);
    expect(after.preferredUntil).toBeNull();
    expect(onlySeeded(after.eligible)).toEqual(["Pat", "Oli"]);
    expect(names(after.eligible)[0]).toBe("Pat");
    expect(names([...after.eligible, ...after.ineligible])).not.toContain("Bea");
    expect(failure(await offer(id, [people.Bea!])).status).toBe(409);
    const answer = await redirected(await offer(id, [people.Pat!, people.Oli!]));
    expect(answer.toast?.message).toBe("Offered to 2 interpreters.");
  });

  it("no window when no preferred interpreter can take it: Pat is booked elsewhere, so the others are offered at once", async () => {
    const busy = await book("someone@example.com", 14);
    await env.DB.prepare("UPDATE appointments SET status = 'confirmed', interpreter_id = ? WHERE id = ?").bind(people.Pat, busy).run();
    const id = await book(clinicEmail, 14);
    const eligibility = await shown(id);
    expect(eligibility.preferredUntil).toBeNull();
    expect(onlySeeded(eligibility.eligible)).toEqual(["Oli"]);
    expect(eligibility.ineligible.find((person) => person.id === people.Pat)!.reasons).toEqual(["busy"]);
  });
});

describe("other organisations' stances", () => {
  it("a walk-in's appointment has no window and nobody blocked; Firm B's block does not reach it", async () => {
    const id = await book("walk.in@example.com", 21);
    const eligibility = await shown(id);
    expect(eligibility.preferredUntil).toBeNull();
    expect(onlySeeded(eligibility.eligible)).toEqual(["Bea", "Oli", "Pat"]);
    expect(eligibility.eligible.every((person) => !person.preferred)).toBe(true);
  });
});

describe("the window's setting (PREFERRED_OFFER_WINDOW_MINUTES)", () => {
  it("60 minutes when unset; whole minutes from 0 (no window) to a week; anything else stops the worker, naming the key", () => {
    const configWith = (value: string) => readConfig({ ...env, PREFERRED_OFFER_WINDOW_MINUTES: value } as Env);
    expect(readConfig({ ...env }).preferredOfferWindowMinutes).toBe(60);
    expect(configWith("0").preferredOfferWindowMinutes).toBe(0);
    expect(configWith(" 90 ").preferredOfferWindowMinutes).toBe(90);
    expect(configWith("10080").preferredOfferWindowMinutes).toBe(10_080);
    for (const wrong of ["10081", "-5", "1.5", "an hour", "1e2"]) {
      expect(() => configWith(wrong), wrong).toThrow("Invalid configuration: PREFERRED_OFFER_WINDOW_MINUTES must be whole minutes from 0 to 10080");
    }
  });
});
