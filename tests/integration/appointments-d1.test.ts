// Appointments on D1 (issue 25; docs/decisions/0030): a booking through the port, and the database's own refusal of a
// double booking — writes made straight to the table, bypassing every check of the app, are refused by its triggers.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Backend } from "~/backend/d1/index.server";
import { blockedBy } from "~/domain/appointment-times";
import type { NewAppointment } from "~/domain/appointments";
import { count, idOf, languageId, seed } from "./helpers";

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);
const backend = () => createD1Backend({ env, request: new Request("http://127.0.0.1/"), sessionSecret: "s".repeat(32) });
let tokens = 0;
const tokenHash = () => (tokens++).toString(16).padStart(64, "0");

let spanish = 0;
let interpreter = "";
let other = "";

async function book(start: string, minutes: number, mode: NewAppointment["mode"] = "video"): Promise<number> {
  const startsAt = at(start);
  const { from, to } = blockedBy({ start: startsAt, minutes, mode });
  const booking: NewAppointment = {
    contact: { name: "Ana Ruiz", email: "Ana.Ruiz@Example.com", phone: "+1 303 555 0100", organisation: "Clinic" },
    languageId: spanish,
    mode,
    setting: "medical",
    startsAt,
    minutes,
    blockedFrom: from,
    blockedTo: to,
    address: mode === "on_site" ? "1 Main St, Denver" : "",
    callNumber: "",
    notes: "",
    genderPreference: null,
    locale: "en",
    tokenHash: tokenHash(),
    tokenSealed: "sealed",
  };
  const created = await backend().appointments.request(booking, Date.now());
  if (!created.ok) throw new Error(created.reason);
  return created.id;
}

/** Straight to the table: what a bug, a console or another program could write. */
const confirmDirectly = (id: number, who: string) =>
  env.DB.prepare("UPDATE appointments SET status = 'confirmed', interpreter_id = ? WHERE id = ?").bind(who, id).run();

beforeAll(async () => {
  await seed();
  spanish = await languageId("Spanish");
  interpreter = await idOf("interpreter@example.com");
  other = await idOf("linh.tran@example.com");
});

describe("a booking on D1", () => {
  it("is stored with its customer found by lower-cased e-mail, and read back by id and by its link", async () => {
    const id = await book("2027-03-09T17:00:00Z", 120, "on_site");
    const stored = await backend().appointments.get(id);
    expect(stored).toMatchObject({ status: "requested", version: 1, language: "Spanish", mode: "on_site", minutes: 120, startsAt: at("2027-03-09T17:00:00Z") });
    expect(stored!.contact.email).toBe("ana.ruiz@example.com");
    expect(stored!.blockedTo - stored!.blockedFrom).toBe(3 * HOUR);
    expect(await count("SELECT COUNT(*) AS n FROM customers WHERE email = 'ana.ruiz@example.com'")).toBe(1);
    await book("2027-03-10T17:00:00Z", 60);
    expect(await count("SELECT COUNT(*) AS n FROM customers WHERE email = 'ana.ruiz@example.com'")).toBe(1);
  });

  it("refuses an unknown language and stores nothing", async () => {
    const before = await count("SELECT COUNT(*) AS n FROM appointments");
    spanish += 1000;
    await expect(book("2027-03-11T17:00:00Z", 60)).rejects.toThrow("unknown-language");
    spanish -= 1000;
    expect(await count("SELECT COUNT(*) AS n FROM appointments")).toBe(before);
  });
});

