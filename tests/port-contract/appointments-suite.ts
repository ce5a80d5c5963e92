// The port's contract for booked appointments (issue 25; docs/decisions/0030): AppointmentStore, and the e-mails stored
// with a booking or a cancellation (MailOutboxStore.forAppointment). Called from tests/port-contract/d1.test.ts and
// supabase.test.ts, so both adapters are held to the same behaviour. It needs the sample content's languages and works
// on the customers and appointments it creates itself. (That each database refuses a double booking on its own is
// tested where the tables are: tests/integration/appointments-d1.test.ts and tests/rls/appointments.test.ts.)
import { beforeAll, describe, expect, it } from "vitest";
import { blockedBy } from "~/domain/appointment-times";
import type { NewAppointment } from "~/domain/appointments";
import type { NewMail } from "~/domain/mail";
import { sha256Hex } from "~/platform/core/hash.server";
import { ORIGIN, unique, type ContractTarget } from "./target";

const HOUR = 3_600_000;
/** 2027-03-16T17:00:00.250Z: a millisecond that must survive the round trip. */
const STARTS = 1_805_216_400_250;

export function describeAppointmentsContract(target: ContractTarget) {
  const backend = () => target.backendFor(new Request(`${ORIGIN}/Dashboard/Appointments`));
  const appointments = () => backend().appointments;
  let language = { id: 0, name: "" };

  /** A booking on site from a new customer (or `email`), 2 h from STARTS (or `startsAt`), with its travel buffer. */
  async function booking(overrides: Partial<NewAppointment> & { email?: string; name?: string } = {}): Promise<NewAppointment & { token: string }> {
    const { email, name, ...rest } = overrides;
    const token = unique("token");
    const startsAt = rest.startsAt ?? STARTS;
    const minutes = rest.minutes ?? 120;
    const mode = rest.mode ?? "on_site";
    const { from, to } = blockedBy({ start: startsAt, minutes, mode });
    return {
      contact: { name: name ?? "Ana Ruiz", email: email ?? `${unique("ana")}@Example.com`, phone: "+1 303 555 0100", organisation: "Clinic" },
      languageId: language.id,
      mode,
      setting: "medical",
      startsAt,
      minutes,
      blockedFrom: from,
      blockedTo: to,
      address: "1 Main St, Denver",
      callNumber: "",
      notes: "Room 4",
      genderPreference: "female",
      locale: "en",
      tokenHash: await sha256Hex(token),
      tokenSealed: `sealed:${token}`,
      ...rest,
      token,
    };
  }

  async function book(appointment: NewAppointment, now = Date.now(), mails?: (id: number) => NewMail[]) {
    const answer = await appointments().request(appointment, now, mails);
    if (!answer.ok) throw new Error(`not booked: ${answer.reason}`);
    return answer.id;
  }

  const mail = (subject: string, to = "ana@example.com"): NewMail => ({ kind: "appointment-cancelled", to, subject, body: "Body", orderId: null });

  describe(`appointments — ${target.name} adapter`, () => {
    beforeAll(async () => {
      await target.prepare();
      const languages = await backend().languages.list();
      language = languages[1]!;
      expect(language.id).toBeGreaterThan(0);
    });

    it("a booking is stored (requested, version 1) with every field and read back by id and by its link", async () => {
      const now = Date.now();
      const appointment = await booking();
      const id = await book(appointment, now);
      const stored = await appointments().get(id);
      expect(stored).toEqual({
        id,
        status: "requested",
        version: 1,
        customerId: expect.any(Number),
        contact: { name: "Ana Ruiz", email: appointment.contact.email.toLowerCase(), phone: "+1 303 555 0100", organisation: "Clinic" },
        languageId: language.id,
        language: language.name,
        mode: "on_site",
        setting: "medical",
        startsAt: STARTS,
        minutes: 120,
        blockedFrom: STARTS - HOUR / 2,
        blockedTo: STARTS + 2.5 * HOUR,
        address: "1 Main St, Denver",
        callNumber: "",
        notes: "Room 4",
        genderPreference: "female",
        locale: "en",
        interpreter: null,
        cancelReason: "",
        cancelledAt: null,
        cancelledBy: null,
        tokenSealed: appointment.tokenSealed,
        createdAt: now,
        updatedAt: now,
      });
      expect(await appointments().byTokenHash(appointment.tokenHash)).toEqual(stored);
      expect(await appointments().byTokenHash(await sha256Hex(unique("unknown")))).toBeNull();
      expect(await appointments().get(id + 10_000)).toBeNull();
    });

    it("finds the customer again by e-mail whatever its case; each booking keeps the details typed for it", async () => {
      const email = `${unique("rui")}@Example.com`;
      const first = await appointments().get(await book(await booking({ email })));
      const second = await appointments().get(
        await book(await booking({ email: email.toUpperCase(), name: "Ana R.", mode: "video", startsAt: STARTS + 24 * HOUR, genderPreference: null })),
      );
      expect(second!.customerId).toBe(first!.customerId);
      expect([first!.contact.name, second!.contact.name]).toEqual(["Ana Ruiz", "Ana R."]);
      expect(second!.contact.email).toBe(email.toLowerCase());
      expect(second).toMatchObject({ mode: "video", genderPreference: null, blockedFrom: STARTS + 24 * HOUR, blockedTo: STARTS + 26 * HOUR });
      const customers = await backend().orders.customers({ search: email.toLowerCase(), page: 1 });
      expect(customers.items.map((customer) => [customer.id, customer.name])).toEqual([[first!.customerId, "Ana Ruiz"]]);
    });

    it("an unknown language is refused, storing nothing: no customer, no appointment, no e-mail", async () => {
      const email = `${unique("nobody")}@example.com`;
      const given: number[] = [];
      const answer = await appointments().request(await booking({ email, languageId: language.id + 100_000 }), Date.now(), (id) => {
        given.push(id);
        return [mail("never", email)];
      });
      expect(answer).toEqual({ ok: false, reason: "unknown-language" });
      for (const id of given) {
        expect(await appointments().get(id)).toBeNull();
        expect(await backend().mail.forAppointment(id)).toEqual([]);
      }
      expect((await backend().orders.customers({ search: email, page: 1 })).items).toEqual([]);
    });

    it("a booking whose blocked span does not cover its time is refused by the database", async () => {
      const bad = await booking({ blockedFrom: STARTS + HOUR, blockedTo: STARTS + 3 * HOUR });
      await expect(appointments().request(bad, Date.now())).rejects.toThrow();
      expect(await appointments().byTokenHash(bad.tokenHash)).toBeNull();
    });

    it("a booking's e-mails are stored with it, written for its id", async () => {
      const id = await book(await booking(), Date.now(), (id) => [
        { kind: "appointment-received", to: "ana@example.com", subject: `A-${id}`, body: "Your link", orderId: null, appointmentId: id },
        { kind: "appointment-new-for-staff", to: "office@example.com", subject: `New booking A-${id}`, body: "From Ana", orderId: null, appointmentId: id },
      ]);
      const mails = await backend().mail.forAppointment(id);
      expect(mails.map((item) => [item.kind, item.to, item.subject, item.status, item.appointmentId, item.orderId])).toEqual([
        ["appointment-new-for-staff", "office@example.com", `New booking A-${id}`, "pending", id, null],
        ["appointment-received", "ana@example.com", `A-${id}`, "pending", id, null],
      ]);
    });

    it("a cancellation is a compare-and-set on the version; its e-mails are stored only with the change that wins", async () => {
      const id = await book(await booking());
      const now = Date.now() + 1_000;
      const cancel = (basedOn: number, subject: string, by: "customer" | "staff" = "staff") =>
        appointments().cancel(id, { basedOn, by, reason: by === "staff" ? "No interpreter free" : "" }, now, [mail(subject)]);
      expect(await cancel(2, "stale")).toEqual({ ok: false, reason: "stale" });
      expect(await appointments().cancel(id + 10_000, { basedOn: 1, by: "staff", reason: "" }, now, [mail("nobody")])).toEqual({
        ok: false,
        reason: "not-found",
      });
      expect(await cancel(1, "Cancelled")).toEqual({ ok: true, version: 2 });
      expect(await appointments().get(id)).toMatchObject({
        status: "cancelled",
        version: 2,
        cancelledBy: "staff",
        cancelReason: "No interpreter free",
        cancelledAt: now,
        updatedAt: now,
      });
      // The version it has now, but cancelled already; the version it had, stale.
      expect(await cancel(2, "again", "customer")).toEqual({ ok: false, reason: "not-cancellable" });
      expect(await cancel(1, "late")).toEqual({ ok: false, reason: "stale" });
      expect((await backend().mail.forAppointment(id)).map((item) => [item.subject, item.appointmentId])).toEqual([["Cancelled", id]]);
      expect(await appointments().get(id)).toMatchObject({ status: "cancelled", version: 2, cancelledBy: "staff" });
    });
  });
}