describe("the database refuses a double booking on its own", () => {
  it("a second confirmed appointment of the same interpreter at an overlapping time, by UPDATE or INSERT", async () => {
    const first = await book("2027-04-06T16:00:00Z", 120);
    const second = await book("2027-04-06T17:00:00Z", 60);
    await confirmDirectly(first, interpreter);
    await expect(confirmDirectly(second, interpreter)).rejects.toThrow(/appointments_no_double_booking/);
    expect(await count("SELECT COUNT(*) AS n FROM appointments WHERE id = ? AND status = 'requested'", second)).toBe(1);
    // A copy of the confirmed row under a new id (an INSERT) is refused the same way.
    await expect(
      env.DB.prepare(
        `INSERT INTO appointments (customer_id, contact_name, contact_email, language, mode, setting, starts_at, minutes, blocked_from, blocked_to,
           status, interpreter_id, token_hash, created_at, updated_at)
         SELECT customer_id, contact_name, contact_email, language, mode, setting, starts_at, minutes, blocked_from, blocked_to,
           'confirmed', interpreter_id, ?, created_at, updated_at FROM appointments WHERE id = ?`,
      )
        .bind(tokenHash(), first)
        .run(),
    ).rejects.toThrow(/appointments_no_double_booking/);
    // Another interpreter at the same time is no conflict.
    await confirmDirectly(second, other);
  });

  it("moving a confirmed appointment onto another of its interpreter's is refused too", async () => {
    const morning = await book("2027-04-13T16:00:00Z", 60);
    const afternoon = await book("2027-04-13T20:00:00Z", 60);
    await confirmDirectly(morning, interpreter);
    await confirmDirectly(afternoon, interpreter);
    await expect(
      env.DB.prepare("UPDATE appointments SET starts_at = ?, blocked_from = ?, blocked_to = ? WHERE id = ?")
        .bind(at("2027-04-13T16:30:00Z"), at("2027-04-13T16:30:00Z"), at("2027-04-13T17:30:00Z"), afternoon)
        .run(),
    ).rejects.toThrow(/appointments_no_double_booking/);
  });

  it("back-to-back remote work fits; on-site work keeps its travel buffer either side", async () => {
    const video = await book("2027-04-20T16:00:00Z", 60);
    const next = await book("2027-04-20T17:00:00Z", 60);
    await confirmDirectly(video, interpreter);
    await confirmDirectly(next, interpreter);
    // On site from 19:00 blocks 18:30–20:30: a video call at 18:15–18:45 overlaps the travel buffer.
    const onSite = await book("2027-04-20T19:00:00Z", 60, "on_site");
    const tooClose = await book("2027-04-20T18:15:00Z", 30);
    await confirmDirectly(onSite, interpreter);
    await expect(confirmDirectly(tooClose, interpreter)).rejects.toThrow(/appointments_no_double_booking/);
  });

  it("a cancelled appointment frees its time", async () => {
    const first = await book("2027-04-27T16:00:00Z", 60);
    const second = await book("2027-04-27T16:00:00Z", 60);
    await confirmDirectly(first, interpreter);
    const store = backend().appointments;
    expect(await store.cancel(first, { basedOn: 2, by: "staff", reason: "x" }, Date.now())).toEqual({ ok: false, reason: "stale" });
    expect(await store.cancel(first, { basedOn: 1, by: "staff", reason: "Clinic closed" }, Date.now())).toEqual({ ok: true, version: 2 });
    await confirmDirectly(second, interpreter);
  });
});

describe("cancelling", () => {
  it("stores its e-mails only with the change that won, and refuses what cannot be cancelled", async () => {
    const id = await book("2027-05-04T16:00:00Z", 60);
    const mail = { kind: "appointment-cancelled" as const, to: "ana.ruiz@example.com", subject: "Cancelled", body: "…", orderId: null };
    const store = backend().appointments;
    expect(await store.cancel(id, { basedOn: 1, by: "customer", reason: "" }, Date.now(), [mail])).toEqual({ ok: true, version: 2 });
    expect(await store.cancel(id, { basedOn: 1, by: "customer", reason: "" }, Date.now(), [mail])).toEqual({ ok: false, reason: "stale" });
    expect(await store.cancel(id, { basedOn: 2, by: "customer", reason: "" }, Date.now(), [mail])).toEqual({ ok: false, reason: "not-cancellable" });
    expect(await store.cancel(999_999, { basedOn: 1, by: "customer", reason: "" }, Date.now(), [mail])).toEqual({ ok: false, reason: "not-found" });
    expect(await count("SELECT COUNT(*) AS n FROM mail_outbox WHERE appointment_id = ?", id)).toBe(1);
    expect(await backend().appointments.get(id)).toMatchObject({ status: "cancelled", cancelledBy: "customer", version: 2 });
  });
});
